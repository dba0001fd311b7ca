/**
 * The version the browser compares against its own to know when to reload (spec 4). The host build
 * writes `build-info.json` ({"version": "…"}) beside its index.html; a redeploy changes it without a
 * server restart, so it is re-read, at most every 30 seconds. Without a built host the server's own
 * package version stands in.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export const VERSION_CACHE_MS = 30_000;

export class VersionService {
  private cached: { version: string; readAt: number } | null = null;

  constructor(
    private readonly webRoot: string,
    private readonly fallbackVersion: string,
    private readonly now: () => number = Date.now,
  ) {}

  async current(): Promise<string> {
    const now = this.now();
    if (this.cached && now - this.cached.readAt < VERSION_CACHE_MS) return this.cached.version;
    const version = (await this.readBuildInfo()) ?? this.fallbackVersion;
    this.cached = { version, readAt: now };
    return version;
  }

  private async readBuildInfo(): Promise<string | null> {
    try {
      const info: unknown = JSON.parse(await readFile(join(this.webRoot, 'host', 'dist', 'build-info.json'), 'utf8'));
      const version = (info as { version?: unknown } | null)?.version;
      return typeof version === 'string' && version.length > 0 ? version : null;
    } catch {
      return null;
    }
  }
}

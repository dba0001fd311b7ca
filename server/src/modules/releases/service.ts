/**
 * The server's side of releases: serves the current remotes.json (re-read when the file changes, so a
 * release needs no restart), counts loads and failures per remote version, keeps them in health.json
 * for the release tool, and rolls back a canary whose failures pass the share it was published with.
 */
import { chooseTarget, federationNameOf, type RemotesManifest } from '@negayno/shared/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ReleaseFiles } from './files.js';
import { healthKey, recordError, recordLoad, shouldRollBack, type HealthBook } from './health.js';
import { ReleaseRefused, rollback } from './manifest.js';

/** health.json is written at most this often: a burst of loads is one write. */
const HEALTH_WRITE_DELAY_MS = 1000;

export const AUTO_ROLLBACK_ACTOR = 'server (automatic rollback)';

export class ReleaseService {
  private cached: { stamp: string; manifest: RemotesManifest } | null = null;
  private health: Promise<HealthBook> | null = null;
  private healthTimer: NodeJS.Timeout | null = null;
  private rollingBack: Promise<void> = Promise.resolve();

  constructor(
    private readonly files: ReleaseFiles,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A stat per call: cheap, and a change from the release tool is served by the next request. */
  async manifest(): Promise<RemotesManifest> {
    const stamp = await this.files.manifestStamp();
    if (this.cached?.stamp !== stamp) {
      const manifest = await this.files.readManifest();
      if (this.cached) this.log.info({ remotes: summary(manifest) }, 'remotes.json changed');
      this.cached = { stamp, manifest };
    }
    return this.cached.manifest;
  }

  /**
   * A request for a remoteEntry.js: a load of that version when it is the one the signed-in user is
   * served (their side of a canary). A signed-out request, or one for the other side, counts nothing.
   */
  async recordLoad(path: string, userId: number | null): Promise<void> {
    if (userId === null) return;
    for (const [remote, descriptor] of Object.entries(await this.manifest())) {
      const target = chooseTarget(remote, descriptor, userId);
      if (target.entry !== path) continue;
      if (recordLoad(await this.book(), healthKey(remote, target.version), userId)) this.scheduleHealthWrite();
      return;
    }
  }

  /**
   * A browser's failure report tagged `mf-board@0.1.0-3f9a1c2b7d`: counted when a signed-in user
   * reports the version they are served, so made-up labels never become entries of health.json.
   */
  async recordError(label: string, code: string, userId: number | null): Promise<void> {
    if (userId === null) return;
    const at = label.indexOf('@');
    const remote = federationNameOf(label.slice(0, at));
    const version = label.slice(at + 1);
    const descriptor = (await this.manifest())[remote];
    if (!descriptor || chooseTarget(remote, descriptor, userId).version !== version) return;
    const health = recordError(await this.book(), healthKey(remote, version), userId, { code, at: this.now().toISOString() });
    if (!health) return;
    this.scheduleHealthWrite();
    const canary = descriptor.canary;
    if (canary?.version === version && canary.autoRollback && shouldRollBack(health, canary.autoRollback)) {
      const reason = `${health.errors} failures in ${health.loads} loads`;
      this.rollingBack = this.rollingBack.then(() => this.rollBack(remote, version, reason));
      await this.rollingBack;
    }
  }

  async flush(): Promise<void> {
    if (this.healthTimer) clearTimeout(this.healthTimer);
    this.healthTimer = null;
    if (this.health) await this.files.writeHealth(await this.health);
  }

  private async rollBack(remote: string, version: string, reason: string): Promise<void> {
    const manifest = await this.files.readManifest();
    // Another report got here first, or the operator acted meanwhile.
    if (manifest[remote]?.canary?.version !== version) return;
    try {
      const step = rollback(manifest, remote, { at: this.now().toISOString(), by: AUTO_ROLLBACK_ACTOR }, reason);
      await this.files.writeManifest(step.manifest);
      await this.files.appendLog(step.entry);
      this.log.warn({ remote, version, reason }, 'canary rolled back automatically');
    } catch (error) {
      if (!(error instanceof ReleaseRefused)) throw error;
    }
  }

  /** Read once, then kept here: concurrent first reports share the one read. */
  private book(): Promise<HealthBook> {
    this.health ??= this.files.readHealth();
    return this.health;
  }

  private scheduleHealthWrite(): void {
    if (this.healthTimer) return;
    this.healthTimer = setTimeout(() => {
      this.healthTimer = null;
      this.flush().catch((error: unknown) => this.log.error({ err: error }, 'could not write release health'));
    }, HEALTH_WRITE_DELAY_MS);
    this.healthTimer.unref();
  }
}

function summary(manifest: RemotesManifest): Record<string, string> {
  return Object.fromEntries(
    Object.entries(manifest).map(([remote, d]) => [remote, d.canary ? `${d.version} (canary ${d.canary.version} ${d.canary.percentage}%)` : d.version]),
  );
}

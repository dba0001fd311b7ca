/**
 * The release state on disk, in the releases folder (RELEASES_DIR, `<DATA_DIR>/releases` by default):
 * `remotes.json` (what is served; without it the host build's own), `<remote>/<version>/` (published
 * builds, served at `/remotes/<remote>/<version>/`), `log.jsonl` (every change, who and when) and
 * `health.json` (loads and failures per version, written by the server). The release tool and the
 * server share nothing else, so the tool works whether the server runs or not.
 */
import { existsSync } from 'node:fs';
import { appendFile, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { remotePackageOf, type RemotesManifest } from '@negayno/shared/contract';
import type { HealthBook } from './health.js';
import type { ReleaseLogEntry } from './manifest.js';
import { checkedVersion, pathInside } from './paths.js';

export const REMOTES_URL_PREFIX = '/remotes/';

export class ReleaseFiles {
  constructor(
    readonly dir: string,
    private readonly webRoot: string,
  ) {}

  get manifestFile(): string {
    return join(this.dir, 'remotes.json');
  }

  private get baseManifestFile(): string {
    return join(this.webRoot, 'host', 'dist', 'remotes.json');
  }

  /** Which file is served and when it last changed: the server re-reads it when this changes. */
  async manifestStamp(): Promise<string> {
    for (const file of [this.manifestFile, this.baseManifestFile]) {
      const info = await stat(file).catch(() => null);
      if (info) return `${file}:${info.mtimeMs}:${info.size}`;
    }
    return 'none';
  }

  async readManifest(): Promise<RemotesManifest> {
    for (const file of [this.manifestFile, this.baseManifestFile]) {
      const text = await readFile(file, 'utf8').catch(() => null);
      if (text !== null) return JSON.parse(text) as RemotesManifest;
    }
    return {};
  }

  /** Written beside and renamed into place, so the server never reads half a file. */
  async writeManifest(manifest: RemotesManifest): Promise<void> {
    await this.writeAtomically(this.manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  }

  async appendLog(entry: ReleaseLogEntry): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await appendFile(join(this.dir, 'log.jsonl'), `${JSON.stringify(entry)}\n`);
  }

  async readLog(): Promise<ReleaseLogEntry[]> {
    const text = await readFile(join(this.dir, 'log.jsonl'), 'utf8').catch(() => '');
    return text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as ReleaseLogEntry);
  }

  async readHealth(): Promise<HealthBook> {
    const text = await readFile(join(this.dir, 'health.json'), 'utf8').catch(() => null);
    return text === null ? {} : (JSON.parse(text) as HealthBook);
  }

  async writeHealth(book: HealthBook): Promise<void> {
    await this.writeAtomically(join(this.dir, 'health.json'), `${JSON.stringify(book, null, 2)}\n`);
  }

  /** Where a published version of a remote lives (`mf_board`, `0.1.0-3f9a1c2b7d`). */
  versionDir(remote: string, version: string): string {
    return pathInside(this.dir, remotePackageOf(remote), checkedVersion(version));
  }

  /** Published builds of a remote are served from here, after the build in `<remote>/dist`. */
  remoteRoot(remotePackage: string): string {
    return pathInside(this.dir, remotePackage);
  }

  entryOf(remote: string, version: string): string {
    return `${REMOTES_URL_PREFIX}${remotePackageOf(remote)}/${checkedVersion(version)}/remoteEntry.js`;
  }

  /** The folder on disk an entry URL is served from: the host build's remote, or a published version. */
  folderOfEntry(entry: string): string | null {
    if (!entry.startsWith(REMOTES_URL_PREFIX) || !entry.endsWith('/remoteEntry.js')) return null;
    const [remotePackage, ...rest] = entry.slice(REMOTES_URL_PREFIX.length, -'/remoteEntry.js'.length).split('/');
    if (!remotePackage || [remotePackage, ...rest].some((segment) => segment === '..' || segment === '.' || segment === '')) return null;
    const built = join(this.webRoot, remotePackage, 'dist', ...rest);
    if (existsSync(join(built, 'remoteEntry.js'))) return built;
    const published = join(this.remoteRoot(remotePackage), ...rest);
    return existsSync(join(published, 'remoteEntry.js')) ? published : null;
  }

  private async writeAtomically(file: string, text: string): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, text);
    await rename(temporary, file);
  }
}

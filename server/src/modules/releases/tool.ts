/**
 * The release tool's commands (`npm run remote -- <command>`), on the release files only: they work
 * whether the server runs or not, and the server serves the result on its next request.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { federationNameOf, REMOTE_PACKAGES, type AutoRollback, type RemotesManifest } from '@negayno/shared/contract';
import { checkCompatibility, type BuildOnPage, type FederationManifest } from './compat.js';
import type { ReleaseFiles } from './files.js';
import { errorRate, healthKey } from './health.js';
import { checkedVersion } from './paths.js';
import { promote, publishCanary, ReleaseRefused, rollback, servedTargets, type Actor, type Step } from './manifest.js';

/** `mf-board` or `mf_board` → `mf_board`, refusing a name the suite does not have. */
export function remoteNamed(name: string): string {
  const federationName = federationNameOf(name);
  if (!REMOTE_PACKAGES.map(federationNameOf).includes(federationName))
    throw new ReleaseRefused(`unknown remote ${name} (remotes: ${REMOTE_PACKAGES.join(', ')})`);
  return federationName;
}

function* filesOf(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) yield* filesOf(join(dir, entry.name));
    else yield join(dir, entry.name);
  }
}

/** A build's version: its package version and a hash of every file it holds (`0.1.0-3f9a1c2b7d`). */
export function buildVersion(dist: string, packageVersion: string): string {
  const hash = createHash('sha256');
  for (const file of [...filesOf(dist)].sort()) {
    hash.update(relative(dist, file));
    hash.update(readFileSync(file));
  }
  return `${packageVersion}-${hash.digest('hex').slice(0, 10)}`;
}

export function readFederationManifest(folder: string): FederationManifest {
  const file = join(folder, 'mf-manifest.json');
  if (!existsSync(file)) throw new ReleaseRefused(`${folder} has no mf-manifest.json: is it a remote's build?`);
  return JSON.parse(readFileSync(file, 'utf8')) as FederationManifest;
}

export class ReleaseTool {
  constructor(
    private readonly files: ReleaseFiles,
    private readonly webRoot: string,
    private readonly actor: () => Actor,
  ) {}

  /** Checks the build against the page it joins, copies it to its version folder and starts its canary. */
  async publish(name: string, dist: string, options: { percentage: number; autoRollback?: AutoRollback }): Promise<Step & { problems: string[] }> {
    const remote = remoteNamed(name);
    if (!existsSync(join(dist, 'remoteEntry.js'))) throw new ReleaseRefused(`${dist} has no remoteEntry.js`);
    const candidate = readFederationManifest(dist);
    const packageVersion = (candidate as { metaData?: { buildInfo?: { buildVersion?: string } } }).metaData?.buildInfo?.buildVersion ?? '0.0.0';
    // A build names its own version: one with `../` would be copied outside the releases folder.
    const version = checkedVersion(buildVersion(dist, packageVersion));
    const manifest = await this.files.readManifest();

    const problems = this.compatibilityProblems(remote, { label: `${remote}@${version}`, manifest: candidate }, manifest);
    if (problems.length > 0) throw new ReleaseRefused(`${remote}@${version} does not fit the page:\n  - ${problems.join('\n  - ')}`);

    const folder = this.files.versionDir(remote, version);
    if (!existsSync(folder)) cpSync(dist, folder, { recursive: true });
    const step = publishCanary(manifest, remote, { entry: this.files.entryOf(remote, version), version }, options, this.actor());
    await this.commit(step);
    return { ...step, problems };
  }

  async promote(name: string): Promise<Step> {
    const step = promote(await this.files.readManifest(), remoteNamed(name), this.actor());
    await this.commit(step);
    return step;
  }

  async rollback(name: string): Promise<Step> {
    const step = rollback(await this.files.readManifest(), remoteNamed(name), this.actor());
    await this.commit(step);
    return step;
  }

  /** Deletes a published version no remotes.json entry serves any more (a page that loaded it must have been reloaded). */
  async remove(name: string, version: string): Promise<void> {
    const remote = remoteNamed(name);
    const descriptor = (await this.files.readManifest())[remote];
    const kept = [descriptor, descriptor?.canary, ...(descriptor?.previous ?? [])].some((target) => target?.version === version);
    if (kept) throw new ReleaseRefused(`${remote}@${version} is still served or kept for rollback`);
    const folder = this.files.versionDir(remote, version);
    if (!existsSync(folder)) throw new ReleaseRefused(`${remote}@${version} is not published`);
    rmSync(folder, { recursive: true, force: true });
  }

  /** Per remote: stable and canary versions, the canary share, the last change, loads and failures per version. */
  async status(): Promise<RemoteStatus[]> {
    const manifest = await this.files.readManifest();
    const health = await this.files.readHealth();
    const healthOf = (remote: string, version: string) => {
      const entry = health[healthKey(remote, version)] ?? { loads: 0, errors: 0 };
      return { loads: entry.loads, errors: entry.errors, errorRate: errorRate(entry) };
    };
    return Object.entries(manifest).map(([remote, descriptor]) => ({
      remote,
      stable: { version: descriptor.version, ...healthOf(remote, descriptor.version) },
      canary: descriptor.canary
        ? { version: descriptor.canary.version, percentage: descriptor.canary.percentage, ...healthOf(remote, descriptor.canary.version) }
        : null,
      changedAt: descriptor.changedAt ?? null,
      changedBy: descriptor.changedBy ?? null,
    }));
  }

  private compatibilityProblems(remote: string, candidate: BuildOnPage, manifest: RemotesManifest): string[] {
    const hostFolder = join(this.webRoot, 'host', 'dist');
    const host = { label: 'host', manifest: readFederationManifest(hostFolder) };
    const others: BuildOnPage[] = [];
    let stable: FederationManifest | null = null;
    for (const served of servedTargets(manifest)) {
      const folder = this.files.folderOfEntry(served.target.entry);
      if (!folder || !existsSync(join(folder, 'mf-manifest.json'))) continue;
      const built = readFederationManifest(folder);
      if (served.remote !== remote) others.push({ label: `${served.remote}@${served.target.version}`, manifest: built });
      else if (!served.canary) stable = built;
    }
    return checkCompatibility(candidate, { remote, host, others, stable });
  }

  private async commit(step: Step): Promise<void> {
    await this.files.writeManifest(step.manifest);
    await this.files.appendLog(step.entry);
  }
}

export interface VersionStatus {
  version: string;
  loads: number;
  errors: number;
  errorRate: number;
}

export interface RemoteStatus {
  remote: string;
  stable: VersionStatus;
  canary: (VersionStatus & { percentage: number }) | null;
  changedAt: string | null;
  changedBy: string | null;
}

/**
 * The remotes of the suite, by package folder. The one list: the host, the builds, the scripts, the
 * test runner and the server's static serving all read `remotes.json` (plain JSON, so CommonJS
 * configs and scripts read it too). A remote's federation name is its folder with underscores.
 */
import remotes from './remotes.json' with { type: 'json' };

export const REMOTE_PACKAGES: readonly string[] = remotes;

/** `mf_task_chat` (the name Module Federation and the host's remotes.json know it by) → `mf-task-chat`. */
export function remotePackageOf(federationName: string): string {
  return federationName.replace(/_/g, '-');
}

/** `mf-task-chat` → `mf_task_chat`. */
export function federationNameOf(remotePackage: string): string {
  return remotePackage.replace(/-/g, '_');
}

/**
 * The served `/remotes.json` (the release tool writes it, the host reads it at run time):
 * `{ "mf_board": { "entry": "/remotes/mf-board/remoteEntry.js", "version": "0.1.0", "canary": {…} } }`.
 */
export interface RemoteTarget {
  entry: string;
  version: string;
}

/** The server rolls a canary back by itself when its error share reaches `errorRate` over at least `minLoads` loads. */
export interface AutoRollback {
  errorRate: number;
  minLoads: number;
}

/** A staged rollout: a stable share of signed-in users (by a hash of their id) loads this entry. */
export interface CanaryTarget extends RemoteTarget {
  percentage: number;
  autoRollback?: AutoRollback;
}

export interface RemoteDescriptor extends RemoteTarget {
  canary?: CanaryTarget;
  /** Former stable versions, newest first: what `rollback` returns to. */
  previous?: RemoteTarget[];
  /** ISO time and author of the last change (the full history is the release log). */
  changedAt?: string;
  changedBy?: string;
}

export type RemotesManifest = Record<string, RemoteDescriptor>;

/** What a browser reports in the log beacon for a failure of one remote version: `mf-board@0.1.0-3f9a1c2b7d`. */
export function remoteVersionLabel(remotePackage: string, version: string): string {
  return `${remotePackage}@${version}`;
}

/**
 * FNV-1a: a small stable hash, so a user stays on the same side of a rollout across reloads. The host
 * puts a user in the canary of a remote when the bucket of `<remote>:<user id>` is below its percentage.
 */
export function stableBucket(key: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 100;
}

/**
 * The entry a user loads: the canary for `percentage`% of signed-in users, else the stable one. The
 * host loads by it; the server counts a version's loads and failures only from the users it serves.
 */
export function chooseTarget(name: string, descriptor: RemoteDescriptor, userId: number | null): RemoteTarget & { canary: boolean } {
  const canary = descriptor.canary;
  if (canary && userId !== null && stableBucket(`${name}:${userId}`) < canary.percentage) {
    return { entry: canary.entry, version: canary.version, canary: true };
  }
  return { entry: descriptor.entry, version: descriptor.version, canary: false };
}

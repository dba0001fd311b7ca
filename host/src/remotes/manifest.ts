/**
 * remotes.json, read at run time: `{ "mf_board": { "entry": "/remotes/mf-board/remoteEntry.js",
 * "version": "0.1.0", "canary": { "entry": "…", "version": "…", "percentage": 10 } } }`.
 * A canary is a staged rollout: a stable share of users (by a hash of their id) gets its entry.
 */
export interface RemoteTarget {
  entry: string;
  version: string;
}

export interface RemoteDescriptor extends RemoteTarget {
  canary?: RemoteTarget & { percentage: number };
}

export type RemotesManifest = Record<string, RemoteDescriptor>;

export async function fetchManifest(url = '/remotes.json'): Promise<RemotesManifest> {
  const response = await fetch(url, { cache: 'no-cache', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
  return (await response.json()) as RemotesManifest;
}

/** FNV-1a: a small stable hash, so a user stays on the same side of a rollout across reloads. */
export function stableBucket(key: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 100;
}

/** The entry this user loads: the canary for `percentage`% of signed-in users, else the stable one. */
export function chooseTarget(name: string, descriptor: RemoteDescriptor, userId: number | null): RemoteTarget & { canary: boolean } {
  const canary = descriptor.canary;
  if (canary && userId !== null && stableBucket(`${name}:${userId}`) < canary.percentage) {
    return { entry: canary.entry, version: canary.version, canary: true };
  }
  return { entry: descriptor.entry, version: descriptor.version, canary: false };
}

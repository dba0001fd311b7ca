/**
 * remotes.json, read at run time (its shape is the contract's `RemotesManifest`; the release tool,
 * `npm run remote`, writes it). A canary is a staged rollout: a stable share of users (by a hash of
 * their id) gets its entry.
 */
import { stableBucket, type RemoteDescriptor, type RemotesManifest, type RemoteTarget } from '@negayno/shared/contract';

export { stableBucket };
export type { RemoteDescriptor, RemotesManifest, RemoteTarget };

export async function fetchManifest(url = '/remotes.json'): Promise<RemotesManifest> {
  const response = await fetch(url, { cache: 'no-cache', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
  return (await response.json()) as RemotesManifest;
}

/** The entry this user loads: the canary for `percentage`% of signed-in users, else the stable one. */
export function chooseTarget(name: string, descriptor: RemoteDescriptor, userId: number | null): RemoteTarget & { canary: boolean } {
  const canary = descriptor.canary;
  if (canary && userId !== null && stableBucket(`${name}:${userId}`) < canary.percentage) {
    return { entry: canary.entry, version: canary.version, canary: true };
  }
  return { entry: descriptor.entry, version: descriptor.version, canary: false };
}

/**
 * remotes.json, read at run time (its shape is the contract's `RemotesManifest`; the release tool,
 * `npm run remote`, writes it). A canary is a staged rollout: a stable share of users (by a hash of
 * their id) gets its entry.
 */
import { chooseTarget, stableBucket, type RemoteDescriptor, type RemotesManifest, type RemoteTarget } from '@negayno/shared/contract';

export { chooseTarget, stableBucket };
export type { RemoteDescriptor, RemotesManifest, RemoteTarget };

export async function fetchManifest(url = '/remotes.json'): Promise<RemotesManifest> {
  const response = await fetch(url, { cache: 'no-cache', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
  return (await response.json()) as RemotesManifest;
}

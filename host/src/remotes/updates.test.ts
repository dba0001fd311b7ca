import type { RemotesManifest, RemoteTarget } from './manifest';
import { RemoteUpdates } from './updates';

const built = { entry: '/remotes/mf-board/remoteEntry.js', version: '0.1.0' };
const next = { entry: '/remotes/mf-board/0.1.0-aaaa/remoteEntry.js', version: '0.1.0-aaaa' };
const wallet = { entry: '/remotes/mf-wallet/remoteEntry.js', version: '0.1.0' };

function updatesFor(running: Record<string, RemoteTarget>, userId = 7) {
  return new RemoteUpdates({ inUse: () => new Map(Object.entries(running)) }, () => userId);
}

describe('the notice of a new stable version of a remote in use', () => {
  it('names a remote in use whose stable version changed, not one the page never loaded', () => {
    const updates = updatesFor({ mf_board: built });
    updates.compare({ mf_board: next, mf_wallet: { ...wallet, version: '0.2.0' } });
    expect(updates.available).toEqual(['mf_board']);
  });

  it('stays quiet while the page runs what a reload would load, or a canary the user happens to be in', () => {
    const same = updatesFor({ mf_board: built });
    same.compare({ mf_board: built });
    expect(same.available).toEqual([]);

    const withCanary: RemotesManifest = { mf_board: { ...built, canary: { ...next, percentage: 100 } } };
    const outside = updatesFor({ mf_board: built });
    outside.compare(withCanary);
    expect(outside.available).toEqual([]);
    const inside = updatesFor({ mf_board: next });
    inside.compare({ mf_board: { ...next, canary: { ...built, percentage: 100 } } });
    expect(inside.available).toEqual([]);
  });

  it('tells a user on a canary that was rolled back', () => {
    const updates = updatesFor({ mf_board: next });
    updates.compare({ mf_board: built });
    expect(updates.available).toEqual(['mf_board']);
  });
});

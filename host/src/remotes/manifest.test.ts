import { chooseTarget, stableBucket } from './manifest';

const descriptor = {
  entry: '/remotes/mf-board/remoteEntry.js',
  version: '1.0.0',
  canary: { entry: '/remotes/mf-board-next/remoteEntry.js', version: '1.1.0', percentage: 20 },
};

describe('remote manifest', () => {
  it('gives a user the same side of a canary on every load', () => {
    for (let user = 1; user < 50; user += 1) expect(chooseTarget('mf_board', descriptor, user)).toEqual(chooseTarget('mf_board', descriptor, user));
  });

  it('sends about the configured share of users to the canary', () => {
    let canary = 0;
    for (let user = 1; user <= 5000; user += 1) if (chooseTarget('mf_board', descriptor, user).canary) canary += 1;
    expect(canary / 5000).toBeGreaterThan(0.17);
    expect(canary / 5000).toBeLessThan(0.23);
  });

  it('never sends an anonymous visitor or a 0% rollout to the canary', () => {
    expect(chooseTarget('mf_board', descriptor, null).canary).toBe(false);
    const off = { ...descriptor, canary: { ...descriptor.canary, percentage: 0 } };
    for (let user = 1; user < 200; user += 1) expect(chooseTarget('mf_board', off, user).canary).toBe(false);
  });

  it('hashes into 0..99', () => {
    for (const key of ['a', 'b', 'mf_board:1', '']) {
      expect(stableBucket(key)).toBeGreaterThanOrEqual(0);
      expect(stableBucket(key)).toBeLessThan(100);
    }
  });
});

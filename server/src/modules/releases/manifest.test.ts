import type { RemotesManifest } from '@negayno/shared/contract';
import { healthKey, recordError, recordLoad, shouldRollBack, type HealthBook } from './health.js';
import { KEPT_PREVIOUS, promote, publishCanary, ReleaseRefused, rollback } from './manifest.js';

const base: RemotesManifest = {
  mf_board: { entry: '/remotes/mf-board/remoteEntry.js', version: '0.1.0' },
  mf_wallet: { entry: '/remotes/mf-wallet/remoteEntry.js', version: '0.1.0' },
};
const at = (minute: number) => ({ at: `2026-11-24T10:${String(minute).padStart(2, '0')}:00.000Z`, by: 'board-team@agency.ua' });
const target = (version: string) => ({ entry: `/remotes/mf-board/${version}/remoteEntry.js`, version });

describe('release steps on remotes.json', () => {
  it('publishes a canary for a share of users, logging who and when, and leaves the other remotes alone', () => {
    const step = publishCanary(base, 'mf_board', target('0.1.0-aaaa'), { percentage: 50 }, at(1));
    expect(step.manifest.mf_board).toEqual({
      ...base.mf_board,
      canary: { ...target('0.1.0-aaaa'), percentage: 50 },
      changedAt: at(1).at,
      changedBy: 'board-team@agency.ua',
    });
    expect(step.manifest.mf_wallet).toBe(base.mf_wallet);
    expect(step.entry).toEqual({ ...at(1), action: 'publish', remote: 'mf_board', version: '0.1.0-aaaa', percentage: 50 });
  });

  it('refuses a share outside 1..100, an unknown remote and republishing the stable version', () => {
    for (const percentage of [0, 101, 12.5]) expect(() => publishCanary(base, 'mf_board', target('x'), { percentage }, at(1))).toThrow(ReleaseRefused);
    expect(() => publishCanary(base, 'mf_chat', target('x'), { percentage: 5 }, at(1))).toThrow('mf_chat is not in remotes.json');
    expect(() => publishCanary(base, 'mf_board', { ...base.mf_board! }, { percentage: 5 }, at(1))).toThrow('already the stable version');
  });

  it('promotes the canary and rolls back to the version before it, then refuses to go further', () => {
    const published = publishCanary(base, 'mf_board', target('0.1.0-aaaa'), { percentage: 10 }, at(1)).manifest;
    const promoted = promote(published, 'mf_board', at(2));
    expect(promoted.manifest.mf_board).toMatchObject({ ...target('0.1.0-aaaa'), previous: [base.mf_board] });
    expect(promoted.manifest.mf_board?.canary).toBeUndefined();

    const back = rollback(promoted.manifest, 'mf_board', at(3));
    expect(back.manifest.mf_board).toEqual({ ...base.mf_board, changedAt: at(3).at, changedBy: 'board-team@agency.ua' });
    expect(back.entry).toMatchObject({ action: 'rollback', version: '0.1.0' });
    expect(() => rollback(back.manifest, 'mf_board', at(4))).toThrow('no earlier version');
    expect(() => promote(back.manifest, 'mf_board', at(4))).toThrow('no canary to promote');
  });

  it('rolls a running canary back by ending it, keeping the stable version', () => {
    const published = publishCanary(base, 'mf_board', target('0.1.0-bbbb'), { percentage: 10 }, at(1)).manifest;
    const step = rollback(published, 'mf_board', { at: at(2).at, by: 'server' }, '9 failures in 10 loads');
    expect(step.manifest.mf_board).toMatchObject({ ...base.mf_board });
    expect(step.manifest.mf_board?.canary).toBeUndefined();
    expect(step.entry).toMatchObject({ action: 'auto-rollback', version: '0.1.0', reason: '0.1.0-bbbb: 9 failures in 10 loads' });
  });

  it(`remembers the last ${KEPT_PREVIOUS} stable versions`, () => {
    let manifest = base;
    for (let release = 1; release <= KEPT_PREVIOUS + 2; release += 1) {
      manifest = publishCanary(manifest, 'mf_board', target(`0.1.${release}`), { percentage: 1 }, at(release)).manifest;
      manifest = promote(manifest, 'mf_board', at(release)).manifest;
    }
    expect(manifest.mf_board?.previous?.map((previous) => previous.version)).toEqual(['0.1.6', '0.1.5', '0.1.4', '0.1.3', '0.1.2']);
  });
});

describe('failures per remote version', () => {
  it('asks for a rollback once enough users’ loads failed, not before, counting each user once', () => {
    const book: HealthBook = {};
    const key = healthKey('mf_board', '0.1.0-bbbb');
    const rule = { errorRate: 0.5, minLoads: 4 };
    for (const user of [1, 2, 3, 3]) recordLoad(book, key, user);
    expect(recordError(book, key, 1, { code: 'remote_load_failed', at: at(1).at })).not.toBeNull();
    expect(recordError(book, key, 1, { code: 'remote_crash', at: at(2).at })).toBeNull();
    recordError(book, key, 2, { code: 'remote_load_failed', at: at(1).at });
    expect(shouldRollBack(book[key]!, rule)).toBe(false);
    expect(recordLoad(book, key, 4)).toBe(true);
    expect(shouldRollBack(book[key]!, rule)).toBe(true);
    expect(book[key]).toEqual({ loads: 4, errors: 2, lastError: 'remote_load_failed', lastErrorAt: at(1).at, loadedBy: [1, 2, 3, 4], failedBy: [1, 2] });
  });
});

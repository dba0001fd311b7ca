import { card, demoProfile, project } from '@negayno/shared/testing';
import { RootStore } from './root-store';
import { WorkStores } from './work';

describe('ending a session', () => {
  it('drops what the root store and every registered store hold, once, and stops after unsubscribing', () => {
    const root = new RootStore();
    const work = new WorkStores(root.session);
    root.session.user = demoProfile();
    work.projects.current = project();
    work.board.upsert(card(1, 1));
    root.ui.openWallet({ kind: 'user' });
    let drawerCleared = 0;
    const unsubscribe = root.session.onCleared(() => (drawerCleared += 1));

    root.session.clear({ signedOut: true });
    expect({ user: root.session.user, current: work.projects.current, cards: work.board.cards.size, wallet: root.ui.wallet, drawerCleared }).toEqual({
      user: null,
      current: null,
      cards: 0,
      wallet: null,
      drawerCleared: 1,
    });
    expect(root.session.endedBySignOut).toBe(true);

    unsubscribe();
    root.session.user = demoProfile();
    root.session.clear();
    expect(drawerCleared).toBe(1);
  });
});

import { SESSION_HINT_COOKIE } from '@negayno/shared/contract';
import { card, demoProfile, project, startApiServer, type ApiServer } from '@negayno/shared/testing';
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

describe('the session at page load', () => {
  let server: ApiServer;
  beforeAll(async () => {
    server = await startApiServer();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    server.routes = { 'GET /user/profile': { data: demoProfile({ id: 5 }) } };
    document.cookie = `${SESSION_HINT_COOKIE}=; max-age=0; path=/`;
  });

  it('shows a first visit signed out without asking the server: no session hint, no session', async () => {
    const root = new RootStore();
    await root.session.bootstrap();
    expect({ status: root.session.status, user: root.session.user, requests: server.requests.length }).toEqual({ status: 'ready', user: null, requests: 0 });
  });

  it('asks the server when the hint says a session exists, and takes its answer', async () => {
    document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
    const root = new RootStore();
    await root.session.bootstrap();
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /user/profile']);
    expect({ status: root.session.status, id: root.session.user?.id }).toEqual({ status: 'ready', id: 5 });

    // The hint is only a hint: a session the server no longer has is a visitor signed out.
    server.routes = { 'GET /user/profile': { status: 401, code: 'request_denied' } };
    const expired = new RootStore();
    await expired.session.bootstrap();
    expect({ status: expired.session.status, user: expired.session.user }).toEqual({ status: 'ready', user: null });
  });
});

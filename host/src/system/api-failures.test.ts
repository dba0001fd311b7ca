import { RootStore } from '@negayno/shared/stores';
import { WorkStores } from '@negayno/shared/work-stores';
import type { UserProfile } from '@negayno/shared/contract';
import { handleApiFailure } from './api-failures';

function signedIn(): { root: RootStore; work: WorkStores } {
  const root = new RootStore();
  const work = new WorkStores(root.session);
  root.session.user = { id: 1, firstname: 'A', lastname: 'B', role: 'user' } as UserProfile;
  work.projects.list = [{ id: 1, name: 'P', role: 'administrator', sortorder: 0, counters: [0, 0, 0, 0] }];
  return { root, work };
}

describe('global handling of failed answers', () => {
  it('a 401 drops the user and what was loaded for them and says so', () => {
    const { root, work } = signedIn();
    handleApiFailure(root, { status: 401, code: 'request_denied', message: '', request: 'x', quiet: false });
    expect(root.session.user).toBeNull();
    expect(work.projects.list).toEqual([]);
    expect(root.alerts.alerts.map((alert) => alert.textKey)).toEqual(['request_denied']);
  });

  it('502 and 503 turn on maintenance mode', () => {
    const { root } = signedIn();
    handleApiFailure(root, { status: 503, code: 'maintenance_mode', message: '', request: 'x', quiet: false });
    expect(root.ui.maintenance).toBe(true);
    const { root: other } = signedIn();
    handleApiFailure(other, { status: 502, code: 'server_error', message: '', request: 'x', quiet: false });
    expect(other.ui.maintenance).toBe(true);
  });

  it('a quiet failure raises no alert but still turns on maintenance mode', () => {
    const { root } = signedIn();
    handleApiFailure(root, { status: 409, code: 'email_already_invited', message: '', request: 'x', quiet: true });
    expect(root.alerts.alerts).toEqual([]);
    handleApiFailure(root, { status: 503, code: 'maintenance_mode', message: '', request: 'x', quiet: true });
    expect(root.ui.maintenance).toBe(true);
  });

  it('a 500 shows server_error; another code shows its own text', () => {
    const { root } = signedIn();
    handleApiFailure(root, { status: 500, code: 'server_error', message: '', request: 'x', quiet: false });
    handleApiFailure(root, { status: 409, code: 'email_already_invited', message: 'already', request: 'x', quiet: false });
    expect(root.alerts.alerts.map((alert) => alert.textKey)).toEqual(['server_error', 'email_already_invited']);
    expect(root.session.user).not.toBeNull();
  });
});

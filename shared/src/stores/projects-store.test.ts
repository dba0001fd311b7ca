import type { ProjectListItem } from '@negayno/shared/contract';
import type { ApiError } from '@negayno/shared/api';
import { project, apiServerForFile } from '@negayno/shared/testing';
import { ProjectsStore } from './projects-store';

function item(id: number, role: ProjectListItem['role'] = 'administrator'): ProjectListItem {
  return { id, name: `P${id}`, role, sortorder: id, counters: [0, 0, 0, 0] };
}

describe('ProjectsStore', () => {
  const server = apiServerForFile();
  let store: ProjectsStore;
  beforeEach(() => {
    server.routes = { 'GET /projects': { data: [item(1), item(2, 'user'), item(3, 'invite')] } };
    store = new ProjectsStore();
  });

  it('separates pending invitations from the projects the viewer belongs to', async () => {
    await store.load();
    expect(store.member.map((p) => p.id)).toEqual([1, 2]);
    expect(store.invitations.map((p) => p.id)).toEqual([3]);
  });

  it('puts a created project first', async () => {
    await store.load();
    server.routes['POST /project/new'] = { data: project({ id: 9, name: 'New' }) };
    const created = await store.create('New');
    expect(created.id).toBe(9);
    expect(store.list[0]).toMatchObject({ id: 9, name: 'New', role: 'administrator' });
  });

  it('renames the shown project and its list entry', async () => {
    await store.load();
    server.routes['GET /project/1'] = { data: project() };
    await store.loadProject(1);
    server.routes['PUT /project/1/update-name'] = ({ body }) => ({ data: project({ name: (body as { name: string }).name }) });
    await store.rename(1, 'Renamed');
    expect(store.current?.name).toBe('Renamed');
    expect(store.byId(1)?.name).toBe('Renamed');
  });

  it('knows who administers and who may contribute, as the server says', async () => {
    server.routes['GET /project/1'] = { data: project({ role: 'guest' }) };
    await store.loadProject(1);
    expect(store.current?.can.rename).toBe(false);
    expect(store.current?.can.createTask).toBe(false);
    expect(store.current?.can.invite).toBe(false);
    server.routes['GET /project/1'] = { data: project({ role: 'user' }) };
    await store.loadProject(1);
    expect(store.current?.can.createTask).toBe(true);
    expect(store.current?.can.invite).toBe(true);
  });

  it('sends the member calls of the users drawer and keeps the answered project', async () => {
    server.routes['GET /project/1'] = { data: project() };
    await store.loadProject(1);
    const withUser = project({
      projectUsers: [{ id: 5, email: 'u@x.test', firstname: 'U', lastname: 'X', avatarUrl: null, role: 'guest', canNegayno: true, owner: false }],
    });
    server.routes['PUT /project/1/user/5/update-role'] = { data: withUser };
    server.routes['PUT /project/1/user/5/update-settings'] = { data: withUser };
    server.routes['DELETE /project/1/user/5/delete'] = { data: project() };
    server.routes['DELETE /project/1/cancel-invitation/a%2Bb%40x.test'] = { data: project() };
    await store.updateRole(1, 5, 'guest');
    expect(store.current?.projectUsers[0]?.role).toBe('guest');
    await store.updateSettings(1, 5, true);
    await store.removeUser(1, 5);
    expect(store.current?.projectUsers).toEqual([]);
    await store.cancelInvitation(1, 'a+b@x.test');
    expect(server.requests.map((r) => `${r.method} ${r.path}`).slice(-4)).toEqual([
      'PUT /project/1/user/5/update-role',
      'PUT /project/1/user/5/update-settings',
      'DELETE /project/1/user/5/delete',
      'DELETE /project/1/cancel-invitation/a%2Bb%40x.test',
    ]);
    expect(server.requests.find((r) => r.path.endsWith('update-settings'))?.body).toEqual({ canNegayno: true });
  });

  it('hands an invitation refusal to the form', async () => {
    server.routes['POST /project/1/invite-user'] = { status: 409, code: 'email_already_invited' };
    await expect(store.invite(1, 'a@x.test')).rejects.toMatchObject({ code: 'email_already_invited' } satisfies Partial<ApiError>);
  });

  it('accepts and declines invitations', async () => {
    await store.load();
    server.routes['POST /project/3/accept-invitation'] = { data: project({ id: 3, role: 'guest' }) };
    server.routes['GET /projects'] = { data: [item(1), item(2, 'user'), item(3, 'guest')] };
    await store.acceptInvitation(3);
    expect(store.invitations).toEqual([]);
    server.routes['GET /projects'] = { data: [item(1), item(2, 'user'), item(4, 'invite')] };
    await store.load();
    server.routes['DELETE /project/4/decline-invitation'] = { data: null };
    await store.declineInvitation(4);
    expect(store.list.map((p) => p.id)).toEqual([1, 2]);
  });

  it('deletes a project asking for the next one and answers the server choice', async () => {
    await store.load();
    server.routes['GET /project/1'] = { data: project() };
    await store.loadProject(1);
    server.routes['DELETE /project/1/delete?projectId=2'] = { data: { projectId: 2 } };
    await expect(store.deleteProject(1)).resolves.toBe(2);
    expect(store.current).toBeNull();
    expect(store.byId(1)).toBeUndefined();
  });

  it('closes a project that holds money: the balance goes where asked, once per idempotency key', async () => {
    await store.load();
    server.routes['POST /project/1/close'] = { data: { projectId: 2 } };
    await expect(store.deleteProject(1, { balanceTo: 2, idempotencyKey: 'key-1' })).resolves.toBe(2);
    const close = server.requests.find((request) => request.path === '/project/1/close');
    expect(close?.body).toEqual({ projectId: 2 });
    expect(close?.headers['idempotency-key']).toBe('key-1');
    expect(server.requests.some((request) => request.method === 'DELETE')).toBe(false);
    expect(store.byId(1)).toBeUndefined();
  });

  it('moves a project in the list', async () => {
    server.routes['PUT /project/2/update-sort'] = { data: [item(2), item(1)] };
    await store.updateSort(2, 0);
    expect(store.list.map((p) => p.id)).toEqual([2, 1]);
    expect(server.requests.at(-1)?.body).toEqual({ sortorder: 0 });
  });

  it('on project.update reloads the shown project, or says it is gone', async () => {
    server.routes['GET /project/1'] = { data: project() };
    await store.loadProject(1);
    server.routes['GET /project/1'] = { data: project({ name: 'Changed' }) };
    await expect(store.onProjectUpdate({ projectId: 1 })).resolves.toBe('reloaded');
    expect(store.current?.name).toBe('Changed');
    await expect(store.onProjectUpdate({ projectId: 2 })).resolves.toBe('unchanged');
    server.routes['GET /project/1'] = { status: 404, code: 'project_not_found' };
    await expect(store.onProjectUpdate({ projectId: 1 })).resolves.toBe('gone');
    server.routes['GET /project/1'] = { data: project() };
    await store.loadProject(1);
    await expect(store.onProjectUpdate({ projectId: 1, deleted: true })).resolves.toBe('gone');
    expect(store.current).toBeNull();
  });
});

/** @jest-environment node */
import { endpoints, type Project, type ProjectListItem } from '@negayno/shared/contract';
import { apiServerForFile, project } from '@negayno/shared/testing';
import { call, upload } from './client';

describe('call: requests built from the endpoint table', () => {
  const server = apiServerForFile();

  it('fills the path parameters (encoded), sends the body and answers the data', async () => {
    server.routes['PUT /project/7/user/5/update-role'] = { data: project({ id: 7 }) };
    server.routes['DELETE /project/7/cancel-invitation/a%2Bb%40x.test'] = { data: project({ id: 7 }) };
    await expect(call(endpoints.projects.updateRole, { params: { id: 7, userId: 5 }, body: { role: 'guest' } })).resolves.toMatchObject({ id: 7 });
    await call(endpoints.projects.cancelInvitation, { params: { id: 7, email: 'a+b@x.test' } });
    expect(server.requests.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'PUT', path: '/project/7/user/5/update-role', body: { role: 'guest' } },
      { method: 'DELETE', path: '/project/7/cancel-invitation/a%2Bb%40x.test', body: undefined },
    ]);
  });

  it('writes the defined query values in the order given and leaves the rest out', async () => {
    server.routes['GET /tasks?taskNumber=12&projectId=3'] = { data: [] };
    server.routes['DELETE /project/4/delete'] = { data: { projectId: null } };
    await expect(call(endpoints.tasks.boardOfAll, { query: { taskNumber: '12', taskName: undefined, projectId: '3' } })).resolves.toEqual([]);
    await expect(call(endpoints.projects.delete, { params: { id: 4 }, query: { projectId: undefined } })).resolves.toEqual({ projectId: null });
    expect(server.requests.map((request) => request.path)).toEqual(['/tasks?taskNumber=12&projectId=3', '/project/4/delete']);
  });
});

/**
 * Compile-time checks (run by the package's typecheck, never called): the table is the one place a
 * path, a body or an answer is written, so a call that disagrees with it does not compile.
 */
export async function callsThatMustNotCompile(): Promise<void> {
  // @ts-expect-error a body field the entry does not have
  await call(endpoints.projects.rename, { params: { id: 1 }, body: { title: 'x' } });
  // @ts-expect-error a body is required where the entry has one
  await call(endpoints.projects.rename, { params: { id: 1 } });
  // @ts-expect-error a path parameter the pattern does not name
  await call(endpoints.projects.rename, { params: { projectId: 1 }, body: { name: 'x' } });
  // @ts-expect-error the answer of the list call is a list, not a project
  const wrongAnswer: Project = await call(endpoints.projects.list);
  const rightAnswer: ProjectListItem[] = await call(endpoints.projects.list);
  // @ts-expect-error an upload travels by `upload`, never as a JSON call
  await call(endpoints.files.upload, { params: { id: 1 } });
  // @ts-expect-error a download is an address (`fileUrl`), never a JSON call
  await call(endpoints.files.content, { params: { id: 1 } });
  // @ts-expect-error the task file is required
  await upload(endpoints.files.upload, { params: { id: 1 } });
  // @ts-expect-error a field the message does not have
  await upload(endpoints.chats.newMessage, { params: { id: 1 }, fields: { title: 'x' } });
  await upload(endpoints.chats.newMessage, { params: { id: 1 }, fields: { message: 'text alone' } });
  void [wrongAnswer, rightAnswer];
}

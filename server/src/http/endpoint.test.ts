import { endpoints, MAX_ID, type Project, type ProjectListItem } from '@negayno/shared/contract';
import type { FastifyInstance } from 'fastify';
import { createProject, createUser } from '../seed/builders.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { route } from './endpoint.js';

/** The routes registered from the endpoint table read path ids with the contract's schemas. */
describe('ids in paths, one kind at a time', () => {
  let ctx: TestContext;
  let cookie: string;
  let projectId: number;
  const beyond = MAX_ID + 1;

  beforeAll(async () => {
    ctx = await createTestContext();
    const owner = await createUser(ctx.db);
    projectId = (await createProject(ctx.db, { owner })).id;
    cookie = await ctx.login(owner.email);
  });
  afterAll(() => ctx.close());

  const codeOf = async (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) => {
    const response = await ctx.request(method, url, { cookie, payload });
    return { status: response.status, code: (response.body as { code?: string }).code };
  };

  it('answers project_not_found for a project id beyond the integer range, not a server error', async () => {
    expect(await codeOf('GET', `/api/project/${beyond}`)).toEqual({ status: 404, code: 'project_not_found' });
    expect(await codeOf('PUT', `/api/project/${beyond}/update-name`, { name: 'x' })).toEqual({ status: 404, code: 'project_not_found' });
    expect(await codeOf('GET', `/api/project/${beyond}/tasks`)).toEqual({ status: 404, code: 'project_not_found' });
    expect(await codeOf('GET', `/api/project/${beyond}/archive`)).toEqual({ status: 404, code: 'project_not_found' });
    // The largest id there can be is a well-formed id that names nothing.
    expect(await codeOf('GET', `/api/project/${MAX_ID}`)).toEqual({ status: 404, code: 'project_not_found' });
  });

  it('answers task_not_found for a task id beyond the integer range', async () => {
    expect(await codeOf('GET', `/api/task/${beyond}`)).toEqual({ status: 404, code: 'task_not_found' });
    expect(await codeOf('GET', `/api/task/${beyond}/get-card`)).toEqual({ status: 404, code: 'task_not_found' });
  });

  it('answers user_not_found for a user id beyond the integer range, in /user and in a project member path', async () => {
    expect(await codeOf('GET', `/api/user/${beyond}`)).toEqual({ status: 404, code: 'user_not_found' });
    expect(await codeOf('PUT', `/api/project/${projectId}/user/${beyond}/update-role`, { role: 'guest' })).toEqual({ status: 404, code: 'user_not_found' });
    expect(await codeOf('DELETE', `/api/project/${projectId}/user/${beyond}/delete`)).toEqual({ status: 404, code: 'user_not_found' });
  });

  it('answers backFrom_not_found for an archive page after an id beyond the integer range', async () => {
    expect(await codeOf('GET', `/api/archive/${beyond}`)).toEqual({ status: 404, code: 'backFrom_not_found' });
    expect(await codeOf('GET', `/api/project/${projectId}/archive/${beyond}`)).toEqual({ status: 404, code: 'backFrom_not_found' });
  });

  it('reports the first bad path parameter: the project before the user', async () => {
    expect(await codeOf('DELETE', `/api/project/${beyond}/user/${beyond}/delete`)).toEqual({ status: 404, code: 'project_not_found' });
  });

  it('ignores a next-project hint beyond the integer range when a project is deleted', async () => {
    const owner = await createUser(ctx.db);
    const doomed = await createProject(ctx.db, { owner });
    const ownerCookie = await ctx.login(owner.email);
    const response = await ctx.request('DELETE', `/api/project/${doomed.id}/delete?projectId=${beyond}`, { cookie: ownerCookie });
    expect({ status: response.status, body: response.body }).toEqual({ status: 200, body: { status: 'ok', data: { projectId: null } } });
  });
});

/**
 * Compile-time checks (run by the server's typecheck, never called): a handler must answer the
 * entry's answer type and reads its params and body with the entry's output types.
 */
export function handlersThatMustNotCompile(app: FastifyInstance, project: Project): void {
  // @ts-expect-error the list call answers a list, not one project
  route(app, endpoints.projects.list, async () => project);
  route(app, endpoints.projects.list, async (): Promise<ProjectListItem[]> => []);
  route(app, endpoints.projects.rename, async ({ params, body }) => {
    const id: number = params.id;
    const name: string = body.name;
    // @ts-expect-error the rename body has no such field
    void body.title;
    void [id, name];
    return project;
  });
}

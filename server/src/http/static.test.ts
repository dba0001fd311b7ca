import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LANGUAGE_COOKIE, SESSION_COOKIE, SESSION_HINT_COOKIE } from '@negayno/shared/contract';
import { DEFAULT_TEST_PASSWORD, createUser } from '../seed/builders.js';
import { createTestContext, sessionCookieOf, type TestContext } from '../test/harness.js';
import { IMMUTABLE, REVALIDATE, isContentHashed } from './static.js';

function writeFiles(root: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

describe('serving the built browser apps', () => {
  let webRoot: string;
  let ctx: TestContext;

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'negayno-web-'));
    writeFiles(webRoot, {
      'host/dist/index.html': '<!doctype html><title>host</title>',
      'host/dist/main.3f9a1c2b.js': 'console.log("host")',
      'host/dist/remotes.json': '{"mf-board":{"entry":"/remotes/mf-board/remoteEntry.js"}}',
      'host/dist/build-info.json': '{"version":"2024.1.7"}',
      'host/dist/favicon.svg': '<svg/>',
      'mf-board/dist/remoteEntry.js': 'var board;',
      'mf-board/dist/mf-manifest.json': '{}',
      'mf-board/dist/src_board_tsx.0a1b2c3d4e.js': 'console.log("board")',
      // mf-auth is not built at all.
    });
    ctx = await createTestContext({ env: { WEB_ROOT: webRoot } });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it.each([
    ['/', 'host', REVALIDATE],
    ['/index.html', 'host', REVALIDATE],
    ['/main.3f9a1c2b.js', 'console.log("host")', IMMUTABLE],
    ['/remotes.json', 'mf-board', REVALIDATE],
    ['/build-info.json', '2024.1.7', REVALIDATE],
    ['/favicon.svg', '<svg/>', REVALIDATE],
    ['/remotes/mf-board/remoteEntry.js', 'var board;', REVALIDATE],
    ['/remotes/mf-board/mf-manifest.json', '{}', REVALIDATE],
    ['/remotes/mf-board/src_board_tsx.0a1b2c3d4e.js', 'console.log("board")', IMMUTABLE],
  ])('serves %s with the right caching', async (url, content, cacheControl) => {
    const response = await ctx.get(url);
    expect(response.status).toBe(200);
    expect(response.text).toContain(content);
    expect(response.headers['cache-control']).toBe(cacheControl);
  });

  it.each(['/project/12', '/task/5?projectId=1&taskName=x.y', '/login', '/profile/'])('answers the page route %s with the host index', async (url) => {
    const response = await ctx.get(url);
    expect(response.status).toBe(200);
    expect(response.text).toContain('<title>host</title>');
    expect(response.headers['cache-control']).toBe(REVALIDATE);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(String(response.headers.vary).split(/,\s*/)).toContain('cookie');
  });

  it.each(['/missing.js', '/remotes/mf-board/missing.js', '/remotes/mf-auth/remoteEntry.js', '/remotes/unknown/remoteEntry.js'])(
    'answers a missing file %s with 404, not the index',
    async (url) => {
      const response = await ctx.get(url);
      expect(response.status).toBe(404);
      expect(response.text).not.toContain('<title>host</title>');
    },
  );

  it('keeps API paths out of the page fallback', async () => {
    const response = await ctx.get('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ status: 'error', code: 'action_not_found' });
  });

  it('does not answer other methods with the index', async () => {
    expect((await ctx.request('POST', '/project/12')).status).toBe(404);
  });

  it('reports the version the host build wrote', async () => {
    expect((await ctx.get('/api/version')).body).toEqual({ status: 'ok', data: { version: '2024.1.7', testPayments: false } });
  });
});

describe("a page's preload hints", () => {
  let webRoot: string;
  let ctx: TestContext;
  const appExpose = (sync: unknown[]) => JSON.stringify({ exposes: [{ name: 'app', assets: { js: { sync, async: ['later.1a2b3c4d.js'] } } }] });

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'negayno-web-'));
    writeFiles(webRoot, {
      'host/dist/index.html': '<!doctype html><title>host</title>',
      // The host's words chunks (shared/src/i18n/locale-chunks.ts), and one that only looks like one.
      ...Object.fromEntries(
        ['uk', 'en'].flatMap((language) =>
          ['common', 'auth', 'board', 'chat', 'task', 'workflow', 'profile'].map((namespace) => [
            `host/dist/words-${language}-${namespace}.0000${language === 'uk' ? 'aaaa' : 'bbbb'}.js`,
            '',
          ]),
        ),
      ),
      'host/dist/words-uk-common.js.map': '',
      'host/dist/remotes.json': JSON.stringify({
        mf_auth: { entry: '/remotes/mf-auth/remoteEntry.js', version: '0.1.0' },
        mf_board: { entry: '/remotes/mf-board/remoteEntry.js', version: '0.1.0' },
        mf_task_chat: {
          entry: '/remotes/mf-task-chat/remoteEntry.js',
          version: '0.1.0',
          canary: { entry: '/remotes/mf-task-chat/0.2.0/remoteEntry.js', version: '0.2.0', percentage: 10 },
        },
        mf_profile: { entry: '/remotes/mf-profile/remoteEntry.js', version: '0.1.0' },
      }),
      'mf-auth/dist/remoteEntry.js': 'var auth;',
      'mf-auth/dist/mf-manifest.json': appExpose(['601.a0124d62.js', '__federation_expose_app.9c0bab27.js']),
      'mf-board/dist/remoteEntry.js': 'var board;',
      // A name that could leave the folder or break the header is never repeated.
      'mf-board/dist/mf-manifest.json': appExpose(['board.0a1b2c3d.js', '../../host/dist/index.html', 'a.js>, </x', 7]),
      'mf-task-chat/dist/remoteEntry.js': 'var chat;',
      'mf-task-chat/dist/mf-manifest.json': appExpose(['chat.0a1b2c3d.js']),
      // mf-profile is built without a manifest: its entry alone is named.
      'mf-profile/dist/remoteEntry.js': 'var profile;',
    });
    ctx = await createTestContext({ env: { WEB_ROOT: webRoot } });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const preloads = (link: unknown) =>
    String(link ?? '')
      .split(', ')
      .filter(Boolean);

  it("names remotes.json, the form's words and the sign-in form's entry and first chunks for a signed-out visitor, on any page", async () => {
    for (const url of ['/login', '/project/12', '/']) {
      const response = await ctx.get(url);
      expect(response.text).toContain('<title>host</title>');
      expect(preloads(response.headers.link)).toEqual([
        '</remotes.json>; rel=preload; as=fetch; crossorigin',
        '</words-uk-common.0000aaaa.js>; rel=preload; as=script',
        '</words-uk-auth.0000aaaa.js>; rel=preload; as=script',
        '</remotes/mf-auth/remoteEntry.js>; rel=preload; as=script',
        '</remotes/mf-auth/601.a0124d62.js>; rel=preload; as=script',
        '</remotes/mf-auth/__federation_expose_app.9c0bab27.js>; rel=preload; as=script',
      ]);
    }
  });

  it("names the board's reads and files for a visitor with a session, and only safe chunk names", async () => {
    const response = await ctx.get('/project/12', { cookie: `${SESSION_COOKIE}=any` });
    expect(preloads(response.headers.link)).toEqual([
      '</remotes.json>; rel=preload; as=fetch; crossorigin',
      // The reads the page makes as it boots come with it (issue 39), before the scripts.
      ...['/user/profile', '/version', '/projects', '/project/12', '/project/12/tasks'].map((path) => `</api${path}>; rel=preload; as=fetch; crossorigin`),
      '</words-uk-common.0000aaaa.js>; rel=preload; as=script',
      '</words-uk-board.0000aaaa.js>; rel=preload; as=script',
      '</words-uk-chat.0000aaaa.js>; rel=preload; as=script',
      '</remotes/mf-board/remoteEntry.js>; rel=preload; as=script',
      '</remotes/mf-board/board.0a1b2c3d.js>; rel=preload; as=script',
    ]);
  });

  it("leaves out a remote whose canary the user's id decides, and a manifest that is missing costs only the chunks", async () => {
    const task = preloads((await ctx.get('/task/3', { cookie: `${SESSION_COOKIE}=any` })).headers.link);
    expect(task.some((link) => link.includes('mf-task-chat'))).toBe(false);
    expect(task).toContain('</remotes/mf-board/remoteEntry.js>; rel=preload; as=script');
    const profile = preloads((await ctx.get('/profile', { cookie: `${SESSION_COOKIE}=any` })).headers.link);
    expect(profile).toEqual([
      '</remotes.json>; rel=preload; as=fetch; crossorigin',
      '</api/user/profile>; rel=preload; as=fetch; crossorigin',
      '</api/version>; rel=preload; as=fetch; crossorigin',
      '</words-uk-common.0000aaaa.js>; rel=preload; as=script',
      '</words-uk-profile.0000aaaa.js>; rel=preload; as=script',
      '</remotes/mf-profile/remoteEntry.js>; rel=preload; as=script',
    ]);
  });

  it("names the home's board by whose session it is: the staff's across projects, none for a client's first project (issue 39)", async () => {
    const homeOf = async (role: 'pm' | 'user') => {
      const person = await createUser(ctx.db, { role });
      const login = await ctx.post('/api/login', { email: person.email, password: DEFAULT_TEST_PASSWORD });
      return preloads((await ctx.get('/?taskName=logo', { cookie: sessionCookieOf(login) })).headers.link).filter((link) => link.startsWith('</api/'));
    };
    expect(await homeOf('pm')).toContain('</api/tasks?taskName=logo>; rel=preload; as=fetch; crossorigin');
    expect((await homeOf('user')).some((link) => link.startsWith('</api/tasks'))).toBe(false);
    // A cookie that names no live session: the session's reads, no board.
    expect(preloads((await ctx.get('/', { cookie: `${SESSION_COOKIE}=gone` })).headers.link).filter((link) => link.startsWith('</api/'))).toEqual(
      ['/user/profile', '/version', '/projects'].map((path) => `</api${path}>; rel=preload; as=fetch; crossorigin`),
    );
  });

  it("names the words in the language the page's cookie names, the default for any other value", async () => {
    const words = async (cookie: string) => preloads((await ctx.get('/task/3', { cookie })).headers.link).filter((link) => link.includes('/words-'));
    expect(await words(`${SESSION_COOKIE}=any; ${LANGUAGE_COOKIE}=en`)).toEqual(
      ['common', 'board', 'chat', 'task', 'workflow'].map((namespace) => `</words-en-${namespace}.0000bbbb.js>; rel=preload; as=script`),
    );
    for (const language of ['de', '', '../en', 'en%0D%0A']) {
      expect(await words(`${SESSION_COOKIE}=any; ${LANGUAGE_COOKIE}=${language}`)).toContain('</words-uk-task.0000aaaa.js>; rel=preload; as=script');
    }
  });

  it('keeps the session hint with the session cookie: given to a page that lost it, taken from one without a session', async () => {
    const hintOf = async (cookie?: string) =>
      (await ctx.get('/login', cookie === undefined ? {} : { cookie })).cookies.find((c) => c.name === SESSION_HINT_COOKIE);
    expect(await hintOf()).toBeUndefined();
    const given = await hintOf(`${SESSION_COOKIE}=any`);
    expect(given).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });
    expect(given?.httpOnly).toBeFalsy();
    // Already there: nothing to send.
    expect(await hintOf(`${SESSION_COOKIE}=any; ${SESSION_HINT_COOKIE}=1`)).toBeUndefined();
    expect(await hintOf(`${SESSION_HINT_COOKIE}=1`)).toMatchObject({ value: '' });
    // Files and API answers leave it alone.
    expect((await ctx.get('/remotes.json', { cookie: `${SESSION_HINT_COOKIE}=1` })).cookies).toEqual([]);
  });

  it('sends no hints with files, remotes.json or API answers', async () => {
    for (const url of ['/remotes.json', '/remotes/mf-auth/remoteEntry.js', '/api/version']) expect((await ctx.get(url)).headers.link).toBeUndefined();
  });
});

describe('a server with nothing built', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { WEB_ROOT: join(tmpdir(), 'negayno-no-such-web-root') } });
  });
  afterAll(() => ctx.close());

  it('still starts and answers pages and remotes with 404', async () => {
    expect((await ctx.get('/')).status).toBe(404);
    expect((await ctx.get('/project/1')).status).toBe(404);
    expect((await ctx.get('/remotes/mf-board/remoteEntry.js')).status).toBe(404);
    expect((await ctx.get('/api/version')).status).toBe(200);
  });
});

describe('content-hashed file names', () => {
  it.each([
    ['main.3f9a1c2b.js', true],
    ['3f9a1c2b.js', true],
    ['vendors.0123456789abcdef.chunk.js', true],
    ['main.css', false],
    ['remoteEntry.js', false],
    ['mf-manifest.json', false],
    ['index.html', false],
    ['main.3f9a1c2.js', false],
    ['logo.deadbeefz.svg', false],
    ['deadbeef12', false],
  ])('%s hashed: %s', (name, hashed) => {
    expect(isContentHashed(name)).toBe(hashed);
  });
});

/**
 * `const ctx = await createTestContext()`: the whole app (HTTP routes, hooks, sockets, services) on a
 * fresh database of the Jest project's engine, with request helpers and a login helper. Requests go
 * through app.inject (real routing, hooks and serialization, no socket); `ctx.listen()` opens a real
 * port for socket.io clients.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SESSION_COOKIE, type Envelope } from '@negayno/shared/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuiltApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { DatabaseHandle } from '../db/connection.js';
import { DEFAULT_TEST_PASSWORD } from '../seed/builders.js';
import { openTestDatabase } from './test-database.js';

export type TestEnv = Record<string, string | undefined>;

/** A configuration for tests: quiet, and serving no browser apps unless a test gives a WEB_ROOT. */
export function testConfig(env: TestEnv = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WEB_ROOT: join(tmpdir(), 'negayno-test-no-web-root'),
    // Never the repository's data/releases: a test that loads a remote entry counts it there.
    RELEASES_DIR: join(tmpdir(), `negayno-test-releases-${process.pid}`),
    // Thousands of sign-ins: argon2's smallest settings (the production ones are held by passwords.test.ts).
    PASSWORD_HASH_COST: 'test',
    ...env,
  });
}

export interface RequestOptions {
  cookie?: string;
  headers?: Record<string, string>;
  payload?: InjectOptions['payload'];
  remoteAddress?: string;
}

export interface TestResponse<T = unknown> {
  status: number;
  /** The parsed JSON body (an envelope for /api calls), or the text when the body is not JSON. */
  body: Envelope<T>;
  text: string;
  headers: LightMyRequestResponse['headers'];
  cookies: LightMyRequestResponse['cookies'];
}

export interface TestContext extends BuiltApp {
  config: Config;
  database: DatabaseHandle;
  request<T = unknown>(method: InjectOptions['method'], url: string, options?: RequestOptions): Promise<TestResponse<T>>;
  get<T = unknown>(url: string, options?: RequestOptions): Promise<TestResponse<T>>;
  post<T = unknown>(url: string, payload?: InjectOptions['payload'], options?: RequestOptions): Promise<TestResponse<T>>;
  /** Signs in and answers the Cookie header value that carries the session. */
  login(email: string, password?: string): Promise<string>;
  /** Another app instance on the same database (a restart, or a second server process). */
  buildAnotherApp(env?: TestEnv): Promise<BuiltApp>;
  /** Listens on a free port of 127.0.0.1 and answers the base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export async function injectInto<T>(built: BuiltApp, method: InjectOptions['method'], url: string, options: RequestOptions = {}): Promise<TestResponse<T>> {
  const response = await built.app.inject({
    method,
    url,
    payload: options.payload,
    remoteAddress: options.remoteAddress,
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
  });
  let body: Envelope<T>;
  try {
    body = response.json();
  } catch {
    body = response.body as unknown as Envelope<T>;
  }
  return { status: response.statusCode, body, text: response.body, headers: response.headers, cookies: response.cookies };
}

export function sessionCookieOf(response: TestResponse): string {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie?.value) throw new Error(`no session cookie in the answer (${response.status} ${response.text})`);
  return `${SESSION_COOKIE}=${cookie.value}`;
}

export async function createTestContext(options: { env?: TestEnv } = {}): Promise<TestContext> {
  const config = testConfig(options.env);
  const database = await openTestDatabase();
  const built = await buildApp(config, { database });
  const request = <T>(method: InjectOptions['method'], url: string, requestOptions?: RequestOptions) => injectInto<T>(built, method, url, requestOptions);
  return {
    ...built,
    config,
    database,
    request,
    get: (url, requestOptions) => request('GET', url, requestOptions),
    post: (url, payload, requestOptions) => request('POST', url, { ...requestOptions, payload }),
    async login(email, password = DEFAULT_TEST_PASSWORD) {
      const response = await request('POST', '/api/login', { payload: { email, password } });
      if (response.status !== 200) throw new Error(`login of ${email} failed: ${response.status} ${response.text}`);
      return sessionCookieOf(response);
    },
    buildAnotherApp: (env) => buildApp(testConfig({ ...options.env, ...env }), { database }),
    async listen() {
      await built.app.listen({ port: 0, host: '127.0.0.1' });
      const address = built.app.server.address();
      if (!address || typeof address !== 'object') throw new Error('not listening');
      return `http://127.0.0.1:${address.port}`;
    },
    async close() {
      await built.close();
      await database.close();
    },
  };
}

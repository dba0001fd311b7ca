/**
 * A loopback HTTP server that answers the API client with canned envelopes, so store tests go
 * through the real client (fetch, envelope, error classes) without a database.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_ROOT } from '@negayno/shared/contract';
import { setApiOrigin } from '@negayno/shared/api';

export interface StubAnswer {
  status?: number;
  data?: unknown;
  /** An error envelope's code; the HTTP status defaults to 400. */
  code?: string;
}

export interface StubRequest {
  method: string;
  path: string;
  body: unknown;
  headers: IncomingHttpHeaders;
}

export type StubRoutes = Record<string, StubAnswer | ((request: StubRequest) => StubAnswer)>;

export interface ApiServer {
  requests: StubRequest[];
  /** Routes keyed `METHOD /path?query` (the path under the API root). */
  routes: StubRoutes;
  /** `http://127.0.0.1:<port>` once listening (a test that cuts the network points the client elsewhere and back). */
  origin?: string;
  close(): Promise<void>;
}

export async function startApiServer(state: ApiServer = { requests: [], routes: {}, close: () => Promise.resolve() }): Promise<ApiServer> {
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const path = (request.url ?? '').slice(API_ROOT.length);
      // JSON bodies parsed; anything else (a multipart form) kept as the text that came.
      const json = (request.headers['content-type'] ?? '').startsWith('application/json');
      const entry: StubRequest = {
        method: request.method ?? 'GET',
        path,
        body: raw ? (json ? (JSON.parse(raw) as unknown) : raw) : undefined,
        headers: request.headers,
      };
      state.requests.push(entry);
      const route = state.routes[`${entry.method} ${path}`];
      const answer = typeof route === 'function' ? route(entry) : (route ?? { status: 404, code: 'not_found' });
      const status = answer.status ?? (answer.code ? 400 : 200);
      // An error envelope carries `data` too when the route gives it (where a refusal left things).
      const payload = answer.code
        ? { status: 'error', code: answer.code, message: answer.code, ...(answer.data === undefined ? {} : { data: answer.data }) }
        : { status: 'ok', data: answer.data ?? null };
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  setApiOrigin(state.origin);
  state.close = () => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  };
  return state;
}

/**
 * The stub server of one test file: listening from the file's first test to its last, its request log
 * emptied before each test (routes stay as the test file sets them).
 */
export function apiServerForFile(): ApiServer {
  const state: ApiServer = { requests: [], routes: {}, close: () => Promise.resolve() };
  beforeAll(() => startApiServer(state));
  afterAll(() => state.close());
  beforeEach(() => {
    state.requests.length = 0;
  });
  return state;
}

/** @jest-environment node */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bus, type ApiFailure } from '@negayno/shared/bus';
import { ApiError, request, setApiOrigin, setLanguageProvider } from './client';

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

let server: Server;
let handler: Handler;
const requests: Array<{ method?: string; url?: string; language?: string; body: string }> = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      requests.push({ method: request.method, url: request.url, language: request.headers['accept-language'], body });
      handler(request, response, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiOrigin(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(() => {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requests.length = 0;
});

function json(response: ServerResponse, status: number, payload: unknown) {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(payload));
}

describe('api client', () => {
  it('answers the data of an ok envelope and sends JSON with the language', async () => {
    setLanguageProvider(() => 'en');
    handler = (_request, response) => json(response, 200, { status: 'ok', data: { id: 7 } });
    await expect(request('POST', '/thing', { body: { a: 1 } })).resolves.toEqual({ id: 7 });
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/thing', language: 'en', body: '{"a":1}' });
  });

  it('throws an ApiError with the code, message and field details of an error envelope', async () => {
    handler = (_request, response) =>
      json(response, 400, {
        status: 'error',
        code: 'email_is_invalid',
        message: 'Invalid email',
        details: { email: { code: 'email_is_invalid', message: 'Invalid email' } },
      });
    const error = await request('POST', '/login', { body: {}, quiet: true }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'email_is_invalid', message: 'Invalid email' });
    expect((error as ApiError).fieldError('email')?.code).toBe('email_is_invalid');
  });

  it('treats a body with status error as a failure even with HTTP 200', async () => {
    handler = (_request, response) => json(response, 200, { status: 'error', code: 'task_not_found', message: 'x' });
    await expect(request('GET', '/task/1', { quiet: true })).rejects.toMatchObject({ code: 'task_not_found' });
  });

  it('reads a proxy error page without JSON as maintenance on 502', async () => {
    handler = (_request, response) => {
      response.writeHead(502, { 'Content-Type': 'text/html' });
      response.end('<html>Bad gateway</html>');
    };
    await expect(request('GET', '/projects', { quiet: true })).rejects.toMatchObject({ status: 502, code: 'maintenance_mode' });
  });

  it('reports every failure on the bus, marking the ones the caller shows itself', async () => {
    handler = (_request, response) => json(response, 500, { status: 'error', code: 'server_error', message: 'boom' });
    const seen: ApiFailure[] = [];
    const listener = (failure: ApiFailure) => seen.push(failure);
    bus.on('api:failure', listener);
    await request('GET', '/a', { quiet: true }).catch(() => undefined);
    await request('GET', '/b', { name: 'get-b' }).catch(() => undefined);
    bus.off('api:failure', listener);
    expect(seen).toEqual([
      { status: 500, code: 'server_error', message: 'boom', request: '/a', quiet: true },
      { status: 500, code: 'server_error', message: 'boom', request: 'get-b', quiet: false },
    ]);
  });

  it('shares one request between callers of the same name while it is in flight', async () => {
    handler = (_request, response) => setTimeout(() => json(response, 200, { status: 'ok', data: requests.length }), 50);
    const [first, second] = await Promise.all([request('GET', '/projects', { name: 'get-projects' }), request('GET', '/projects', { name: 'get-projects' })]);
    expect(first).toBe(second);
    expect(requests.filter((request) => request.url === '/api/projects')).toHaveLength(1);
    await request('GET', '/projects', { name: 'get-projects' });
    expect(requests.filter((request) => request.url === '/api/projects')).toHaveLength(2);
  });

  it('turns a refused connection into an offline ApiError with status 0', async () => {
    setApiOrigin('http://127.0.0.1:1');
    await expect(request('GET', '/x', { quiet: true })).rejects.toMatchObject({ status: 0, code: 'offline' });
    setApiOrigin(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });

  it('logs a failed answer to the server, but not one the caller names as expected', async () => {
    // The log goes out as the browser's beacon: this Node test stands one in to read what it sends.
    const beacons: string[] = [];
    Object.defineProperty(globalThis, 'navigator', { configurable: true, value: { sendBeacon: (_url: string, payload: string) => beacons.push(payload) > 0 } });
    try {
      handler = (_request, response) => json(response, 401, { status: 'error', code: 'request_denied', message: 'no session' });
      await expect(request('GET', '/user/profile', { name: 'get-profile', quiet: true, expected: [401] })).rejects.toMatchObject({ status: 401 });
      expect(beacons).toEqual([]);
      await expect(request('GET', '/user/profile', { name: 'get-profile', quiet: true, expected: [404] })).rejects.toMatchObject({ status: 401 });
      expect(beacons.map((payload) => JSON.parse(payload))).toEqual([{ code: 'api_request_denied', message: '401 get-profile' }]);
    } finally {
      Reflect.deleteProperty(globalThis, 'navigator');
    }
  });
});

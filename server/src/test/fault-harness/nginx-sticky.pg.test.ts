/**
 * The balancing of docs/operations.md (issue 35): nginx keeps a browser on one process by its session
 * cookie, not by its address, so a whole office behind one NAT (here: every request from 127.0.0.1)
 * is still spread over the processes. Three small HTTP servers stand in for the processes and answer
 * their own port. With the fault harness (it needs nginx), hence the PostgreSQL project only.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../server-process.js';
import { startNginx, STICKY_MAP, type RunningNginx } from './nginx.js';

const PROCESSES = 3;
const BROWSERS = 30;

describe('nginx sticky by session cookie', () => {
  let dir: string;
  let servers: Server[];
  let nginx: RunningNginx;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'negayno-sticky-'));
    const ports = await Promise.all(Array.from({ length: PROCESSES + 1 }, () => freePort()));
    servers = ports.slice(1).map((port) => createServer((_request, response) => response.end(String(port))).listen(port, '127.0.0.1'));
    nginx = await startNginx({ dir, listenPort: ports[0]!, upstreamPorts: ports.slice(1) });
  });
  afterAll(async () => {
    await nginx.stop();
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    rmSync(dir, { recursive: true, force: true });
  });

  const processOf = (cookie?: string) => fetch(`${nginx.url}/api/version`, { headers: cookie ? { cookie } : {} }).then((response) => response.text());

  it('keeps each session on one process and spreads the sessions of one address over all of them', async () => {
    const reached = new Set<string>();
    for (let browser = 0; browser < BROWSERS; browser += 1) {
      const cookie = `lang=uk; ${browser % 2 === 0 ? '__Host-' : ''}negayno_sid=session-${browser}; other=1`;
      const first = await processOf(cookie);
      for (let again = 0; again < 3; again += 1) expect(await processOf(cookie)).toBe(first);
      reached.add(first);
    }
    expect(reached.size).toBe(PROCESSES);
  });

  it('spreads signed-out requests too', async () => {
    const reached = new Set<string>();
    for (let request = 0; request < BROWSERS; request += 1) reached.add(await processOf(request % 2 === 0 ? 'lang=uk' : undefined));
    expect(reached.size).toBeGreaterThan(1);
  });

  it('is the set-up docs/operations.md tells operators to use', () => {
    const docs = readFileSync(join(__dirname, '..', '..', '..', '..', 'docs', 'operations.md'), 'utf8');
    for (const line of STICKY_MAP.split('\n').map((text) => text.trim())) expect(docs).toContain(line);
    expect(docs).toContain('hash $negayno_sticky consistent;');
    expect(docs).not.toMatch(/^\s*hash \$remote_addr/m);
  });
});

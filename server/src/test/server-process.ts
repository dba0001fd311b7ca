/**
 * The built server (`server/dist/main.js`) as a separate process, the way an operator runs it: for the
 * tests that kill it (SIGKILL, no chance to clean up) and start it again on the same database.
 * `npm test` builds before Jest runs; run `npm run build` first when running such a test alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));
const mainScript = join(serverRoot, 'dist', 'main.js');

export interface ServerProcess {
  url: string;
  /** Ends it at once, as a crash or an OOM kill would: nothing in flight is finished. */
  kill(): Promise<void>;
  /** Ends it gracefully. */
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts the server on a loopback port (a free one unless given: a restart behind a load balancer
 * comes back on its own port) with `env` on top of a quiet test environment (no demo, no DATABASE_URL
 * of the caller's unless given) and waits until `/api/version` answers.
 */
export async function startServerProcess(env: Record<string, string>, options: { port?: number } = {}): Promise<ServerProcess> {
  if (!existsSync(mainScript)) throw new Error(`${mainScript} is missing: run \`npm run build\` first`);
  const port = options.port ?? (await freePort());
  const base: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', NODE_ENV: 'test', LOG_LEVEL: 'warn', NEGAYNO_SEED_DEMO: '0' };
  delete base.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, [mainScript], {
    env: { ...base, PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
    cwd: serverRoot,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4_000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  const end = async (signal: NodeJS.Signals) => {
    if (!hasExited) child.kill(signal);
    await exited;
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (hasExited) throw new Error(`the server exited before it was ready: ${stderr}`);
    if (Date.now() > deadline) {
      await end('SIGKILL');
      throw new Error(`the server did not answer within 90 s: ${stderr}`);
    }
    const ready = await fetch(`${url}/api/version`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, kill: () => end('SIGKILL'), stop: () => end('SIGTERM') };
}

// Issue 4 figures: the board calls on a 2,000-task project. `negayno-admin bench-project` makes the
// project on a fresh data directory, then the built server starts on it; the admin of the demo signs in,
// warms up, and asks each call 200 times in a row. Server time is the answer's Server-Timing (arrival to
// answer sent), round-trip is what the client waited for over loopback, JSON parsing included.
import { newDataDir, runAdmin, startServer } from '../support/server.mjs';
import { summary } from './lib/stats.mjs';
import { signInCookie } from './lib/sign-in.mjs';

const TASKS = Number(process.env.BENCH_TASKS ?? 2000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARM_UP = 20;

async function measure(url, path, cookie) {
  const server = [];
  const roundTrip = [];
  let cards = 0;
  for (let i = 0; i < WARM_UP + REQUESTS; i++) {
    const started = performance.now();
    const response = await fetch(`${url}${path}`, { headers: { cookie } });
    const body = await response.json();
    const elapsed = performance.now() - started;
    if (body.status !== 'ok') throw new Error(`${path}: ${JSON.stringify(body).slice(0, 200)}`);
    if (i < WARM_UP) continue;
    cards = body.data.length;
    roundTrip.push(elapsed);
    server.push(Number(/dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? NaN));
  }
  return { server, roundTrip, cards };
}

export async function run() {
  const dataDir = newDataDir();
  const setUp = performance.now();
  const projectId = Number(
    runAdmin(dataDir, ['bench-project', '--tasks', String(TASKS)])
      .trim()
      .split('\n')
      .at(-1),
  );
  const lines = [`bench-project --tasks ${TASKS} (migrate, demo seed, set-based insert): ${((performance.now() - setUp) / 1000).toFixed(1)} s`];
  const server = await startServer({}, { dataDir });
  try {
    const cookie = await signInCookie(server.url);
    for (const [name, path] of [
      [`GET /api/project/{id}/tasks`, `/api/project/${projectId}/tasks`],
      ['GET /api/tasks', '/api/tasks'],
    ]) {
      const figures = await measure(server.url, path, cookie);
      lines.push(`${name} (${figures.cards} cards), server: ${summary(figures.server)}`);
      lines.push(`${name} (${figures.cards} cards), round-trip: ${summary(figures.roundTrip)}`);
    }
  } finally {
    await server.stop();
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) for (const line of await run()) console.log(line);

// Issue 15 figures: the API under load. One run prints, side by side, the machine's HTTP ceiling (a bare
// node:http server answering a small JSON, in its own process) and the signed-in calls of a 2,000-card
// project at 20 and 100 concurrent connections, on the embedded PGlite and on a PostgreSQL server:
// requests per second, p50, p99 and errors (autocannon, loopback only, bounded in time).
//
// PostgreSQL: a database is made for the run on BENCH_DATABASE_URL's server (default: the machine's,
// postgres://postgres@127.0.0.1:5432) and dropped after it. Nothing here asserts a figure.
import { spawn, spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import { newDataDir, runAdmin, startServer } from '../support/server.mjs';
import { signInCookie } from './lib/sign-in.mjs';
import { UNLIMITED } from './lib/unlimited.mjs';

const TASKS = Number(process.env.BENCH_TASKS ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '20,100').split(',').map(Number);
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Only the calls whose line names one of these (a comma list), to measure one call again: "profile,tasks". */
const CALLS = process.env.BENCH_CALLS?.split(',').filter(Boolean) ?? [];
// The per-user brake (600 a minute) would answer 429 to a load test within a second.
/** A bare node:http server in a process of its own: the ceiling every figure is read against. */
async function startBareServer() {
  const source = `
    const server = require('node:http').createServer((request, response) => {
      const body = JSON.stringify({ status: 'ok', data: { version: '0.1.0' } });
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      response.end(body);
    });
    server.listen(0, '127.0.0.1', () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve) => child.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim()))));
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

/**
 * Waits until the server has worked off what the last line left queued: autocannon stops sending, but
 * the server still answers every request it took (a hundred 2,000-card boards take seconds), and the
 * next line would measure that backlog instead of its own call.
 */
async function drained(url, headers) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    await (await fetch(url, { headers })).arrayBuffer();
    if (performance.now() - started < 100) return;
  }
}

/** `${engine} ${name} c=${connections}` (the ceiling's without the engine) → requests per second. */
const measured = new Map();

/**
 * Runs one call for SECONDS at `connections` and answers its line of the table; then waits until a
 * database read (`drainPath`, signed in like the call) is quick again before the next line starts.
 */
async function load(name, url, connections, request = {}, drainPath = '/api/version', key = name) {
  const result = await autocannon({
    url,
    connections,
    duration: SECONDS,
    ...request,
    headers: { 'accept-encoding': 'gzip, br', ...request.headers },
  });
  await drained(`${new URL(url).origin}${drainPath}`, request.headers ?? {});
  const errors = result.errors + result.timeouts + result.non2xx;
  // Requests per second by line, for the shares of the ceiling printed at the end.
  measured.set(`${key} c=${connections}`, result.requests.average);
  return `${name.padEnd(44)} c=${String(connections).padStart(3)}  ${Math.round(result.requests.average).toString().padStart(6)} req/s  p50 ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms  errors ${errors}`;
}

function psql(sqlText) {
  const result = spawnSync('psql', [SERVER_URL, '-v', 'ON_ERROR_STOP=1', '-qc', sqlText], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`psql failed: ${result.stderr || result.error}`);
}

/** A database of its own for one engine: PGlite in a data directory, or a fresh PostgreSQL database. */
function databaseFor(engine) {
  if (engine === 'pglite') return { env: {}, drop: () => {} };
  const name = `negayno_bench_${process.pid}`;
  psql(`DROP DATABASE IF EXISTS ${name}`);
  psql(`CREATE DATABASE ${name}`);
  const databaseUrl = new URL(SERVER_URL);
  databaseUrl.pathname = `/${name}`;
  return { env: { DATABASE_URL: databaseUrl.toString() }, drop: () => psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function engineLines(engine) {
  const database = databaseFor(engine);
  const dataDir = newDataDir();
  const lines = [];
  try {
    const projectId = Number(
      runAdmin(dataDir, ['bench-project', '--tasks', String(TASKS)], database.env)
        .trim()
        .split('\n')
        .at(-1),
    );
    const server = await startServer({ ...UNLIMITED, NEGAYNO_SEED_DEMO: '0', ...database.env }, { dataDir });
    try {
      const cookie = await signInCookie(server.url);
      const signedIn = { headers: { cookie } };
      const json = { ...signedIn, headers: { ...signedIn.headers, 'content-type': 'application/json', origin: server.url } };
      const calls = [
        ['GET /api/version (no session)', '/api/version', {}],
        ['GET /api/user/profile', '/api/user/profile', signedIn],
        ['GET /api/projects', '/api/projects', signedIn],
        ['GET /api/project/{id}', `/api/project/${projectId}`, signedIn],
        [`GET /api/project/{id}/tasks (${TASKS} cards)`, `/api/project/${projectId}/tasks`, signedIn],
        ['GET /api/user/balance', '/api/user/balance', signedIn],
        ['GET /api/project/{id}/archive', `/api/project/${projectId}/archive`, signedIn],
        ['POST /api/project/{id}/new-task', `/api/project/${projectId}/new-task`, { ...json, method: 'POST', body: JSON.stringify({ name: 'Load' }) }],
        [
          'PUT /api/project/{id}/update-name',
          `/api/project/${projectId}/update-name`,
          { ...json, method: 'PUT', body: JSON.stringify({ name: 'Bench project' }) },
        ],
      ];
      const chosen = CALLS.length === 0 ? calls : calls.filter(([name]) => CALLS.some((part) => name.includes(part)));
      for (const connections of CONNECTIONS) {
        for (const [name, path, request] of chosen) {
          lines.push(`${engine.padEnd(8)} ${await load(name, `${server.url}${path}`, connections, request, '/api/user/balance', `${engine} ${name}`)}`);
        }
      }
    } finally {
      await server.stop();
    }
  } finally {
    database.drop();
  }
  return lines;
}

export async function run() {
  const lines = [`${SECONDS} s per line, autocannon in this process, loopback, ${TASKS}-card project`];
  const bare = await startBareServer();
  try {
    for (const connections of CONNECTIONS) lines.push(`ceiling  ${await load('bare node:http, small JSON', bare.url, connections)}`);
  } finally {
    bare.stop();
  }
  for (const engine of ENGINES) lines.push(...(await engineLines(engine)));
  // The issue's goal, side by side: a signed-in read's share of what the bare HTTP stack answers.
  for (const engine of ENGINES) {
    for (const connections of CONNECTIONS) {
      const ceiling = measured.get(`bare node:http, small JSON c=${connections}`);
      const profile = measured.get(`${engine} GET /api/user/profile c=${connections}`);
      if (ceiling && profile) lines.push(`${engine.padEnd(8)} profile at c=${connections}: ${((profile / ceiling) * 100).toFixed(1)} % of the ceiling`);
    }
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) for (const line of await run()) console.log(line);

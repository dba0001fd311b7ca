// Issue 38 figures: "find anything" on a seeded large install, on each engine. `negayno-admin
// bench-search` makes BENCH_SEARCH_PROJECTS projects with BENCH_SEARCH_TASKS tasks (descriptions, offers,
// two chats each) and BENCH_SEARCH_MESSAGES messages (issue: 50 / 10,000 / 200,000); the built server
// starts on it. One user (the pm: every project, both chats, people) asks each query of QUERIES in turn,
// REQUESTS calls after a warm-up, one at a time: server time is the answer's Server-Timing, round-trip what
// the client waited. On PostgreSQL, CLIENTS clients then search at once for LOAD_SECONDS: searches a second.
// Then the palette in Chromium: each query typed at a person's pace (TYPING_DELAY between keys), from the
// last keystroke to its results painted (the frame after the list says it holds that text's results).
// PostgreSQL is a fresh database on BENCH_DATABASE_URL's server (or TEST_DATABASE_URL's), dropped after;
// with BENCH_SEARCH_KEEP=<name> it is the database of that name, seeded only when it does not exist yet and
// kept after (to measure again without seeding for minutes); PGlite's seeded data directory is then kept
// as a copy in the temporary directory, named so too, and copied for each run. BENCH_SEARCH_STEPS picks the figures
// (one,paged,palette,load: all by default), e.g. `BENCH_SEARCH_ENGINES=postgres BENCH_SEARCH_STEPS=load`.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
/* global document, window, requestAnimationFrame, CSS -- the page.evaluate callbacks run in the browser */
import { launchChromium } from './lib/browser.mjs';
import { newDataDir, runAdmin, startServer } from '../support/server.mjs';
import { signInCookie } from './lib/sign-in.mjs';
import { summary } from './lib/stats.mjs';
import { UNLIMITED } from './lib/unlimited.mjs';

const SIZES = {
  projects: Number(process.env.BENCH_SEARCH_PROJECTS ?? 50),
  tasks: Number(process.env.BENCH_SEARCH_TASKS ?? 10_000),
  messages: Number(process.env.BENCH_SEARCH_MESSAGES ?? 200_000),
};
const ENGINES = (process.env.BENCH_SEARCH_ENGINES ?? 'postgres,pglite').split(',');
const REQUESTS = Number(process.env.BENCH_SEARCH_REQUESTS ?? 200);
const WARM_UP = 20;
const CLIENTS = Number(process.env.BENCH_SEARCH_CLIENTS ?? 20);
const LOAD_SECONDS = Number(process.env.BENCH_SEARCH_SECONDS ?? 10);
const PALETTE_ROUNDS = Number(process.env.BENCH_SEARCH_PALETTE_ROUNDS ?? 5);
const TYPING_DELAY = 80;
const KEEP = process.env.BENCH_SEARCH_KEEP ?? '';
const VACUUM = process.env.BENCH_SEARCH_VACUUM !== '0';
const STEPS = new Set((process.env.BENCH_SEARCH_STEPS ?? 'one,paged,palette,load').split(','));
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Word starts, word forms, two words, typos, English, a task number: what the palette is asked. */
const QUERIES = ['оплат', 'рахунку форма', 'кешуваня', 'оплта', 'landing page', 'замовл', 'доставка клієнт', '#1005'];

function psql(sqlText) {
  const result = spawnSync('psql', [SERVER_URL, '-v', 'ON_ERROR_STOP=1', '-qc', sqlText], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`psql failed: ${result.stderr || result.error}`);
}

function psqlOn(url, sqlText) {
  const result = spawnSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qc', sqlText], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`psql failed: ${result.stderr || result.error}`);
}

function psqlValue(sqlText) {
  const result = spawnSync('psql', [SERVER_URL, '-v', 'ON_ERROR_STOP=1', '-qtAc', sqlText], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`psql failed: ${result.stderr || result.error}`);
  return result.stdout.trim();
}

function databaseFor(engine) {
  if (engine === 'pglite') return { env: {}, drop: () => {}, seeded: false, kept: KEEP ? join(tmpdir(), KEEP) : null };
  if (KEEP) {
    if (!/^[a-z0-9_]+$/.test(KEEP)) throw new Error(`BENCH_SEARCH_KEEP: not a database name: ${KEEP}`);
    const url = new URL(SERVER_URL);
    url.pathname = `/${KEEP}`;
    const exists = psqlValue(`SELECT count(*) FROM pg_database WHERE datname = '${KEEP}'`) === '1';
    if (!exists) psql(`CREATE DATABASE ${KEEP}`);
    return { env: { DATABASE_URL: url.toString() }, drop: () => {}, seeded: exists };
  }
  const name = `negayno_bench_search_${process.pid}`;
  psql(`DROP DATABASE IF EXISTS ${name}`);
  psql(`CREATE DATABASE ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return { env: { DATABASE_URL: url.toString() }, drop: () => psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`), seeded: false };
}

const pathOf = (q, extra = '') => `/api/search?q=${encodeURIComponent(q)}${extra}`;

async function ask(url, path, cookie) {
  const started = performance.now();
  const response = await fetch(`${url}${path}`, { headers: { cookie } });
  const body = await response.json();
  const roundTrip = performance.now() - started;
  if (body.status !== 'ok') throw new Error(`${path}: ${JSON.stringify(body).slice(0, 200)}`);
  const server = Number(/dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? NaN);
  return { server, roundTrip, hits: body.data.groups.reduce((sum, group) => sum + group.list.length, 0) };
}

async function oneUser(url, cookie, paths) {
  const server = [];
  const roundTrip = [];
  for (let i = 0; i < WARM_UP + REQUESTS; i += 1) {
    const figures = await ask(url, paths[i % paths.length], cookie);
    if (i < WARM_UP) continue;
    server.push(figures.server);
    roundTrip.push(figures.roundTrip);
  }
  return { server, roundTrip };
}

async function manyUsers(url, cookie, paths) {
  let done = 0;
  const until = performance.now() + LOAD_SECONDS * 1000;
  const latencies = [];
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = client; performance.now() < until; i += 1) {
        latencies.push((await ask(url, paths[i % paths.length], cookie)).roundTrip);
        done += 1;
      }
    }),
  );
  return { perSecond: done / LOAD_SECONDS, latencies };
}

/** Keystroke → results painted in the palette, for each query typed whole PALETTE_ROUNDS times. */
async function paletteTimes(url, email) {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: url });
    const login = await context.request.post('/api/login', { data: { email, password: 'negayno-demo' } });
    if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('search-open').waitFor();
    // Typed Cyrillic arrives as text input, without a keydown: the keystroke is timed at its input event.
    await page.evaluate(() => document.addEventListener('input', (event) => (window.lastKeyAt = event.timeStamp), { capture: true }));
    await page.keyboard.press('Control+k');
    const input = page.getByTestId('search-input');
    await input.waitFor();
    const times = [];
    for (let round = 0; round < PALETTE_ROUNDS + 1; round += 1) {
      for (const q of QUERIES) {
        await input.fill('');
        await page.keyboard.type(q.slice(0, -1), { delay: TYPING_DELAY });
        await page.waitForTimeout(TYPING_DELAY);
        await page.keyboard.type(q.at(-1));
        const painted = await page.evaluate(
          (wanted) =>
            new Promise((resolve, reject) => {
              const giveUp = performance.now() + 10_000;
              const check = () => {
                if (performance.now() > giveUp) reject(new Error(`no results painted for ${wanted}`));
                else if (document.querySelector(`[data-testid="search-palette"] [data-results-for="${CSS.escape(wanted)}"]`))
                  requestAnimationFrame(() => resolve(performance.now() - window.lastKeyAt));
                else requestAnimationFrame(check);
              };
              check();
            }),
          q.trim(),
        );
        // The first round warms the code and the server's caches.
        if (round > 0) times.push(painted);
      }
    }
    return times;
  } finally {
    await browser.close();
  }
}

async function engineLines(engine) {
  const database = databaseFor(engine);
  const dataDir = newDataDir();
  const lines = [];
  try {
    const started = performance.now();
    if (database.kept && existsSync(database.kept)) {
      cpSync(database.kept, dataDir, { recursive: true });
      database.seeded = true;
    }
    if (database.seeded) lines.push(`${engine}: the database ${KEEP} as seeded before (BENCH_SEARCH_KEEP)`);
    else {
      const made = runAdmin(
        dataDir,
        ['bench-search', '--projects', String(SIZES.projects), '--tasks', String(SIZES.tasks), '--messages', String(SIZES.messages)],
        database.env,
      )
        .trim()
        .split('\n')
        .at(-1);
      lines.push(`${engine}: seeded ${made} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
      // What autovacuum does to a live install soon after a bulk load (insert-triggered, since PostgreSQL
      // 13): statistics, and the GIN indexes' pending lists merged into the indexes, which every search
      // otherwise reads through (a test server may run with autovacuum off). BENCH_SEARCH_VACUUM=0: as seeded.
      if (engine === 'postgres' && VACUUM) psqlOn(database.env.DATABASE_URL, 'VACUUM ANALYZE');
      if (database.kept) cpSync(dataDir, database.kept, { recursive: true });
    }
    const server = await startServer({ ...UNLIMITED, NEGAYNO_SEED_DEMO: '0', ...database.env }, { dataDir });
    try {
      const cookie = await signInCookie(server.url, 'pm@demo.test');
      const overview = QUERIES.map((q) => pathOf(q));
      const hits = await Promise.all(overview.map(async (path) => (await ask(server.url, path, cookie)).hits));
      lines.push(`${engine}: results of the overview per query: ${QUERIES.map((q, i) => `${q} ${hits[i]}`).join(', ')}`);
      if (STEPS.has('one')) {
        const one = await oneUser(server.url, cookie, overview);
        lines.push(`${engine}: GET /api/search (overview, ${QUERIES.length} queries), one user, server: ${summary(one.server)}`);
        lines.push(`${engine}: GET /api/search (overview), one user, round-trip: ${summary(one.roundTrip)}`);
      }
      if (STEPS.has('paged')) {
        const paged = await oneUser(
          server.url,
          cookie,
          QUERIES.map((q) => pathOf(q, '&kind=messages&offset=20')),
        );
        lines.push(`${engine}: GET /api/search?kind=messages&offset=20 (a page of 20), one user, server: ${summary(paged.server)}`);
      }
      if (STEPS.has('palette')) {
        const palette = await paletteTimes(server.url, 'pm@demo.test');
        lines.push(`${engine}: the palette in Chromium, last keystroke → results painted (typed at ${TYPING_DELAY} ms a key): ${summary(palette)}`);
      }
      if (engine === 'postgres' && STEPS.has('load')) {
        const load = await manyUsers(server.url, cookie, overview);
        lines.push(`${engine}: ${CLIENTS} clients for ${LOAD_SECONDS} s: ${load.perSecond.toFixed(0)} searches/s, round-trip: ${summary(load.latencies)}`);
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
  const lines = [`sizes: ${SIZES.projects} projects, ${SIZES.tasks} tasks, ${SIZES.messages} messages (BENCH_SEARCH_PROJECTS / _TASKS / _MESSAGES)`];
  for (const engine of ENGINES) {
    try {
      lines.push(...(await engineLines(engine)));
    } catch (error) {
      lines.push(`${engine}: failed: ${error.message}`);
    }
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) for (const line of await run()) console.log(line);

// Issue 37 figures: a project's export on a large project. `negayno-admin bench-search --projects 1`
// makes one project of BENCH_EXPORT_TASKS tasks and BENCH_EXPORT_MESSAGES messages (the issue: 10,000 /
// 50,000), BENCH_EXPORT_FILES task files of BENCH_EXPORT_FILE_KB each are added on disk (the issue: 1,000),
// and the built server starts on it (PostgreSQL: a fresh database on BENCH_DATABASE_URL's server, or
// TEST_DATABASE_URL's, dropped after). The project's am (both chats) exports it: the time from the request
// to the ready archive, the archive's size, and the server process's resident memory before, its peak
// sampled while the archive was made, and the process's high-water mark (VmHWM) afterwards.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { newDataDir, runAdmin, startServer } from '../support/server.mjs';
import { signInCookie } from './lib/sign-in.mjs';
import { UNLIMITED } from './lib/unlimited.mjs';

const SIZES = {
  tasks: Number(process.env.BENCH_EXPORT_TASKS ?? 10_000),
  messages: Number(process.env.BENCH_EXPORT_MESSAGES ?? 50_000),
  files: Number(process.env.BENCH_EXPORT_FILES ?? 1_000),
  fileKb: Number(process.env.BENCH_EXPORT_FILE_KB ?? 32),
};
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function psql(url, sqlText) {
  const result = spawnSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qAtc', sqlText], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`psql failed: ${result.stderr || result.error}`);
  return result.stdout.trim();
}

/** Resident memory of a process in MB, from /proc (Linux): `VmRSS` now, `VmHWM` its peak so far. */
function memoryOf(pid, field) {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

async function api(url, cookie, method, path) {
  const response = await fetch(`${url}/api${path}`, { method, headers: { cookie } });
  const body = await response.json();
  if (body.status !== 'ok') throw new Error(`${method} ${path}: ${JSON.stringify(body).slice(0, 200)}`);
  return body.data;
}

export async function run() {
  const name = `negayno_bench_export_${process.pid}`;
  psql(SERVER_URL, `DROP DATABASE IF EXISTS ${name}`);
  psql(SERVER_URL, `CREATE DATABASE ${name}`);
  const databaseUrl = Object.assign(new URL(SERVER_URL), { pathname: `/${name}` }).toString();
  const env = { DATABASE_URL: databaseUrl };
  const dataDir = newDataDir();
  const lines = [
    `sizes: ${SIZES.tasks} tasks, ${SIZES.messages} messages, ${SIZES.files} files of ${SIZES.fileKb} KB (BENCH_EXPORT_TASKS / _MESSAGES / _FILES / _FILE_KB)`,
  ];
  try {
    let started = performance.now();
    runAdmin(dataDir, ['bench-search', '--projects', '1', '--tasks', String(SIZES.tasks), '--messages', String(SIZES.messages)], env);
    // The files: rows on the project's first tasks, bytes under the server's FILES_DIR (DATA_DIR/files).
    const projectId = Number(psql(databaseUrl, `SELECT id FROM projects WHERE name = 'Пошук 1'`));
    mkdirSync(join(dataDir, 'files', 'bench'), { recursive: true });
    const bytes = Buffer.alloc(SIZES.fileKb * 1024, 'negayno export benchmark ');
    for (let i = 0; i < SIZES.files; i += 1) writeFileSync(join(dataDir, 'files', 'bench', `${i}.pdf`), bytes);
    psql(
      databaseUrl,
      `INSERT INTO task_files (task_id, author_id, name, extension, kind, mime, size, storage_key, color)
       SELECT t.id, t.author_id, 'Файл ' || (n.i + 1) || '.pdf', 'pdf', 'documents', 'application/pdf', ${bytes.length}, 'bench/' || n.i || '.pdf', '#2080c0'
       FROM generate_series(0, ${SIZES.files - 1}) AS n (i)
       JOIN (SELECT id, author_id, row_number() OVER (ORDER BY id) - 1 AS r FROM tasks WHERE project_id = ${projectId}) AS t ON t.r = n.i % ${SIZES.tasks}`,
    );
    lines.push(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);

    const server = await startServer({ ...UNLIMITED, NEGAYNO_SEED_DEMO: '0', ...env }, { dataDir });
    try {
      const cookie = await signInCookie(server.url, 'am@demo.test');
      const before = memoryOf(server.pid, 'VmRSS');
      let peak = before;
      started = performance.now();
      let answer = await api(server.url, cookie, 'POST', `/project/${projectId}/export`);
      while (answer.status === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 100));
        peak = Math.max(peak, memoryOf(server.pid, 'VmRSS'));
        answer = await api(server.url, cookie, 'GET', `/project/${projectId}/export`);
      }
      const seconds = (performance.now() - started) / 1000;
      if (answer.status !== 'ready') throw new Error(`the export ${answer.status}`);
      lines.push(`export (am: both chats, every file): ready in ${seconds.toFixed(1)} s, archive ${(answer.size / 1024 / 1024).toFixed(1)} MB`);
      lines.push(
        `server memory (RSS): ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB peak sampled during the export, high-water mark of the process ${memoryOf(server.pid, 'VmHWM').toFixed(0)} MB`,
      );
      started = performance.now();
      const download = await fetch(`${server.url}${answer.url}`, { headers: { cookie } });
      const size = (await download.arrayBuffer()).byteLength;
      lines.push(`download: ${(size / 1024 / 1024).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    } finally {
      await server.stop();
    }
  } finally {
    psql(SERVER_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) for (const line of await run()) console.log(line);

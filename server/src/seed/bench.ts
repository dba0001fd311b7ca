/**
 * A big project for the benchmarks (`negayno-admin bench-project --tasks N`): owned by the demo's
 * administrator, its staff attached, N tasks spread evenly over the statuses of the board with the dates
 * each status carries, the performer on the tasks from estimation on. One INSERT … SELECT per status,
 * so 2,000 or 20,000 tasks take about as long as 20.
 */
import { TASK_STATUSES, type TaskStatus } from '@negayno/shared/contract';
import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { findUserByEmail } from '../modules/users/index.js';
import { attachStaff, createProject, datesForStatus } from './builders.js';

const BOARD_STATUSES = TASK_STATUSES.filter((status) => status !== 'archived');
const PERFORMED_FROM = TASK_STATUSES.indexOf('estimation');

export async function seedBenchProject(db: Db, taskCount: number): Promise<{ projectId: number }> {
  return db.transaction().execute(async (trx) => {
    const byEmail = async (email: string) => {
      const user = await findUserByEmail(trx, email);
      if (!user) throw new Error(`${email} is missing: seed the demo first (negayno-admin seed-demo)`);
      return user;
    };
    const admin = await byEmail('admin@demo.test');
    const performer = await byEmail('performer@demo.test');
    const project = await createProject(trx, { owner: admin, name: `Бенчмарк: ${taskCount} задач` });
    for (const staff of ['am', 'pm', 'sm']) await attachStaff(trx, project, await byEmail(`${staff}@demo.test`));

    const now = new Date();
    let first = 1;
    for (const [index, status] of BOARD_STATUSES.entries()) {
      const count = Math.floor(taskCount / BOARD_STATUSES.length) + (index < taskCount % BOARD_STATUSES.length ? 1 : 0);
      if (count === 0) continue;
      await insertSeries(trx, { projectId: project.id, authorId: admin.id, status, first, count, dates: datesForStatus(status, now) });
      if (TASK_STATUSES.indexOf(status) >= PERFORMED_FROM) {
        await sql`INSERT INTO task_performers (task_id, user_id)
          SELECT id, ${performer.id} FROM tasks WHERE project_id = ${project.id} AND status = ${status}`.execute(trx);
      }
      first += count;
    }
    await trx
      .updateTable('projects')
      .set({ task_seq: first - 1 })
      .where('id', '=', project.id)
      .execute();
    return { projectId: project.id };
  });
}

/** `count` tasks numbered from `first`, one statement: names, importance and negayno vary with the number. */
async function insertSeries(
  db: Db,
  series: { projectId: number; authorId: number; status: TaskStatus; first: number; count: number; dates: object },
): Promise<void> {
  const dateColumns = Object.entries(series.dates as Record<string, unknown>).filter((entry): entry is [string, Date] => entry[1] instanceof Date);
  const columns = sql.join([
    sql`project_id`,
    sql`number`,
    sql`name`,
    sql`status`,
    sql`author_id`,
    sql`importance`,
    sql`negayno`,
    ...dateColumns.map(([name]) => sql.ref(name)),
  ]);
  const values = sql.join([
    sql`${series.projectId}::int`,
    sql`n`,
    sql`'Задача №' || n`,
    sql`${series.status}`,
    sql`${series.authorId}::int`,
    sql`n % 5`,
    sql`n % 7 = 0`,
    ...dateColumns.map(([, date]) => sql`${date.toISOString()}::timestamptz`),
  ]);
  await sql`INSERT INTO tasks (${columns})
    SELECT ${values} FROM generate_series(${series.first}::int, ${series.first + series.count - 1}::int) AS n`.execute(db);
}

/** Words the search benchmark's texts are made of: Ukrainian and English, with shared word starts. */
const SEARCH_WORDS = [
  'оплата',
  'оплати',
  'рахунок',
  'рахунку',
  'форма',
  'форми',
  'лендінг',
  'сторінка',
  'кошик',
  'доставка',
  'замовлення',
  'клієнт',
  'дизайн',
  'макет',
  'верстка',
  'банер',
  'логотип',
  'каталог',
  'фільтр',
  'пошук',
  'payment',
  'invoice',
  'checkout',
  'landing',
  'page',
  'cart',
  'delivery',
  'order',
  'design',
  'layout',
  'мобільна',
  'версія',
  'швидкість',
  'кешування',
  'сервер',
  'база',
  'даних',
  'тест',
  'реліз',
  'помилка',
];

/** `count` words of SEARCH_WORDS picked by `n` (an SQL integer expression) and a salt, joined by spaces. */
function wordsOf(n: ReturnType<typeof sql>, salt: number, count: number) {
  const words = sql.raw(`ARRAY[${SEARCH_WORDS.map((word) => `'${word}'`).join(',')}]`);
  return sql.join(
    Array.from(
      { length: count },
      (_, index) => sql`(${words})[1 + ((${n})::bigint * ${7919 + salt * 31 + index * 104_729} + ${index}) % ${SEARCH_WORDS.length}]`,
    ),
    sql` || ' ' || `,
  );
}

export interface SearchBenchSizes {
  projects: number;
  tasks: number;
  messages: number;
}

/**
 * A large install for the search benchmark (`negayno-admin bench-search`): `projects` projects of the
 * demo's administrator with its staff attached, `tasks` tasks spread over them (names and descriptions
 * of a few words of SEARCH_WORDS, statuses from discussion on, so each has its two chats and an offer
 * every third), and `messages` messages spread over the chats, three in four in the main chat. Set-based
 * inserts: the indexes of the search are kept by the same statements.
 */
export function seedBenchSearch(db: Db, sizes: SearchBenchSizes): Promise<SearchBenchSizes> {
  // One transaction: one connection of a pool, which the temporary table below lives on.
  return db.transaction().execute((trx) => seedSearchInstall(trx, sizes));
}

async function seedSearchInstall(db: Db, sizes: SearchBenchSizes): Promise<SearchBenchSizes> {
  const byEmail = async (email: string) => {
    const user = await findUserByEmail(db, email);
    if (!user) throw new Error(`${email} is missing: seed the demo first (negayno-admin seed-demo)`);
    return user;
  };
  const admin = await byEmail('admin@demo.test');
  const pm = await byEmail('pm@demo.test');
  const performer = await byEmail('performer@demo.test');
  const projectIds: number[] = [];
  for (let index = 0; index < sizes.projects; index += 1) {
    const project = await createProject(db, { owner: admin, name: `Пошук ${index + 1}` });
    for (const staff of ['am', 'pm', 'sm']) await attachStaff(db, project, await byEmail(`${staff}@demo.test`));
    projectIds.push(project.id);
  }
  const statuses = ['discussion', 'estimation', 'offer', 'in_work', 'testing', 'review', 'archived'];
  const projects = sql.raw(`ARRAY[${projectIds.join(',')}]`);
  const n = sql`n`;
  // Numbers go on per project: the n-th task is number n / projects + 1 of project n % projects.
  await sql`INSERT INTO tasks (project_id, number, name, description, status, author_id, created_at, updated_at)
    SELECT (${projects})[1 + n % ${sizes.projects}], 1000 + n / ${sizes.projects}, 'Задача ' || ${wordsOf(n, 1, 3)},
      '<p>' || ${wordsOf(n, 2, 12)} || '. ' || ${wordsOf(n, 3, 10)} || '.</p>',
      (${sql.raw(`ARRAY[${statuses.map((status) => `'${status}'`).join(',')}]`)})[1 + n % ${statuses.length}], ${admin.id}::int, now(), now()
    FROM generate_series(0, ${sizes.tasks - 1}::int) AS n`.execute(db);
  await sql`UPDATE projects p SET task_seq = (SELECT coalesce(max(number), 0) FROM tasks t WHERE t.project_id = p.id) WHERE p.id IN (${sql.join(projectIds)})`.execute(
    db,
  );
  const tasks = sql`SELECT id FROM tasks WHERE project_id IN (${sql.join(projectIds)})`;
  await sql`INSERT INTO task_performers (task_id, user_id) SELECT id, ${performer.id}::int FROM (${tasks}) AS t WHERE id % 2 = 0`.execute(db);
  await sql`INSERT INTO chats (task_id, key) SELECT id, key FROM (${tasks}) AS t, (VALUES ('main'), ('work')) AS k (key)`.execute(db);
  await sql`INSERT INTO task_documents (task_id, type, version, name, description, work_list, urgencies, currency, author_id)
    SELECT id, 'offer', 1, 'Пропозиція: ' || ${wordsOf(sql`id`, 4, 3)}, ${wordsOf(sql`id`, 5, 8)}, '[]'::jsonb, '[]'::jsonb, 'UAH', ${admin.id}::int
    FROM (${tasks}) AS t WHERE id % 3 = 0`.execute(db);
  // The chats in a numbered list, so message m goes to chat m % chats: three in four in a main chat.
  await sql`CREATE TEMP TABLE bench_chats AS
    SELECT row_number() OVER (ORDER BY c.id) - 1 AS i, c.id FROM chats c JOIN tasks t ON t.id = c.task_id
    WHERE t.project_id IN (${sql.join(projectIds)}) AND (c.key = 'main' OR c.task_id % 3 = 0)`.execute(db);
  const chatCount = Number((await sql<{ count: number }>`SELECT count(*)::int AS count FROM bench_chats`.execute(db)).rows[0]!.count);
  const batch = 50_000;
  for (let from = 0; from < sizes.messages; from += batch) {
    const to = Math.min(sizes.messages, from + batch) - 1;
    await sql`INSERT INTO messages (chat_id, author_id, body)
      SELECT c.id, CASE WHEN n % 2 = 0 THEN ${admin.id}::int ELSE ${pm.id}::int END, initcap(${wordsOf(n, 6, 9)}) || '. ' || ${wordsOf(n, 7, 6)} || '?'
      FROM generate_series(${from}::int, ${to}::int) AS n JOIN bench_chats c ON c.i = n % ${chatCount}`.execute(db);
  }
  await sql`DROP TABLE bench_chats`.execute(db);
  return sizes;
}

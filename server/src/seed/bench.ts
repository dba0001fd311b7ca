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

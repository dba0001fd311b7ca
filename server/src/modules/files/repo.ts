/** Queries of the task_files table. */
import type { Db } from '../../db/connection.js';
import type { Insertable } from 'kysely';
import type { TaskFilesTable } from '../../db/schema.js';

export function filesOfTask(db: Db, taskId: number) {
  return db.selectFrom('task_files').selectAll().where('task_id', '=', taskId).orderBy('id').execute();
}

export function findFile(db: Db, fileId: number) {
  return db.selectFrom('task_files').selectAll().where('id', '=', fileId).executeTakeFirst();
}

export type FileRow = NonNullable<Awaited<ReturnType<typeof findFile>>>;

export async function insertFile(db: Db, file: Insertable<TaskFilesTable>): Promise<FileRow> {
  return db.insertInto('task_files').values(file).returningAll().executeTakeFirstOrThrow();
}

export async function renameFile(db: Db, fileId: number, name: string): Promise<FileRow> {
  return db.updateTable('task_files').set({ name }).where('id', '=', fileId).returningAll().executeTakeFirstOrThrow();
}

export async function deleteFile(db: Db, fileId: number): Promise<void> {
  await db.deleteFrom('task_files').where('id', '=', fileId).execute();
}

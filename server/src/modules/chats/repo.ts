import type { ChatKey } from '@negayno/shared/contract';
import type { Db } from '../../db/connection.js';

/** Creates the task's `main` and `work` chats unless they exist (a task may enter discussion twice). */
export async function createTaskChats(db: Db, taskId: number): Promise<void> {
  await db
    .insertInto('chats')
    .values([
      { task_id: taskId, key: 'main' },
      { task_id: taskId, key: 'work' },
    ])
    .onConflict((oc) => oc.columns(['task_id', 'key']).doNothing())
    .execute();
}

export async function chatIdOf(db: Db, taskId: number, key: ChatKey): Promise<number | null> {
  const row = await db.selectFrom('chats').select('id').where('task_id', '=', taskId).where('key', '=', key).executeTakeFirst();
  return row?.id ?? null;
}

export async function insertSystemMessage(db: Db, chatId: number, body: string, deadline: Date | null): Promise<number> {
  const row = await db
    .insertInto('messages')
    .values({ chat_id: chatId, author_id: null, body, date_deadline: deadline })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function messagesOf(db: Db, chatId: number) {
  return db.selectFrom('messages').select(['id', 'author_id', 'body', 'date_deadline', 'created_at']).where('chat_id', '=', chatId).orderBy('id').execute();
}

/**
 * The chats module's front door: the task chats (issue 13) and, for the task life cycle (issue 11), a
 * task's chats made when it enters discussion and the system messages each workflow step leaves (no
 * author) in the main chat, inside the step's own unit of work.
 */
import type { SystemNote } from '@negayno/shared/contract';
import type { Db } from '../../db/connection.js';
import type { TaskRef } from '../../infra/realtime/changes.js';
import type { Unit } from '../../infra/realtime/unit-of-work.js';
import { newSystemLine } from './presenters.js';
import { chatIdOf, createTaskChats, insertSystemMessage, messagesOf, unreadTextsOf } from './repo.js';

export { createTaskChats, unreadTextsOf };
export { ChatJobs, type ChatJobOptions } from './jobs.js';
export { chatsRoutes } from './routes.js';
export { ChatsService } from './service.js';

/**
 * A system message in the task's main chat; the browser appends `deadline` in bold (spec 3). A task that
 * has no chats yet (before discussion) has nowhere to say it: answers null. It is a message like any
 * other: once the step committed, the chat's open readers take it from its event and the task's unread
 * counters move.
 */
export async function postSystemMessage({ trx, changed }: Unit, task: TaskRef, note: SystemNote, deadline: Date | null = null): Promise<number | null> {
  const chatId = await chatIdOf(trx, task.id, 'main');
  if (chatId === null) return null;
  const row = await insertSystemMessage(trx, chatId, note, deadline);
  changed.message({ id: chatId, key: 'main', taskId: task.id, projectId: task.projectId }, row.id, true, { message: newSystemLine(row, note) });
  return row.id;
}

/** The main chat's messages, oldest first (the tests read what a step said). */
export async function mainChatMessages(db: Db, taskId: number) {
  const chatId = await chatIdOf(db, taskId, 'main');
  return chatId === null ? [] : messagesOf(db, chatId);
}

import type { ArchivedTask, CardColor, ChatKey, Importance, KanbanColumn, Task, TaskCard, TaskPermissions } from '@negayno/shared/contract';
import { toUnix, toUnixOrNull } from '../../lib/time.js';
import { avatarUrlOf } from '../users/index.js';
import type { StaffRow } from '../projects/index.js';
import type { ArchivedRow, CardRow, ChatRow, TaskDetailRow } from './repo.js';

/** What a card holds for its viewer alone, beside what the database read of the task. */
export interface ViewerParts {
  column: KanbanColumn | null;
  color: CardColor | null;
  chats: ChatRow[];
  whoseMove: TaskCard['whoseMove'];
  managers: TaskCard['managers'];
  can: TaskPermissions;
}

/** A project's managers as its cards show them: presented once per project, shared by its cards. */
export function toManagers(staff: StaffRow[]): TaskCard['managers'] {
  return staff.map((m) => ({ id: m.userId, firstname: m.firstname, lastname: m.lastname, role: m.role, avatarUrl: avatarUrlOf(m.avatarPath) }));
}

export function toTaskCard(row: CardRow, parts: ViewerParts): TaskCard {
  const chats: Partial<Record<ChatKey, number>> = {};
  const unread = { main: { count: 0 }, work: { count: 0 } };
  for (const chat of parts.chats) {
    chats[chat.key] = chat.chatId;
    unread[chat.key] = { count: chat.unread };
  }
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    status: row.status,
    column: parts.column,
    project: { id: row.projectId, name: row.projectName },
    author: { id: row.authorId, firstname: row.authorFirstname, lastname: row.authorLastname },
    importance: row.importance as Importance,
    negayno: row.negayno,
    color: parts.color,
    unreadMessageCounters: unread,
    chats,
    whoseMove: parts.whoseMove,
    managers: parts.managers,
    performers: row.performers ?? [],
    paused: row.paused,
    deletionRequested: row.deletionRequested,
    attachmentCount: row.attachmentCount,
    can: parts.can,
    dateCreate: row.dateCreate,
    dateUpdate: row.dateUpdate,
    datePublish: row.datePublish,
    dateArchived: row.dateArchived,
    dateStartDiscuss: row.dateStartDiscuss,
    dateDeadline: row.dateDeadline,
    datePause: row.datePause,
    dateExpiration: row.dateExpiration,
  };
}

export function toTask(card: TaskCard, task: TaskDetailRow): Task {
  return {
    ...card,
    description: task.description,
    dateStartCalc: toUnixOrNull(task.date_start_calc),
    dateSend: toUnixOrNull(task.date_send),
    datePublishExpiration: toUnixOrNull(task.date_publish_expiration),
    dateDiscussExpiration: toUnixOrNull(task.date_discuss_expiration),
    dateCalcExpiration: toUnixOrNull(task.date_calc_expiration),
    dateSendToTest: toUnixOrNull(task.date_send_to_test),
    dateSendToProd: toUnixOrNull(task.date_send_to_prod),
    dateAcceptOnTest: toUnixOrNull(task.date_accept_on_test),
    dateRejectOnProd: toUnixOrNull(task.date_reject_on_prod),
    dateRejectCalc: toUnixOrNull(task.date_reject_calc),
    dateFinishCalc: toUnixOrNull(task.date_finish_calc),
    dateApproval: toUnixOrNull(task.date_approval),
    dateSubDeadline: toUnixOrNull(task.date_sub_deadline),
    dateOfferExpiration: toUnixOrNull(task.date_offer_expiration),
    dateProdExpiration: toUnixOrNull(task.date_prod_expiration),
    dateTestExpiration: toUnixOrNull(task.date_test_expiration),
  };
}

export function toArchivedTask(row: ArchivedRow): ArchivedTask {
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    project: { id: row.projectId, name: row.projectName },
    dateCreate: toUnix(row.createdAt),
    datePublish: toUnixOrNull(row.datePublish),
    dateArchived: toUnix(row.dateArchived),
  };
}

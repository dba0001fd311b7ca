import type { ArchivedTask, CardColor, ChatKey, Importance, KanbanColumn, PersonRef, Task, TaskCard, TaskStatus } from '@negayno/shared/contract';
import { toUnix, toUnixOrNull } from '../../lib/time.js';
import { avatarUrlOf } from '../users/presenters.js';
import type { StaffRow } from '../projects/repo.js';
import { EXPIRATION_OF_STATUS } from './life-cycle.js';
import type { ArchivedRow, CardRow, ChatRow, PerformerRow, TaskDetailRow } from './repo.js';


export interface CardParts {
  column: KanbanColumn | null;
  color: CardColor | null;
  chats: ChatRow[];
  performers: PerformerRow[];
  managers: StaffRow[];
}

function person(id: number, firstname: string, lastname: string): PersonRef {
  return { id, firstname, lastname };
}

export function toTaskCard(task: CardRow, parts: CardParts): TaskCard {
  const chats: Partial<Record<ChatKey, number>> = {};
  const unread = { main: { count: 0 }, work: { count: 0 } };
  for (const chat of parts.chats) {
    chats[chat.key] = chat.chatId;
    unread[chat.key] = { count: chat.unread };
  }
  const expirationColumn = EXPIRATION_OF_STATUS[task.status];
  return {
    id: task.id,
    number: task.number,
    name: task.name,
    status: task.status,
    column: parts.column,
    project: { id: task.project_id, name: task.projectName },
    author: person(task.author_id, task.authorFirstname, task.authorLastname),
    importance: task.importance as Importance,
    negayno: task.negayno,
    color: parts.color,
    unreadMessageCounters: unread,
    chats,
    managers: parts.managers.map((m) => ({ ...person(m.userId, m.firstname, m.lastname), role: m.role, avatarUrl: avatarUrlOf(m.avatarPath) })),
    performers: parts.performers.map((p) => ({ ...person(p.userId, p.firstname, p.lastname), avatarUrl: avatarUrlOf(p.avatarPath) })),
    paused: task.date_pause !== null,
    deletionRequested: task.deletion_requested_at !== null,
    // Files arrive with the files module.
    attachmentCount: 0,
    dateCreate: toUnix(task.created_at),
    dateUpdate: toUnix(task.updated_at),
    datePublish: toUnixOrNull(task.date_publish),
    dateArchived: toUnixOrNull(task.date_archived),
    dateStartDiscuss: toUnixOrNull(task.date_start_discuss),
    dateDeadline: toUnixOrNull(task.date_deadline),
    datePause: toUnixOrNull(task.date_pause),
    dateExpiration: expirationColumn ? toUnixOrNull(task[expirationColumn] as Date | null) : null,
  };
}

export function toTask(task: TaskDetailRow, parts: CardParts, canEdit: boolean): Task {
  return {
    ...toTaskCard(task, parts),
    description: task.description,
    canEdit,
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

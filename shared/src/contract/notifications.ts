/**
 * Notifications (decisions 6): the kinds of event that notify someone, the in-app entity, and the one
 * text of each kind in both languages. The server writes the same text to Telegram and mail that the
 * browser shows in the list, so a kind's words live here once.
 */
import type { Paged } from './envelope.js';
import type { UnixSeconds } from './entities.js';

/**
 * The events that notify today. The task life cycle and the chat add theirs here (a kind, its texts
 * below); the server's `notify` takes any of them.
 */
export const NOTIFICATION_KINDS = ['invitation_sent', 'invitation_accepted', 'task_created'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What a notification's text is made of: snapshots taken when it was written (a renamed task keeps its old name here). */
export interface NotificationPayload {
  actorName?: string;
  projectName?: string;
  taskName?: string;
  taskNumber?: number;
  [key: string]: string | number | undefined;
}

/** One entry of `GET /notifications`. */
export interface Notification {
  id: number;
  kind: NotificationKind;
  payload: NotificationPayload;
  /** Where opening it leads: the task, else the project, else nowhere. */
  taskId: number | null;
  projectId: number | null;
  dateCreate: UnixSeconds;
  dateViewed: UnixSeconds | null;
}

export type NotificationPage = Paged<Notification>;

/** `POST /notifications/viewed`: how many are still unread afterwards (0), for the badge. */
export interface NotificationCount {
  notificationCount: number;
}

type Texts = Record<NotificationKind, { uk: string; en: string }>;

/** `{actor}`, `{project}`, `{task}` are filled from the payload. */
const TEXTS: Texts = {
  invitation_sent: { uk: '{actor} запрошує вас до проєкту «{project}»', en: '{actor} invited you to the project “{project}”' },
  invitation_accepted: { uk: '{actor} приєднується до проєкту «{project}»', en: '{actor} joined the project “{project}”' },
  task_created: { uk: '{actor} створює задачу #{number} «{task}» у проєкті «{project}»', en: '{actor} created task #{number} “{task}” in “{project}”' },
};

/** The text of a notification in a language; a missing part reads as empty rather than as a placeholder. */
export function notificationText(kind: NotificationKind, payload: NotificationPayload, language: 'uk' | 'en'): string {
  const values: Record<string, string> = {
    actor: payload.actorName ?? '',
    project: payload.projectName ?? '',
    task: payload.taskName ?? '',
    number: payload.taskNumber === undefined ? '' : String(payload.taskNumber),
  };
  return TEXTS[kind][language].replace(/\{(\w+)\}/g, (_match, name: string) => values[name] ?? '');
}

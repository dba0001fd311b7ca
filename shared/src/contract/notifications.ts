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
export const NOTIFICATION_KINDS = [
  'invitation_sent',
  'invitation_accepted',
  'task_created',
  'task_action',
  'chat_message',
  'chat_waiting',
  // Issue 31, the operators' console:
  'payout_settled',
  'login_as_used',
  'team_assigned',
  'team_removed',
  'project_unstaffed',
  'staffing_overdue',
  // Decisions 5: the card provider took a completed payment back.
  'payment_reversed',
  // Issue 37: a project's export the person asked for is ready to download.
  'export_ready',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The groups of events a person chooses to get by email (profile settings; all on by default). Each kind
 * belongs to one: a new kind must name its group here. `money` is for the money events that notify.
 */
export const EMAIL_GROUPS = ['tasks', 'chat', 'money', 'invitations'] as const;
export type EmailGroup = (typeof EMAIL_GROUPS)[number];

export const EMAIL_GROUP_OF: Record<NotificationKind, EmailGroup> = {
  invitation_sent: 'invitations',
  invitation_accepted: 'invitations',
  task_created: 'tasks',
  task_action: 'tasks',
  chat_message: 'chat',
  chat_waiting: 'chat',
  payout_settled: 'money',
  // A sign-in as the person: mailed whenever email is on (the tasks group is on for everyone by default).
  login_as_used: 'tasks',
  // A project's team (issue 31) is the staff's work: mailed with the task events.
  team_assigned: 'tasks',
  team_removed: 'tasks',
  project_unstaffed: 'tasks',
  staffing_overdue: 'tasks',
  payment_reversed: 'money',
  export_ready: 'tasks',
};

/** The kind that is mailed as one digest of missed messages after a quiet period, not one mail each. */
export const DIGEST_KIND: NotificationKind = 'chat_message';

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

/**
 * The one text of each notification kind in both languages (decisions 6): the server writes it to
 * Telegram and mail, the browser's notifications page shows it. Apart from notifications.ts (and out of
 * the contract's index, which the first screen shares whole) because only those two read it: they import
 * `@negayno/shared/contract/notification-texts`.
 */
import type { NotificationKind, NotificationPayload } from './notifications.js';
import { fillTemplate } from './templates.js';

type Texts = Record<NotificationKind, { uk: string; en: string }>;

/** `{actor}`, `{project}`, `{title}` (the task's number and name) are filled from the payload. */
const TEXTS: Texts = {
  invitation_sent: { uk: '{actor} запрошує вас до проєкту «{project}»', en: '{actor} invited you to the project “{project}”' },
  invitation_accepted: { uk: '{actor} приєднується до проєкту «{project}»', en: '{actor} joined the project “{project}”' },
  task_created: { uk: '{actor} створює задачу {title} у проєкті «{project}»', en: '{actor} created task {title} in “{project}”' },
  task_action: { uk: '{title}: {action} ({actor})', en: '{title}: {action} ({actor})' },
  /** A chat message to someone who did not have the chat open (issue 14). */
  chat_message: { uk: '{title}: нове повідомлення від {actor}', en: '{title}: a new message from {actor}' },
  /** The task's manager: a client's message has waited for staff longer than CHAT_WAITING_MINUTES. */
  chat_waiting: { uk: '{title}: клієнт чекає на відповідь', en: '{title}: the client is waiting for an answer' },
  /** An operator settled the person's payout (payload: outcome `completed` | `rejected`, amount, currency, note). */
  payout_settled: { uk: 'Виплату {amount} {outcome}{note}', en: 'Payout of {amount} {outcome}{note}' },
  /** A login-as code issued for the person was used to sign in as them (issue 31, support). */
  login_as_used: {
    uk: 'Служба підтримки увійшла у ваш обліковий запис за одноразовим кодом',
    en: 'Support signed in to your account with a one-time code',
  },
  /** Issue 31: the person was put on a project's team (payload.role: am, pm or sm). */
  team_assigned: { uk: 'Вас додано до команди проєкту «{project}» ({role})', en: 'You were added to the team of “{project}” ({role})' },
  /** The person left a project's team (replaced, or their account deactivated). */
  team_removed: { uk: 'Вас більше немає в команді проєкту «{project}»', en: 'You are no longer on the team of “{project}”' },
  /** To every active am and operator: a project waits for its team ("New clients"), or a task was published in one without an am. */
  project_unstaffed: { uk: 'Проєкт «{project}» чекає на команду', en: 'The project “{project}” is waiting for its team' },
  /** To operators: a project with a published task still has no am or pm after SLA_STAFFING_HOURS. */
  staffing_overdue: {
    uk: 'Проєкт «{project}» досі без команди, а задачі вже опубліковано',
    en: 'The project “{project}” still has no team, yet its tasks are published',
  },
  /** To operators: LiqPay reversed a completed card payment and it was refunded, the balance maybe below zero (payload: amount, currency, note = the order id). */
  payment_reversed: {
    uk: 'LiqPay повернув оплату {amount}, її знято з балансу; перевірте його{note}',
    en: 'LiqPay reversed a payment of {amount}; it was taken off the balance, check it{note}',
  },
  /** Issue 37: the export the person asked for is ready; its link lives EXPORT_TTL_HOURS. */
  export_ready: {
    uk: 'Експорт проєкту «{project}» готовий, завантажте його в меню проєкту',
    en: 'The export of “{project}” is ready to download from the project menu',
  },
};

/** The words of a payout's outcome (`payout_settled`'s payload.outcome). */
const PAYOUT_OUTCOME_TEXTS: Record<string, { uk: string; en: string }> = {
  completed: { uk: 'виконано', en: 'completed' },
  rejected: { uk: 'відхилено', en: 'rejected' },
};

/** `1 234,50 UAH`: minor units as the texts show them. */
function amountText(payload: NotificationPayload): string {
  if (typeof payload.amount !== 'number') return '';
  const whole = (payload.amount / 100).toFixed(2);
  return typeof payload.currency === 'string' ? `${whole} ${payload.currency}` : whole;
}

/** A task as the texts name it: `#12 «Cart»` (uk), `#12 “Cart”` (en). */
export function taskTitle(payload: Pick<NotificationPayload, 'taskNumber' | 'taskName'>, language: 'uk' | 'en'): string {
  const number = payload.taskNumber === undefined ? '' : String(payload.taskNumber);
  const name = payload.taskName ?? '';
  return language === 'uk' ? `#${number} «${name}»` : `#${number} “${name}”`;
}

/** What a step of the task life cycle did (`task_action`'s payload.action: the action's name in decisions 3). */
const TASK_ACTION_TEXTS: Record<string, { uk: string; en: string }> = {
  publish: { uk: 'задачу опубліковано', en: 'the task was published' },
  'to-drafts': { uk: 'задачу повернуто в чернетки', en: 'the task went back to drafts' },
  'to-discussion': { uk: 'задачу взято в обговорення', en: 'the task is in discussion' },
  'to-estimation': { uk: 'задачу передано на оцінку', en: 'the task was sent for an estimate' },
  'finish-evaluation': { uk: 'оцінку завершено', en: 'the estimate is done' },
  'continue-evaluation': { uk: 'оцінку продовжено', en: 'the estimate was reopened' },
  're-estimate': { uk: 'задачу повернуто на переоцінку', en: 'the task was sent back for a new estimate' },
  'restore-estimate': { uk: 'оцінку відновлено', en: 'the estimate was restored' },
  'send-offer': { uk: 'надіслано комерційну пропозицію', en: 'a commercial proposal was sent' },
  'return-offer': { uk: 'пропозицію повернуто менеджеру', en: 'the proposal went back to the manager' },
  'document-accept': { uk: 'пропозицію прийнято, задача в роботі', en: 'the proposal was accepted, the task is in work' },
  'document-reject': { uk: 'пропозицію відхилено', en: 'the proposal was declined' },
  'document-update': { uk: 'клієнт просить змінити пропозицію', en: 'the client asks to change the proposal' },
  progress: { uk: 'оновлено прогрес', en: 'the progress changed' },
  'to-manager-review': { uk: 'виконавець просить перевірити роботу', en: 'the performer asks for a review' },
  pause: { uk: 'роботу призупинено', en: 'the work was paused' },
  unpause: { uk: 'роботу відновлено', en: 'the work resumed' },
  'to-test': { uk: 'роботу передано на перевірку', en: 'the work is ready to check on test' },
  'accept-test': { uk: 'роботу на тесті прийнято', en: 'the work on test was accepted' },
  'reject-test': { uk: 'роботу на тесті повернуто', en: 'the work on test was sent back' },
  'to-prod': { uk: 'роботу передано на приймання', en: 'the work is ready to accept' },
  'accept-work': { uk: 'роботу прийнято', en: 'the work was accepted' },
  'reject-prod': { uk: 'роботу повернуто на доопрацювання', en: 'the work was sent back' },
  'add-rating': { uk: 'додано оцінку', en: 'a rating was added' },
  'finish-rating': { uk: 'задачу завершено', en: 'the task is finished' },
  'to-archive': { uk: 'задачу перенесено в архів', en: 'the task was archived' },
  restore: { uk: 'задачу відновлено з архіву', en: 'the task was restored' },
  delete: { uk: 'запит на видалення задачі', en: 'the task is asked to be deleted' },
  accept: { uk: 'видалення задачі підтверджено', en: 'the deletion was accepted' },
  reject: { uk: 'у видаленні задачі відмовлено', en: 'the deletion was refused' },
};

/** A team role as `team_assigned` names it (payload.role). */
const TEAM_ROLE_TEXTS: Record<string, { uk: string; en: string }> = {
  am: { uk: 'акаунт-менеджер', en: 'account manager' },
  pm: { uk: 'проєктний менеджер', en: 'project manager' },
  sm: { uk: 'менеджер з продажу', en: 'sales manager' },
};

/** The text of a notification in a language; a missing part reads as empty rather than as a placeholder. */
export function notificationText(kind: NotificationKind, payload: NotificationPayload, language: 'uk' | 'en'): string {
  const values: Record<string, string> = {
    actor: payload.actorName ?? '',
    project: payload.projectName ?? '',
    title: taskTitle(payload, language),
    action: typeof payload.action === 'string' ? (TASK_ACTION_TEXTS[payload.action]?.[language] ?? payload.action) : '',
    outcome: typeof payload.outcome === 'string' ? (PAYOUT_OUTCOME_TEXTS[payload.outcome]?.[language] ?? payload.outcome) : '',
    amount: amountText(payload),
    note: typeof payload.note === 'string' && payload.note !== '' ? `: ${payload.note}` : '',
    role: typeof payload.role === 'string' ? (TEAM_ROLE_TEXTS[payload.role]?.[language] ?? payload.role) : '',
  };
  return fillTemplate(TEXTS[kind][language], values);
}

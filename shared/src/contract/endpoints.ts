/**
 * Every HTTP call of the API in one table (spec 7). The server registers its routes from these
 * entries and the browser's `call` builds its requests from them, so a path, a schema or an answer
 * changes here once and both sides stop compiling where they disagree. Paths are under API_ROOT.
 */
import { loginBody, logRequestBody } from './auth.js';
import type { Balance, DescriptionHistoryEntry, PublicUser, Project, ProjectListItem, Task, TaskCard, UserProfile, VersionInfo } from './entities.js';
import { endpoint, type FileBytes } from './endpoint.js';
import {
  amountBody,
  walletPaymentBody,
  closeProjectBody,
  depositBody,
  liqpayCallbackBody,
  orderIdParam,
  testPaymentBody,
  tipsBody,
  type BalanceStatMonth,
  type Calculation,
  type Checkout,
  type CloseProjectAnswer,
  type PartnerProgram,
  type PaymentOrderState,
  type Transaction,
  type TransactionsPage,
  type WalletAnswer,
} from './money.js';
import {
  deleteProjectQuery,
  inviteBody,
  memberSettingsBody,
  nameBody,
  sortorderBody,
  taskFilterQuery,
  updateRoleBody,
  type ArchivePage,
  type DeleteProjectAnswer,
} from './projects.js';
import type { Notification, NotificationCount, NotificationPage } from './notifications.js';
import {
  CHANNELS,
  accountDeletionBody,
  channelSettingsBody,
  passwordChangeBody,
  phoneBody,
  settingsBody,
  telegramUpdateBody,
  type TelegramLink,
} from './profile.js';
import { flowStepBody, flowStepParam, fullnameBody, loginAsBody, type StepAnswer } from './registration.js';
import { descriptionBody, fileNameBody, importanceBody, type TaskDescription, type TaskFile } from './task-content.js';
import { z } from 'zod';
import { emailField, idParam } from './validation.js';
import {
  emojiBody,
  newMessageFields,
  updateMessageBody,
  type ChatMessage,
  type MessagesPage,
  type TaskChats,
  type ViewedAnswer,
  type WhoseMove,
} from './chats.js';
import { eventsQuery, type EventsPage } from './socket-events.js';
import { assignTeamBody, type StaffCandidate, type UnstaffedProject } from './staffing.js';
import {
  actionBody,
  documentActionParam,
  taskActionParam,
  type TaskActions,
  type TaskDocument,
  type TaskEstimate,
  type TaskLedger,
  type TaskStep,
} from './workflow.js';

const id = {
  project: idParam('project'),
  task: idParam('task'),
  user: idParam('user'),
  backFrom: idParam('backFrom'),
  number: idParam('transaction'),
  document: idParam('document'),
  file: idParam('file'),
  notification: idParam('notification'),
  chat: idParam('chat'),
  message: idParam('message'),
  invitation: idParam('invitation'),
  channel: z.enum(CHANNELS, { error: 'channel_not_found' }),
};

const project = { params: { id: id.project } } as const;

/** A download's query: `?download=1` asks for an attachment instead of showing it inline. */
const downloadQuery = z.object({
  download: z
    .string()
    .optional()
    .transform((value) => value === '1'),
});

/** The three step machines share one shape: `POST /{kind}/{step}`, answered with the next step. */
const flowStep = { params: { step: flowStepParam }, body: flowStepBody } as const;

export const endpoints = {
  system: {
    version: endpoint('GET', '/version', {}).answers<VersionInfo>(),
    /** For a load balancer (issue 18): the process is alive and answers. */
    health: endpoint('GET', '/health', {}).answers<{ status: 'ok' }>(),
    /** For a load balancer: the database answers and the process is not stopping; 503 `not_ready` otherwise. */
    ready: endpoint('GET', '/ready', {}).answers<{ status: 'ready' }>(),
    /** The browser posts it with navigator.sendBeacon (see api/log.ts), not through `call`. */
    log: endpoint('POST', '/log/new', { body: logRequestBody }).answers<null>(),
  },
  auth: {
    login: endpoint('POST', '/login', { body: loginBody }).answers<UserProfile>(),
    loginAs: endpoint('POST', '/login-as', { body: loginAsBody }).answers<UserProfile>(),
    logout: endpoint('GET', '/logout', {}).answers<null>(),
  },
  /** Registration, the performer's registration and password recovery (one entry per machine kind). */
  flows: {
    registration: endpoint('POST', '/registration/:step', flowStep).answers<StepAnswer>(),
    'performer-registration': endpoint('POST', '/performer-registration/:step', flowStep).answers<StepAnswer>(),
    'restore-password': endpoint('POST', '/restore-password/:step', flowStep).answers<StepAnswer>(),
  },
  users: {
    profile: endpoint('GET', '/user/profile', {}).answers<UserProfile>(),
    get: endpoint('GET', '/user/:id', { params: { id: id.user } }).answers<PublicUser>(),
    updateFullname: endpoint('PUT', '/user/update-fullname', { body: fullnameBody }).answers<UserProfile>(),
    updatePhone: endpoint('PUT', '/user/update-phone', { body: phoneBody }).answers<UserProfile>(),
    /** Ends every other session of the account; this one stays signed in. */
    updatePassword: endpoint('PUT', '/user/update-password', { body: passwordChangeBody }).answers<null>(),
    updateSettings: endpoint('PUT', '/user/update-settings', { body: settingsBody }).answers<UserProfile>(),
    /** Multipart, one `file` (JPEG, PNG or WebP up to AVATAR.maxBytes), stored as a WebP square. */
    uploadAvatar: endpoint('POST', '/user/upload-avatar', { upload: { file: 'required' } }).answers<UserProfile>(),
    deleteAvatar: endpoint('DELETE', '/user/delete-avatar', {}).answers<UserProfile>(),
    /**
     * Erases the account's personal data and ends its sessions; what others rely on (postings, documents,
     * messages) stays under "Deleted user". Refused while it alone administers a project, holds money in
     * its wallet or performs unfinished tasks; a staff account is closed by an operator (403 `access_denied`).
     */
    deleteAccount: endpoint('POST', '/user/delete-account', { body: accountDeletionBody }).answers<null>(),
  },
  channels: {
    updateSettings: endpoint('PUT', '/channel/:channel/update-settings', { params: { channel: id.channel }, body: channelSettingsBody }).answers<UserProfile>(),
    /** A fresh one-time deep link; an earlier unused one stops working. */
    link: endpoint('POST', '/channel/:channel/link', { params: { channel: id.channel } }).answers<TelegramLink>(),
    unlink: endpoint('DELETE', '/channel/:channel/delete', { params: { channel: id.channel } }).answers<UserProfile>(),
    /** Telegram to the server in webhook mode: no session; the X-Telegram-Bot-Api-Secret-Token header authenticates it. */
    telegramWebhook: endpoint('POST', '/telegram/webhook', { body: telegramUpdateBody }).answers<null>(),
  },
  /** The viewer's own notifications, 30 a page, newest first (decisions 6). */
  notifications: {
    list: endpoint('GET', '/notifications', {}).answers<NotificationPage>(),
    listFrom: endpoint('GET', '/notifications/:backFrom', { params: { backFrom: id.backFrom } }).answers<NotificationPage>(),
    viewed: endpoint('POST', '/notification/:id/viewed', { params: { id: id.notification } }).answers<Notification>(),
    viewedAll: endpoint('POST', '/notifications/viewed', {}).answers<NotificationCount>(),
  },
  /**
   * Spec 7 "Balance". Every call that moves money takes an `Idempotency-Key` header: the same key with
   * the same body answers the first result again, with another body `409`.
   */
  money: {
    balance: endpoint('GET', '/user/balance', {}).answers<WalletAnswer>(),
    bonusBalance: endpoint('GET', '/user/bonus-balance', {}).answers<Balance>(),
    calculate: endpoint('POST', '/user/balance/calculate', { body: amountBody }).answers<Calculation>(),
    payment: endpoint('POST', '/user/balance/payment', { body: walletPaymentBody }).answers<Checkout>(),
    payout: endpoint('POST', '/user/balance/payout', { body: amountBody }).answers<Transaction>(),
    cancelPayout: endpoint('POST', '/user/balance/payout/:number/cancel', { params: { number: id.number } }).answers<Transaction>(),
    debitStat: endpoint('GET', '/user/balance/debit-stat', {}).answers<BalanceStatMonth[]>(),
    creditStat: endpoint('GET', '/user/balance/credit-stat', {}).answers<BalanceStatMonth[]>(),
    transactions: endpoint('GET', '/user/balance/transactions', {}).answers<TransactionsPage>(),
    transactionsFrom: endpoint('GET', '/user/balance/transactions/:backFrom', { params: { backFrom: id.backFrom } }).answers<TransactionsPage>(),
    transaction: endpoint('GET', '/user/balance/transaction/:number', { params: { number: id.number } }).answers<Transaction>(),
    bonusCreditStat: endpoint('GET', '/user/bonus-balance/credit-stat', {}).answers<BalanceStatMonth[]>(),
    bonusTransactions: endpoint('GET', '/user/bonus-balance/transactions', {}).answers<TransactionsPage>(),
    bonusTransactionsFrom: endpoint('GET', '/user/bonus-balance/transactions/:backFrom', { params: { backFrom: id.backFrom } }).answers<TransactionsPage>(),
    bonusTransaction: endpoint('GET', '/user/bonus-balance/transaction/:number', { params: { number: id.number } }).answers<Transaction>(),
    partner: endpoint('GET', '/user/partner-program', {}).answers<PartnerProgram>(),
    projectBalance: endpoint('GET', '/project/:id/balance', project).answers<Balance>(),
    projectCalculate: endpoint('POST', '/project/:id/balance/calculate', { ...project, body: amountBody }).answers<Calculation>(),
    projectPayment: endpoint('POST', '/project/:id/balance/payment', { ...project, body: amountBody }).answers<Checkout>(),
    /** A project top-up from the user's wallet or bonus balance (`projectdeposit`). */
    projectDeposit: endpoint('POST', '/project/:id/balance/deposit', { ...project, body: depositBody }).answers<Transaction>(),
    projectDebitStat: endpoint('GET', '/project/:id/balance/debit-stat', project).answers<BalanceStatMonth[]>(),
    projectTransactions: endpoint('GET', '/project/:id/balance/transactions', project).answers<TransactionsPage>(),
    projectTransactionsFrom: endpoint('GET', '/project/:id/balance/transactions/:backFrom', {
      params: { id: id.project, backFrom: id.backFrom },
    }).answers<TransactionsPage>(),
    projectTransaction: endpoint('GET', '/project/:id/balance/transaction/:number', { params: { id: id.project, number: id.number } }).answers<Transaction>(),
    /** Closure: the balance goes to another project of the admin's (`projectId`) or to their wallet; the project is archived. */
    closeProject: endpoint('POST', '/project/:id/close', { ...project, body: closeProjectBody }).answers<CloseProjectAnswer>(),
    tips: endpoint('POST', '/task/:id/tips', { params: { id: id.task }, body: tipsBody }).answers<Transaction>(),
    order: endpoint('GET', '/payment/:orderId', { params: { orderId: orderIdParam } }).answers<PaymentOrderState>(),
    /** The test provider's Pay / Decline (decisions 5): the same confirmation path as a provider callback. */
    testPayment: endpoint('POST', '/payment/test/:orderId', { params: { orderId: orderIdParam }, body: testPaymentBody }).answers<PaymentOrderState>(),
    liqpayCallback: endpoint('POST', '/payment/liqpay/callback', { body: liqpayCallbackBody }).answers<null>(),
  },
  projects: {
    list: endpoint('GET', '/projects', {}).answers<ProjectListItem[]>(),
    create: endpoint('POST', '/project/new', { body: nameBody }).answers<Project>(),
    get: endpoint('GET', '/project/:id', { params: { id: id.project } }).answers<Project>(),
    rename: endpoint('PUT', '/project/:id/update-name', { params: { id: id.project }, body: nameBody }).answers<Project>(),
    /** Answers the viewer's whole list in its new order. */
    sort: endpoint('PUT', '/project/:id/update-sort', { params: { id: id.project }, body: sortorderBody }).answers<ProjectListItem[]>(),
    delete: endpoint('DELETE', '/project/:id/delete', { params: { id: id.project }, query: deleteProjectQuery }).answers<DeleteProjectAnswer>(),
    invite: endpoint('POST', '/project/:id/invite-user', { params: { id: id.project }, body: inviteBody }).answers<Project>(),
    acceptInvitation: endpoint('POST', '/project/:id/accept-invitation', { params: { id: id.project } }).answers<Project>(),
    declineInvitation: endpoint('DELETE', '/project/:id/decline-invitation', { params: { id: id.project } }).answers<null>(),
    cancelInvitation: endpoint('DELETE', '/project/:id/cancel-invitation/:email', { params: { id: id.project, email: emailField() } }).answers<Project>(),
    updateRole: endpoint('PUT', '/project/:id/user/:userId/update-role', {
      params: { id: id.project, userId: id.user },
      body: updateRoleBody,
    }).answers<Project>(),
    updateSettings: endpoint('PUT', '/project/:id/user/:userId/update-settings', {
      params: { id: id.project, userId: id.user },
      body: memberSettingsBody,
    }).answers<Project>(),
    removeUser: endpoint('DELETE', '/project/:id/user/:userId/delete', { params: { id: id.project, userId: id.user } }).answers<Project>(),
  },
  tasks: {
    /** One project's board, filtered (spec 2 "Filter panel"). */
    board: endpoint('GET', '/project/:id/tasks', { params: { id: id.project }, query: taskFilterQuery }).answers<TaskCard[]>(),
    /** The board across every project the viewer sees (the staff home). */
    boardOfAll: endpoint('GET', '/tasks', { query: taskFilterQuery }).answers<TaskCard[]>(),
    create: endpoint('POST', '/project/:id/new-task', { params: { id: id.project }, body: nameBody }).answers<TaskCard>(),
    get: endpoint('GET', '/task/:id', { params: { id: id.task } }).answers<Task>(),
    card: endpoint('GET', '/task/:id/get-card', { params: { id: id.task } }).answers<TaskCard>(),
    /** The viewer's archive, 20 a page; the next page starts after `backFrom`, the last id held. */
    archive: endpoint('GET', '/archive', {}).answers<ArchivePage>(),
    archiveFrom: endpoint('GET', '/archive/:backFrom', { params: { backFrom: id.backFrom } }).answers<ArchivePage>(),
    projectArchive: endpoint('GET', '/project/:id/archive', { params: { id: id.project } }).answers<ArchivePage>(),
    projectArchiveFrom: endpoint('GET', '/project/:id/archive/:backFrom', { params: { id: id.project, backFrom: id.backFrom } }).answers<ArchivePage>(),
  },
  /** The task life cycle (decisions 3 "Action calls"): every action answers the step's result as the acting tab draws it. */
  workflow: {
    taskAction: endpoint('POST', '/task/:id/action/:name', { params: { id: id.task, name: taskActionParam }, body: actionBody }).answers<TaskStep>(),
    documentAction: endpoint('POST', '/document/:id/action/:name', {
      params: { id: id.document, name: documentActionParam },
      body: actionBody,
    }).answers<TaskStep>(),
    actions: endpoint('GET', '/task/:id/actions', { params: { id: id.task } }).answers<TaskActions>(),
    documents: endpoint('GET', '/task/:id/documents', { params: { id: id.task } }).answers<TaskDocument[]>(),
    versions: endpoint('GET', '/document/:id/versions', { params: { id: id.document } }).answers<TaskDocument[]>(),
    ledger: endpoint('GET', '/task/:id/ledger', { params: { id: id.task } }).answers<TaskLedger>(),
    estimates: endpoint('GET', '/task/:id/estimates', { params: { id: id.task } }).answers<TaskEstimate[]>(),
  },
  /** The task drawer's edits (spec 4 "Task editing"): each answers the task as it now is. */
  taskEditing: {
    rename: endpoint('PUT', '/task/:id/update-name', { params: { id: id.task }, body: nameBody }).answers<Task>(),
    updateImportance: endpoint('PUT', '/task/:id/update-importance', { params: { id: id.task }, body: importanceBody }).answers<Task>(),
    updateDescription: endpoint('PUT', '/task/:id/update-description', { params: { id: id.task }, body: descriptionBody }).answers<TaskDescription>(),
    description: endpoint('GET', '/task/:id/description', { params: { id: id.task } }).answers<TaskDescription>(),
    /** Newest first; only for those who may edit the task, while it is editable (spec 6). */
    descriptionHistory: endpoint('GET', '/task/:id/description-history', { params: { id: id.task } }).answers<DescriptionHistoryEntry[]>(),
  },
  /** A task's attachments: uploaded as multipart, served as bytes (`fileUrl`), checked by their content. */
  files: {
    list: endpoint('GET', '/task/:id/files', { params: { id: id.task } }).answers<TaskFile[]>(),
    upload: endpoint('POST', '/task/:id/upload-file', { params: { id: id.task }, upload: { file: 'required' } }).answers<TaskFile>(),
    content: endpoint('GET', '/file/:id/content', { params: { id: id.file }, query: downloadQuery }).answers<FileBytes>(),
    thumb: endpoint('GET', '/file/:id/thumb', { params: { id: id.file } }).answers<FileBytes>(),
    rename: endpoint('PUT', '/file/:id/update-name', { params: { id: id.file }, body: fileNameBody }).answers<TaskFile>(),
    delete: endpoint('DELETE', '/file/:id/delete', { params: { id: id.file } }).answers<null>(),
  },
  /**
   * Spec 7 "Chat" (decisions 4). Every call answers `chat_not_found` / `message_not_found` to whoever
   * may not read the chat (clients never read `work`), and `access_denied` to a read-only viewer.
   */
  chats: {
    /** Multipart: one optional `file` part and the text fields of `newMessageFields` (a message needs text or a file). */
    newMessage: endpoint('POST', '/chat/:id/new-message', {
      params: { id: id.chat },
      body: newMessageFields,
      upload: { file: 'optional' },
    }).answers<ChatMessage>(),
    file: endpoint('GET', '/message/:id/file', { params: { id: id.message }, query: downloadQuery }).answers<FileBytes>(),
    thumb: endpoint('GET', '/message/:id/thumb', { params: { id: id.message } }).answers<FileBytes>(),
    messages: endpoint('GET', '/chat/:id/messages', { params: { id: id.chat } }).answers<MessagesPage>(),
    messagesFrom: endpoint('GET', '/chat/:id/messages/:backFrom', { params: { id: id.chat, backFrom: id.backFrom } }).answers<MessagesPage>(),
    message: endpoint('GET', '/message/:id', { params: { id: id.message } }).answers<ChatMessage>(),
    /** Marks the message and every earlier one of its chat as viewed (a mark never moves back). */
    viewed: endpoint('POST', '/message/:id/viewed', { params: { id: id.message } }).answers<ViewedAnswer>(),
    /** Own message with text, within 15 minutes of sending; past it 409 `method_not_allowed`, another's 403. */
    update: endpoint('PUT', '/message/:id/update', { params: { id: id.message }, body: updateMessageBody }).answers<ChatMessage>(),
    /** Own message within 15 minutes of sending (409 past it, 403 another's). */
    delete: endpoint('DELETE', '/message/:id/delete', { params: { id: id.message } }).answers<ChatMessage>(),
    /** Own deleted message within 15 minutes of deleting (409 past it, 403 another's). */
    recovery: endpoint('POST', '/message/:id/recovery', { params: { id: id.message } }).answers<ChatMessage>(),
    /** Toggles the viewer's reaction with one emoji of the spec's set. */
    emoji: endpoint('POST', '/message/:id/emoji', { params: { id: id.message }, body: emojiBody }).answers<ChatMessage>(),
    /** The task's chats the viewer may read (tabs), the unread counters per chat and task, and whose move it is. */
    taskChats: endpoint('GET', '/task/:id/chats', { params: { id: id.task } }).answers<TaskChats>(),
    whoseMove: endpoint('GET', '/task/:id/whose-move', { params: { id: id.task } }).answers<WhoseMove | null>(),
  },
  /** The live events missed in one room after `after` (policy-checked like a room join). */
  events: {
    list: endpoint('GET', '/events', { query: eventsQuery }).answers<EventsPage>(),
  },
  /** A project's team (issue 31, decisions 2 "Staffing a project"). */
  staffing: {
    /** The unstaffed projects, oldest first: every am's "New clients", and operators'. */
    queue: endpoint('GET', '/staffing/queue', {}).answers<UnstaffedProject[]>(),
    /** An am takes a project without an am: they become its am (409 `project_already_staffed` when another was first). */
    take: endpoint('POST', '/project/:id/team/take', { params: { id: id.project } }).answers<Project>(),
    /** Active staff of the team roles with their load, for the project's am or an operator to choose from. */
    candidates: endpoint('GET', '/project/:id/team/candidates', { params: { id: id.project } }).answers<StaffCandidate[]>(),
    /** Puts a person on the team in a role, replacing whoever held it (the project's am, or an operator). */
    assign: endpoint('PUT', '/project/:id/team', { params: { id: id.project }, body: assignTeamBody }).answers<Project>(),
  },
} as const;

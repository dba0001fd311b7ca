/**
 * The Kysely view of the schema in migrations/*.sql, written by hand: the SQL files are the truth,
 * this interface must follow them. `Generated` marks columns the database fills (identities, defaults).
 */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type {
  AccountRole,
  ChatKey,
  Currency,
  FileKind,
  Language,
  PaymentType,
  ProjectRole,
  SystemNote,
  TaskStatus,
  Theme,
  TransactionStatus,
} from '@negayno/shared/contract';

/** timestamptz: read as Date, written as Date or an ISO string. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamptz with a database default. */
export type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type StaffProjectRole = 'am' | 'pm' | 'sm';
export type AccountKind = 'user_wallet' | 'user_bonus' | 'project' | 'escrow' | 'platform' | 'provider';

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  firstname: string;
  lastname: string;
  nickname: string | null;
  role: AccountRole;
  phone: string | null;
  country: Generated<string>;
  currency: Generated<Currency>;
  language: Generated<Language>;
  theme: Generated<Theme>;
  double_spaces: Generated<boolean>;
  notify_all_tasks: Generated<boolean>;
  /** 0011: email at all (the unsubscribe link turns it off), and per group of events (EMAIL_GROUPS). */
  email_enabled: Generated<boolean>;
  email_tasks: Generated<boolean>;
  email_chat: Generated<boolean>;
  email_money: Generated<boolean>;
  email_invitations: Generated<boolean>;
  can_negayno: Generated<boolean>;
  avatar_path: string | null;
  color: string;
  promo_code: string | null;
  invited_by: number | null;
  invitation_code_id: number | null;
  last_seen_at: Timestamp | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  /** Issue 31: a deactivated staff account cannot sign in and gets no new assignments. */
  deactivated_at: Timestamp | null;
  /** Issue 31: operators alone reach /ops. */
  is_operator: Generated<boolean>;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  created_at: DefaultTimestamp;
  last_seen_at: DefaultTimestamp;
  expires_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
}

export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  count: Generated<number>;
}

export interface ProjectsTable {
  id: Generated<number>;
  name: string;
  currency: Generated<Currency>;
  task_seq: Generated<number>;
  created_by: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  archived_at: Timestamp | null;
  deleted_at: Timestamp | null;
  /** When the scheduler reported the project as past the staffing SLA (once). */
  staffing_reported_at: Timestamp | null;
}

export interface ProjectMembersTable {
  project_id: number;
  user_id: number;
  role: ProjectRole;
  can_negayno: Generated<boolean>;
  is_owner: Generated<boolean>;
  sort_order: Generated<number>;
  invited_by: number | null;
  created_at: DefaultTimestamp;
}

export interface ProjectInvitationsTable {
  project_id: number;
  email: string;
  invited_by: number | null;
  created_at: DefaultTimestamp;
}

export interface ProjectStaffTable {
  project_id: number;
  user_id: number;
  role: StaffProjectRole;
  created_at: DefaultTimestamp;
}

export interface TasksTable {
  id: Generated<number>;
  project_id: number;
  number: number;
  name: string;
  status: Generated<TaskStatus>;
  author_id: number;
  description: Generated<string>;
  importance: Generated<number>;
  negayno: Generated<boolean>;
  date_pause: Timestamp | null;
  deletion_requested_at: Timestamp | null;
  deletion_reason: string | null;
  date_publish: Timestamp | null;
  date_start_discuss: Timestamp | null;
  date_start_calc: Timestamp | null;
  date_send: Timestamp | null;
  date_publish_expiration: Timestamp | null;
  date_discuss_expiration: Timestamp | null;
  date_calc_expiration: Timestamp | null;
  date_send_to_test: Timestamp | null;
  date_send_to_prod: Timestamp | null;
  date_accept_on_test: Timestamp | null;
  date_reject_on_prod: Timestamp | null;
  date_reject_calc: Timestamp | null;
  date_finish_calc: Timestamp | null;
  date_approval: Timestamp | null;
  date_deadline: Timestamp | null;
  date_sub_deadline: Timestamp | null;
  date_offer_expiration: Timestamp | null;
  date_prod_expiration: Timestamp | null;
  date_test_expiration: Timestamp | null;
  date_auto_send_for_check: Timestamp | null;
  date_archived: Timestamp | null;
  /** Workflow (0005): the status an am archived the task from, its rating and review. */
  archived_from: TaskStatus | null;
  rating: number | null;
  review: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface TaskEstimatesTable {
  id: Generated<number>;
  task_id: number;
  performer_id: number | null;
  estimate: string;
  execution_time: number;
  execution_time_base: number;
  delay_start: number;
  job_items: Json<string[]>;
  date_auto_send_for_check: Timestamp | null;
  created_at: DefaultTimestamp;
}

/** An urgency as stored in a document: price in minor units, deadline in unix seconds. */
export interface StoredUrgency {
  urgency: 1 | 2 | 3 | 4;
  price: number;
  dateDeadline: number;
}

export interface TaskDocumentsTable {
  id: Generated<number>;
  task_id: number;
  type: 'offer' | 'contract';
  version: number;
  name: string;
  description: Generated<string>;
  work_list: Json<string[]>;
  urgencies: Json<StoredUrgency[]>;
  currency: Currency;
  cost: Generated<number>;
  urgency: number | null;
  progress: Generated<number>;
  author_id: number | null;
  offer_id: number | null;
  date_start: Timestamp | null;
  date_deadline: Timestamp | null;
  /** The client's rejection of an offer version (issue 33). */
  rejected_by: number | null;
  rejected_at: Timestamp | null;
  reject_reason: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface TaskPerformersTable {
  task_id: number;
  user_id: number;
  assigned_by: number | null;
  date_finish: Timestamp | null;
  created_at: DefaultTimestamp;
}

export interface TaskDescriptionHistoryTable {
  id: Generated<number>;
  task_id: number;
  author_id: number | null;
  description: string;
  created_at: DefaultTimestamp;
}

export interface TaskFilesTable {
  id: Generated<number>;
  task_id: number;
  author_id: number | null;
  name: string;
  extension: string;
  kind: FileKind;
  mime: string;
  size: number;
  storage_key: string;
  thumb_key: string | null;
  color: string;
  width: number | null;
  height: number | null;
  created_at: DefaultTimestamp;
}

export interface ChatsTable {
  id: Generated<number>;
  task_id: number;
  key: ChatKey;
  created_at: DefaultTimestamp;
  waiting_alerted_message_id: number | null;
}

export interface MessagesTable {
  id: Generated<number>;
  chat_id: number;
  author_id: number | null;
  body: Generated<string>;
  parent_id: number | null;
  quote: string | null;
  date_deadline: Timestamp | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  deleted_at: Timestamp | null;
  /** 0008: the browser's temporary id of the send (the idempotency key). */
  temp_id: string | null;
  /** 0010: a life-cycle line's key and values (issue 11); null for every other message. */
  system_note: Json<SystemNote> | null;
}

export interface ChatReadsTable {
  chat_id: number;
  user_id: number;
  last_viewed_message_id: Generated<number>;
  updated_at: DefaultTimestamp;
}

export interface MessageFilesTable {
  message_id: number;
  name: string;
  extension: string;
  kind: FileKind;
  mime: string;
  size: number;
  storage_key: string;
  thumb_key: string | null;
  color: string;
  width: number | null;
  height: number | null;
}

export interface MessageReactionsTable {
  message_id: number;
  user_id: number;
  emoji: string;
  created_at: DefaultTimestamp;
}

export interface LiveRoomsTable {
  room: string;
  seq: Generated<number>;
}

/** Timed jobs run once across processes (infra/jobs/shared-timer.ts). */
export interface JobScheduleTable {
  name: string;
  next_run_at: Date;
}

export interface LiveEventsTable {
  room: string;
  seq: number;
  name: string;
  payload: unknown;
  created_at: DefaultTimestamp;
}

export interface AccountsTable {
  id: Generated<number>;
  kind: AccountKind;
  user_id: number | null;
  project_id: number | null;
  task_id: number | null;
  currency: Generated<Currency>;
  balance: Generated<number>;
  /** How far below zero the balance may go: raised only by a refund of a reversed card payment (decisions 5). */
  overdraft_limit: Generated<number>;
}

export interface LedgerTransactionsTable {
  id: Generated<number>;
  payment_type: PaymentType;
  status: TransactionStatus;
  amount: number;
  currency: Generated<Currency>;
  project_id: number | null;
  task_id: number | null;
  sender_id: number | null;
  recipient_id: number | null;
  document_name: string | null;
  external_ref: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  /** Issue 31: a settled payout's reference (completed) or reason (rejected), shown to the payee. */
  settlement_note: Generated<string | null>;
}

export interface PostingsTable {
  id: Generated<number>;
  transaction_id: number;
  account_id: number;
  amount: number;
  balance_before: number;
  balance_after: number;
  created_at: DefaultTimestamp;
}

export type PaymentProviderName = 'test' | 'liqpay';
export type PaymentOrderStatus = 'pending' | 'completed' | 'rejected';

export interface PaymentOrdersTable {
  id: Generated<number>;
  order_id: string;
  provider: PaymentProviderName;
  user_id: number;
  project_id: number | null;
  account_id: number;
  transaction_id: number;
  amount: number;
  fee: number;
  currency: Currency;
  status: Generated<PaymentOrderStatus>;
  /** The app page the payer returns to (`/task/{id}`, issue 33); null: the board or the project. */
  return_path: string | null;
  created_at: DefaultTimestamp;
  settled_at: Date | null;
}

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  request_hash: string;
  answer: string | null;
  created_at: DefaultTimestamp;
}

export interface ClientLogsTable {
  id: Generated<number>;
  user_id: number | null;
  code: string;
  message: string;
  user_agent: string | null;
  created_at: DefaultTimestamp;
}

export type InvitationKind = 'client' | 'performer';

export interface InvitationCodesTable {
  id: Generated<number>;
  code: string;
  kind: InvitationKind;
  max_uses: number | null;
  use_count: Generated<number>;
  expires_at: Timestamp | null;
  issued_by: number | null;
  note: string | null;
  revoked_at: Timestamp | null;
  created_at: DefaultTimestamp;
}

export type FlowMachine = 'client' | 'invited-client' | 'performer' | 'restore';

/** jsonb: read as the object, written as its JSON text. */
export type Json<T> = ColumnType<T, string, string>;

export interface AuthFlowsTable {
  token_hash: string;
  machine: FlowMachine;
  step: string;
  data: Json<Record<string, unknown>>;
  email_code_hash: string | null;
  email_code_expires_at: Timestamp | null;
  email_code_wrong_tries: Generated<number>;
  revision: Generated<number>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  expires_at: Timestamp;
}

export interface LoginCodesTable {
  id: Generated<number>;
  code_hash: string;
  user_id: number;
  issued_by: number | null;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: DefaultTimestamp;
}

export interface MailOutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  body: string;
  code: string | null;
  created_at: DefaultTimestamp;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  actor_id: number | null;
  project_id: number | null;
  task_id: number | null;
  payload: Json<Record<string, string | number | null>>;
  date_viewed: Timestamp | null;
  created_at: DefaultTimestamp;
}

export type DeliveryChannel = 'app' | 'telegram' | 'email';
export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped';

export interface NotificationDeliveriesTable {
  id: Generated<number>;
  notification_id: number;
  channel: DeliveryChannel;
  status: Generated<DeliveryStatus>;
  attempts: Generated<number>;
  next_attempt_at: DefaultTimestamp;
  lease_until: Timestamp | null;
  sent_at: Timestamp | null;
  last_error: string | null;
  created_at: DefaultTimestamp;
}

export interface NotificationDeliveryLogTable {
  id: Generated<number>;
  delivery_id: number;
  attempt: number;
  outcome: 'sent' | 'retry' | 'failed' | 'skipped';
  http_status: number | null;
  error: string | null;
  duration_ms: number;
  created_at: DefaultTimestamp;
}

export interface TelegramChannelsTable {
  user_id: number;
  chat_id: number | null;
  username: string | null;
  enabled: Generated<boolean>;
  link_token_hash: string | null;
  link_token_expires_at: Timestamp | null;
  linked_at: Timestamp | null;
  blocked_at: Timestamp | null;
}

export interface TelegramPollStateTable {
  id: number;
  update_offset: Generated<number>;
  holder: string | null;
  lease_until: Timestamp | null;
}

/** Every operator action (issue 31): who, what, on what, the state before and after. */
export interface OperatorAuditTable {
  id: Generated<number>;
  operator_id: number | null;
  action: string;
  target_kind: string;
  target_id: string | null;
  before: Json<unknown> | null;
  after: Json<unknown> | null;
  created_at: DefaultTimestamp;
}

/** A project's export (issue 37), written by the portability module. */
export interface ProjectExportsTable {
  id: Generated<number>;
  project_id: number;
  requested_by: number;
  status: Generated<'running' | 'ready' | 'failed'>;
  progress: Generated<number>;
  file_path: string | null;
  /** bigint: PostgreSQL answers it as text. */
  size: ColumnType<string | number | null, number | null, number | null>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  expires_at: Timestamp | null;
}

/** The searched texts' words, kept by triggers (migration 0023): what a typed typo is compared with. */
export interface SearchWordsTable {
  word: string;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: DefaultTimestamp;
}

export interface Database {
  users: UsersTable;
  operator_audit: OperatorAuditTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  projects: ProjectsTable;
  project_members: ProjectMembersTable;
  project_invitations: ProjectInvitationsTable;
  project_staff: ProjectStaffTable;
  tasks: TasksTable;
  task_performers: TaskPerformersTable;
  task_description_history: TaskDescriptionHistoryTable;
  task_estimates: TaskEstimatesTable;
  task_documents: TaskDocumentsTable;
  task_files: TaskFilesTable;
  chats: ChatsTable;
  messages: MessagesTable;
  chat_reads: ChatReadsTable;
  message_files: MessageFilesTable;
  message_reactions: MessageReactionsTable;
  live_rooms: LiveRoomsTable;
  live_events: LiveEventsTable;
  job_schedule: JobScheduleTable;
  accounts: AccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  postings: PostingsTable;
  payment_orders: PaymentOrdersTable;
  idempotency_keys: IdempotencyKeysTable;
  client_logs: ClientLogsTable;
  invitation_codes: InvitationCodesTable;
  auth_flows: AuthFlowsTable;
  login_codes: LoginCodesTable;
  mail_outbox: MailOutboxTable;
  notifications: NotificationsTable;
  notification_deliveries: NotificationDeliveriesTable;
  notification_delivery_log: NotificationDeliveryLogTable;
  telegram_channels: TelegramChannelsTable;
  telegram_poll_state: TelegramPollStateTable;
  project_exports: ProjectExportsTable;
  search_words: SearchWordsTable;
  schema_migrations: SchemaMigrationsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type TaskRow = Selectable<TasksTable>;
export type NewTask = Insertable<TasksTable>;

/** Enumerations shared by the server and the browser (spec sections 3, 4, 6; decisions 2, 3). */

/** Account-level roles. Clients are `user`; their project role lives on the project membership. */
export const STAFF_ROLES = ['am', 'pm', 'sm', 'performer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const ACCOUNT_ROLES = ['user', ...STAFF_ROLES] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** Project membership roles; `invite` is an invitation not yet accepted ("invited guest"). */
export const PROJECT_ROLES = ['administrator', 'user', 'guest', 'invite'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];
/** Roles an administrator may assign (spec 4: "among administrator, user and guest"). */
export const ASSIGNABLE_PROJECT_ROLES = ['administrator', 'user', 'guest'] as const;
export type AssignableProjectRole = (typeof ASSIGNABLE_PROJECT_ROLES)[number];

/** All roles in their display sort order (spec 6). */
export const ROLE_ORDER = ['administrator', 'user', 'guest', 'invite', 'pm', 'am', 'sm', 'performer'] as const;
export type AnyRole = (typeof ROLE_ORDER)[number];

/** Task life cycle (decisions 3). */
export const TASK_STATUSES = [
  'draft',
  'published',
  'discussion',
  'estimation',
  'estimated',
  'offer',
  'in_work',
  'testing',
  'review',
  'rating',
  'archived',
] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const KANBAN_COLUMNS = [1, 2, 3, 4] as const;
export type KanbanColumn = (typeof KANBAN_COLUMNS)[number];

/** Which column labels a viewer sees; the server decides which set is whose (`UserProfile.board`). */
export const COLUMN_SETS = ['client', 'estimation', 'sales'] as const;
export type ColumnSet = (typeof COLUMN_SETS)[number];

/** i18n keys (namespace `board`) of the column labels per set, columns 1 to 4. */
export const COLUMN_LABEL_KEYS: Record<ColumnSet, readonly [string, string, string, string]> = {
  client: ['columns.newTasks', 'columns.discussion', 'columns.inProgress', 'columns.review'],
  estimation: ['columns.estimation', 'columns.inProgress', 'columns.testing', 'columns.review'],
  sales: ['columns.calculation', 'columns.sales', 'columns.inProgress', 'columns.review'],
};

/**
 * The column a task stands in for a viewer's column set (decisions 3 table), or null when the
 * task is not on that set's board ('–' in the table; archived tasks live in the archive).
 */
export const TASK_COLUMNS: Record<TaskStatus, Record<ColumnSet, KanbanColumn | null>> = {
  draft: { client: 1, estimation: null, sales: null },
  published: { client: 1, estimation: 1, sales: null },
  discussion: { client: 2, estimation: 1, sales: null },
  estimation: { client: 2, estimation: 1, sales: 1 },
  estimated: { client: 2, estimation: 1, sales: 1 },
  offer: { client: 2, estimation: null, sales: 2 },
  in_work: { client: 3, estimation: 2, sales: 3 },
  testing: { client: 4, estimation: 3, sales: 3 },
  review: { client: 4, estimation: 4, sales: 4 },
  rating: { client: 4, estimation: 4, sales: 4 },
  archived: { client: null, estimation: null, sales: null },
};

/** Importance 0 (none) to 4. */
export const IMPORTANCE_LEVELS = [0, 1, 2, 3, 4] as const;
export type Importance = (typeof IMPORTANCE_LEVELS)[number];

/** Urgency levels of an offer (spec 3). */
export const URGENCY_LEVELS = [1, 2, 3, 4] as const;
export type UrgencyLevel = (typeof URGENCY_LEVELS)[number];
export const URGENCY_KEYS: Record<UrgencyLevel, string> = { 1: 'wait', 2: 'need', 3: 'urgent', 4: 'immediate' };

export const CARD_COLORS = ['rootYellow', 'rootBlue', 'rootGreen', 'rootGrey', 'rootRed', 'rootOrange', 'rootError'] as const;
export type CardColor = (typeof CARD_COLORS)[number];

export const CURRENCIES = ['UAH', 'USD', 'GBP', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const CHAT_KEYS = ['main', 'work'] as const;
export type ChatKey = (typeof CHAT_KEYS)[number];

export const TRANSACTION_STATUSES = ['pending', 'rejected', 'cancelled', 'completed'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export const TRANSACTION_TYPES = ['income', 'outcome'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const PAYMENT_TYPES = [
  'payout',
  'deposit',
  'bank_transfer',
  'liqpay',
  'tips',
  'bonus',
  'workpayment',
  'taskpayment',
  'projectdeposit',
  'projecttransfer',
  'refund',
] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const LANGUAGES = ['uk', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'uk';

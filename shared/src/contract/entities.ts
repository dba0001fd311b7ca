/**
 * Wire shapes of the entities (spec section 3). Dates are unix seconds; money is integer minor
 * units (kopecks, cents) of the entity's currency.
 */
import type {
  AccountRole,
  CardColor,
  ChatKey,
  Currency,
  Importance,
  KanbanColumn,
  Language,
  ProjectRole,
  TaskStatus,
  Theme,
} from './enums.js';

export type UnixSeconds = number;

export interface TelegramChannel {
  name: string | null;
  token: string | null;
  enabled: boolean;
}

/** The signed-in user's own profile (`GET /user/profile`). */
export interface UserProfile {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  currency: Currency;
  doubleSpaces: boolean;
  avatarUrl: string | null;
  online: boolean;
  nickname: string | null;
  phone: string | null;
  country: string;
  channels: { telegram: TelegramChannel };
  notifyAllTasks: boolean;
  color: string;
  projectCount: number;
  role: AccountRole;
  notificationCount: number;
  balance: number;
  bonusBalance: number;
  canNegayno: boolean;
  language: Language;
  theme: Theme;
}

/** Another user as others may see them (`GET /user/{id}`). */
export interface PublicUser {
  id: number;
  firstname: string;
  lastname: string;
  nickname: string | null;
  avatarUrl: string | null;
  online: boolean;
  role: AccountRole;
  color: string;
}

export interface PersonRef {
  id: number;
  firstname: string;
  lastname: string;
}

/** A member or an invitation of a project. An email invitation has no user yet (`id` null). */
export interface ProjectUser {
  id: number | null;
  email: string;
  firstname: string;
  lastname: string;
  avatarUrl: string | null;
  role: ProjectRole;
  canNegayno: boolean;
  /** The first administrator, labelled "owner". */
  owner: boolean;
}

/** A staff member attached to a project. */
export interface ProjectStaff extends PersonRef {
  role: 'am' | 'pm' | 'sm';
  avatarUrl: string | null;
}

export type ColumnCounters = [number, number, number, number];

/** An entry of `GET /projects`. */
export interface ProjectListItem {
  id: number;
  name: string;
  /** The viewer's role in it: a project role for clients, the staff role for staff. */
  role: ProjectRole | 'am' | 'pm' | 'sm' | 'performer';
  sortorder: number;
  counters: ColumnCounters;
}

/** `GET /project/{id}`. `balance` is null for anyone but a project administrator. */
export interface Project {
  id: number;
  name: string;
  balance: number | null;
  currency: Currency;
  counters: ColumnCounters;
  projectUsers: ProjectUser[];
  staff: ProjectStaff[];
  /** The viewer's role in the project. */
  role: ProjectListItem['role'];
  dateCreate: UnixSeconds;
  dateArchived: UnixSeconds | null;
}

export interface UnreadCounters {
  main: { count: number };
  work: { count: number };
}

/** What a kanban card shows (`GET /project/{id}/tasks`, `GET /task/{id}/get-card`). */
export interface TaskCard {
  id: number;
  number: number;
  name: string;
  status: TaskStatus;
  /** The column for the viewer's role set; null when the task is not on the viewer's board. */
  column: KanbanColumn | null;
  project: { id: number; name: string };
  author: PersonRef;
  importance: Importance;
  negayno: boolean;
  color: CardColor | null;
  unreadMessageCounters: UnreadCounters;
  chats: Partial<Record<ChatKey, number>>;
  managers: Array<PersonRef & { role: 'am' | 'pm' | 'sm'; avatarUrl: string | null }>;
  performers: Array<PersonRef & { avatarUrl: string | null }>;
  paused: boolean;
  deletionRequested: boolean;
  attachmentCount: number;
  dateCreate: UnixSeconds;
  /** Changes whenever anything on the card changes: a card is replaced only by a newer one. */
  dateUpdate: UnixSeconds;
  datePublish: UnixSeconds | null;
  dateArchived: UnixSeconds | null;
  dateStartDiscuss: UnixSeconds | null;
  dateDeadline: UnixSeconds | null;
  datePause: UnixSeconds | null;
  /** The expiration of the current status, if any. */
  dateExpiration: UnixSeconds | null;
}

export interface DescriptionHistoryEntry {
  date: UnixSeconds;
  description: string;
}

/** `GET /task/{id}`: the card plus what the task drawer shows. */
export interface Task extends TaskCard {
  description: string;
  canEdit: boolean;
  dateStartCalc: UnixSeconds | null;
  dateSend: UnixSeconds | null;
  datePublishExpiration: UnixSeconds | null;
  dateDiscussExpiration: UnixSeconds | null;
  dateCalcExpiration: UnixSeconds | null;
  dateSendToTest: UnixSeconds | null;
  dateSendToProd: UnixSeconds | null;
  dateAcceptOnTest: UnixSeconds | null;
  dateRejectOnProd: UnixSeconds | null;
  dateRejectCalc: UnixSeconds | null;
  dateFinishCalc: UnixSeconds | null;
  dateApproval: UnixSeconds | null;
  dateSubDeadline: UnixSeconds | null;
  dateOfferExpiration: UnixSeconds | null;
  dateProdExpiration: UnixSeconds | null;
  dateTestExpiration: UnixSeconds | null;
}

export interface ArchivedTask {
  id: number;
  number: number;
  name: string;
  project: { id: number; name: string };
  dateCreate: UnixSeconds;
  datePublish: UnixSeconds | null;
  dateArchived: UnixSeconds;
}

export interface TaskFilter {
  taskNumber?: string;
  taskName?: string;
  projectId?: string;
}

/** `GET /user/balance`, `GET /user/bonus-balance`, `GET /project/{id}/balance`. */
export interface Balance {
  balance: number;
  currency: Currency;
}

export interface VersionInfo {
  version: string;
}

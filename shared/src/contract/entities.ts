/**
 * Wire shapes of the entities (spec section 3). Dates are unix seconds; money is integer minor
 * units (kopecks, cents) of the entity's currency.
 */
import type { ProjectStaffing } from './staffing.js';
import type { WhoseMove } from './chats.js';
import type { EmailGroup } from './notifications.js';
import type { AccountRole, CardColor, ChatKey, ColumnSet, Currency, Importance, KanbanColumn, Language, ProjectRole, TaskStatus, Theme } from './enums.js';

export type UnixSeconds = number;

/**
 * The user's Telegram channel (spec 3 "channels"). `name` is the linked Telegram username; `token` stays
 * null on the wire (the one-time link token is shown once, by the link call). `blocked`: Telegram refused
 * a message (the user blocked the bot), so the channel turned itself off. `available`: the server has a bot.
 */
export interface TelegramChannel {
  name: string | null;
  token: string | null;
  enabled: boolean;
  linked: boolean;
  blocked: boolean;
  available: boolean;
}

/**
 * The user's email notifications (issue 14): `enabled` is email at all (the unsubscribe link turns it
 * off), then one switch per group of events; chat messages come as one digest after a quiet period.
 */
export type EmailChannel = { enabled: boolean } & Record<EmailGroup, boolean>;

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
  channels: { telegram: TelegramChannel; email: EmailChannel };
  notifyAllTasks: boolean;
  color: string;
  projectCount: number;
  role: AccountRole;
  notificationCount: number;
  balance: number;
  bonusBalance: number;
  canNegayno: boolean;
  /** The partner program's promo code (decisions 5): it also works as an invitation code. */
  promoCode: string | null;
  language: Language;
  theme: Theme;
  /** What the account may do anywhere, decided by the server (spec 6). */
  can: AccountPermissions;
  /** How the account's boards look: decided by the server from the account role (spec 2, 6; decisions 3). */
  board: BoardView;
}

/** What an account may do outside any one project. */
export interface AccountPermissions {
  /** Create a project (client accounts). */
  createProject: boolean;
  /** Open the operators' console at /ops (issue 31). */
  ops: boolean;
  /** See the queue of unstaffed projects ("New clients") and take them (ams and operators). */
  takeProjects: boolean;
  /** Delete the own account from the profile (clients and performers; staff accounts are closed by an operator). */
  closeAccount: boolean;
}

/** What a kanban card shows besides the basics (spec 6: the pm sees performers, the am managers, staff the project). */
export interface CardShows {
  performers: boolean;
  managers: boolean;
  project: boolean;
}

export interface BoardView {
  /** Home is one board across all the viewer's projects, or the viewer's first project. */
  home: 'allProjects' | 'firstProject';
  /** Which column labels the viewer's boards carry (decisions 3). */
  columnSet: ColumnSet;
  card: CardShows;
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

/**
 * What the viewer may do with a project (spec 6), decided by the server's projects policy: a flag is
 * true exactly when the matching call would be allowed.
 */
export interface ProjectPermissions {
  rename: boolean;
  /** Move it in the viewer's own project list. */
  sort: boolean;
  /** See (and top up) the project balance: the wallet button. */
  seeBalance: boolean;
  invite: boolean;
  changeRoles: boolean;
  /** The members' "can Negayno" toggle. */
  changeMemberSettings: boolean;
  removeMembers: boolean;
  cancelInvitations: boolean;
  /** The project menu's "settings" entry (the members' settings). */
  openSettings: boolean;
  delete: boolean;
  /** Create cards in column 1. */
  createTask: boolean;
  /** Bring a Trello board (or a Negayno export) in as drafts in column 1 (issue 37). */
  importTasks: boolean;
  /** Change the project's team (its am, or an operator; issue 31). */
  changeTeam: boolean;
  /** Export the project as one archive (its administrators, its am, operators; issue 37). */
  export: boolean;
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
  /** The roles of the team still unfilled, and when the agency promised them (issue 31). */
  staffing: ProjectStaffing;
  /** The viewer's role in the project: a label to show, never a rule to decide by (read `can`). */
  role: ProjectListItem['role'];
  can: ProjectPermissions;
  /**
   * Where closing it may send its balance besides the viewer's wallet: the viewer's other projects whose
   * balance they administer, in the same currency (decided by the server's policy; empty when the viewer
   * may not close it).
   */
  closureTargets: { id: number; name: string }[];
  dateCreate: UnixSeconds;
  dateArchived: UnixSeconds | null;
}

export interface UnreadCounters {
  main: { count: number };
  work: { count: number };
}

/** What the viewer may do with a task (spec 6), decided by the server's tasks policy. */
export interface TaskPermissions {
  /** Edit the task (and see its description history): column 1, not archived, its author or a project administrator. */
  edit: boolean;
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
  /** Who is expected to answer next (issue 13); null before the task has chats. */
  whoseMove: WhoseMove | null;
  managers: Array<PersonRef & { role: 'am' | 'pm' | 'sm'; avatarUrl: string | null }>;
  performers: Array<PersonRef & { avatarUrl: string | null }>;
  paused: boolean;
  deletionRequested: boolean;
  attachmentCount: number;
  can: TaskPermissions;
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
  /** The search's match (issue 38) in the task's number, name or description. */
  text?: string;
}

/** `GET /user/balance`, `GET /user/bonus-balance`, `GET /project/{id}/balance`. */
export interface Balance {
  balance: number;
  currency: Currency;
}

export interface VersionInfo {
  version: string;
  /** The test card provider runs where it was allowed by name (ALLOW_TEST_PAYMENTS): every page says payments are not real (decisions 5). */
  testPayments: boolean;
}

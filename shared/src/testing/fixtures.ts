/** Entities for component and store tests: one source, so a new field of the contract is added once. */
import type { AccountRole, ChatMessage, Project, ProjectPermissions, ProjectUser, TaskCard, UserProfile } from '@negayno/shared/contract';

/**
 * The `can` the server answers a viewer of each project role (spec 6). Test data only: the browser
 * reads `can` and never decides from a role; the server's role × action test holds the real rules.
 */
export function projectCan(role: Project['role']): ProjectPermissions {
  const admin = role === 'administrator';
  const contributor = admin || role === 'user';
  return {
    rename: admin,
    sort: contributor || role === 'guest',
    seeBalance: admin,
    invite: contributor,
    changeRoles: admin,
    changeMemberSettings: admin,
    removeMembers: admin,
    cancelInvitations: admin,
    openSettings: admin,
    delete: admin,
    createTask: contributor,
    importTasks: admin,
    changeTeam: role === 'am',
    export: admin || role === 'am',
  };
}

/** Nothing allowed: the start of a test that grants single flags. */
export const NO_PROJECT_CAN: Readonly<ProjectPermissions> = Object.freeze({
  rename: false,
  sort: false,
  seeBalance: false,
  invite: false,
  changeRoles: false,
  changeMemberSettings: false,
  removeMembers: false,
  cancelInvitations: false,
  openSettings: false,
  delete: false,
  createTask: false,
  importTasks: false,
  changeTeam: false,
  export: false,
});

/** The profile's `can` and board view the server answers each account role (test data, as above). */
export function accountView(role: AccountRole): Pick<UserProfile, 'can' | 'board'> {
  const columnSet = role === 'pm' || role === 'performer' ? 'estimation' : role === 'sm' ? 'sales' : 'client';
  return {
    can: { createProject: role === 'user', ops: false, takeProjects: role === 'am', closeAccount: role === 'user' || role === 'performer' },
    board: {
      home: role === 'user' ? 'firstProject' : 'allProjects',
      columnSet,
      card: { performers: role === 'pm', managers: role === 'am', project: role !== 'user' },
    },
  };
}

export function card(id: number, column: 1 | 2 | 3 | 4, overrides: Partial<TaskCard> = {}): TaskCard {
  return {
    id,
    number: id,
    name: `Task ${id}`,
    status: 'draft',
    column,
    project: { id: 1, name: 'Shop' },
    author: { id: 1, firstname: 'A', lastname: 'B' },
    importance: 0,
    negayno: false,
    color: null,
    unreadMessageCounters: { main: { count: 0 }, work: { count: 0 } },
    chats: {},
    whoseMove: null,
    managers: [],
    performers: [],
    paused: false,
    deletionRequested: false,
    attachmentCount: 0,
    can: { edit: false },
    dateCreate: 1,
    dateUpdate: 1,
    datePublish: null,
    dateArchived: null,
    dateStartDiscuss: null,
    dateDeadline: null,
    datePause: null,
    dateExpiration: null,
    ...overrides,
  };
}

export function member(id: number | null, overrides: Partial<ProjectUser> = {}): ProjectUser {
  return {
    id,
    email: `u${id ?? 'x'}@demo.test`,
    firstname: `Name${id ?? ''}`,
    lastname: 'Test',
    avatarUrl: null,
    role: 'user',
    canNegayno: false,
    owner: false,
    ...overrides,
  };
}

export function project(overrides: Partial<Project> = {}): Project {
  return {
    id: 1,
    name: 'Shop',
    balance: 0,
    currency: 'UAH',
    counters: [0, 0, 0, 0],
    projectUsers: [],
    staff: [],
    staffing: { missing: [], dueAt: null },
    role: 'administrator',
    can: projectCan(overrides.role ?? 'administrator'),
    closureTargets: [],
    dateCreate: 1,
    dateArchived: null,
    ...overrides,
  };
}

/** A chat message by a pm, read by nobody else, that its viewer may react to and answer. */
export function chatMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 10,
    chatId: 3,
    message: 'hello',
    systemNote: null,
    author: { id: 2, firstname: 'Olena', lastname: 'Koval', role: 'pm', avatarUrl: null, color: '#123456' },
    file: null,
    parentMessage: null,
    quote: null,
    emoji: [],
    tempId: null,
    dateCreate: 1_700_000_000,
    dateUpdate: 1_700_000_000,
    dateDelete: null,
    dateDeadline: null,
    dateUpdateExpires: null,
    dateDeleteExpires: null,
    dateRecoveryExpires: null,
    viewed: false,
    readers: [],
    can: { update: false, delete: false, recovery: false, react: true, reply: true },
    ...overrides,
  };
}

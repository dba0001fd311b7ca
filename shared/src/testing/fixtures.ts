/** Entities for component and store tests: one source, so a new field of the contract is added once. */
import type { Project, ProjectUser, TaskCard } from '@negayno/shared/contract';

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
    managers: [],
    performers: [],
    paused: false,
    deletionRequested: false,
    attachmentCount: 0,
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
  return { id, email: `u${id ?? 'x'}@demo.test`, firstname: `Name${id ?? ''}`, lastname: 'Test', avatarUrl: null, role: 'user', canNegayno: false, owner: false, ...overrides };
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
    role: 'administrator',
    dateCreate: 1,
    dateArchived: null,
    ...overrides,
  };
}

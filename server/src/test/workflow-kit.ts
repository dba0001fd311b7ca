/**
 * What the workflow's tests share: a project with one person of every role, money on its balance,
 * valid bodies for every action, and small request helpers. Test-only (imported by *.test.ts).
 */
import type { TaskActionName, TaskStep } from '@negayno/shared/contract';
import type { UserRow } from '../db/schema.js';
import { addMember, attachStaff, createProject, createUser } from '../seed/builders.js';
import type { TestContext } from './harness.js';

export const ROLES = ['admin', 'author', 'guest', 'am', 'pm', 'sm', 'performer'] as const;
export type Role = (typeof ROLES)[number];

export interface Cast {
  projectId: number;
  people: Record<Role, UserRow>;
  cookies: Record<Role, string>;
}

export async function castOf(ctx: TestContext, options: { balance?: number } = {}): Promise<Cast> {
  const people = {
    admin: await createUser(ctx.db, { firstname: 'Адмін' }),
    author: await createUser(ctx.db, { firstname: 'Автор' }),
    guest: await createUser(ctx.db),
    am: await createUser(ctx.db, { role: 'am' }),
    pm: await createUser(ctx.db, { role: 'pm' }),
    sm: await createUser(ctx.db, { role: 'sm' }),
    performer: await createUser(ctx.db, { role: 'performer', nickname: `perf${Math.floor(Math.random() * 1e6)}` }),
  };
  const project = await createProject(ctx.db, { owner: people.admin });
  await addMember(ctx.db, project, people.author, 'user');
  await addMember(ctx.db, project, people.guest, 'guest');
  for (const staff of [people.am, people.pm, people.sm]) await attachStaff(ctx.db, project, staff);
  if (options.balance) await topUp(ctx, project.id, options.balance);
  const cookies = {} as Record<Role, string>;
  for (const role of ROLES) cookies[role] = await ctx.login(people[role].email);
  return { projectId: project.id, people, cookies };
}

/** Money on the project balance, as a card top-up would put it there. */
export async function topUp(ctx: TestContext, projectId: number, amount: number): Promise<void> {
  await ctx.services.ledger.post({
    paymentType: 'deposit',
    currency: 'UAH',
    projectId,
    postings: [
      { account: { kind: 'provider' }, amount: -amount },
      { account: { kind: 'project', projectId }, amount },
    ],
  });
}

const DAY = 24 * 3600;
export const inDays = (days: number) => Math.floor(Date.now() / 1000) + days * DAY;

export const ESTIMATE = {
  estimate: 'Дві сторінки і форма',
  executionTime: 40,
  executionTimeBase: 32,
  delayStart: 8,
  jobItem: ['Верстка', 'Форма'],
  dateAutoSendForCheck: null,
};

export function offerBody(name = 'Лендінг', price = 100_000) {
  return {
    name,
    description: 'Опис',
    workList: ['Верстка', 'Форма'],
    urgencies: [
      { urgency: 1, price, dateDeadline: inDays(14) },
      { urgency: 3, price: price * 2, dateDeadline: inDays(5) },
    ],
  };
}

/** A body every action accepts (the performer is the cast's). */
export function validBody(action: TaskActionName, cast: Cast): Record<string, unknown> {
  switch (action) {
    case 'publish':
      return { negayno: false };
    case 'to-estimation':
      return { performerIds: [cast.people.performer.id] };
    case 'finish-evaluation':
      return ESTIMATE;
    case 'send-offer':
      return offerBody();
    case 're-estimate':
    case 'return-offer':
    case 'reject-test':
    case 'reject-prod':
    case 'reject':
    case 'delete':
      return { message: 'Причина' };
    case 'progress':
      return { progress: 40 };
    case 'add-rating':
      return { rating: 5, review: 'Дякуємо' };
    default:
      return {};
  }
}

export function dataOf<T>(response: { status: number; body: unknown; text: string }): T {
  const body = response.body as { status: string; data: T };
  if (body.status !== 'ok') throw new Error(`not ok (${response.status}): ${response.text}`);
  return body.data;
}

export function act(ctx: TestContext, cast: Cast, role: Role, taskId: number, action: TaskActionName, body: Record<string, unknown> = validBody(action, cast)) {
  return ctx.post<TaskStep>(`/api/task/${taskId}/action/${action}`, body, { cookie: cast.cookies[role] });
}

export function answerDocument(
  ctx: TestContext,
  cast: Cast,
  role: Role,
  documentId: number,
  action: 'accept' | 'reject' | 'update',
  body: Record<string, unknown>,
) {
  return ctx.post<TaskStep>(`/api/document/${documentId}/action/${action}`, body, { cookie: cast.cookies[role] });
}

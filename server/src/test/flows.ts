/** Walking the registration and recovery machines in tests, reading codes from the mail outbox. */
import type { FlowKind, StepAnswer } from '@negayno/shared/contract';
import { FLOW_COOKIES } from '../modules/registration/index.js';
import { readOutbox } from '../infra/mail/outbox.js';
import type { RequestOptions, TestContext, TestResponse } from './harness.js';

export const NEW_PASSWORD = 'a-fresh-password-1';

/** A browser of one flow: it keeps the flow cookie the server sets, as a browser would. */
export class FlowClient {
  private cookie: string | undefined;

  constructor(
    private readonly ctx: TestContext,
    readonly kind: FlowKind,
    private readonly options: Omit<RequestOptions, 'cookie' | 'payload'> = {},
  ) {}

  async call(step: string, payload: Record<string, unknown> = {}): Promise<TestResponse<StepAnswer>> {
    const response = await this.ctx.post<StepAnswer>(`/api/${this.kind}/${step}`, payload, {
      ...this.options,
      cookie: this.cookie,
    });
    const set = response.cookies.find((cookie) => cookie.name === FLOW_COOKIES[this.kind]);
    if (set) this.cookie = set.value ? `${set.name}=${set.value}` : undefined;
    return response;
  }

  /** Calls a step that must succeed; answers its `next`. */
  async ok(step: string, payload: Record<string, unknown> = {}): Promise<StepAnswer> {
    const response = await this.call(step, payload);
    if (response.body.status !== 'ok') throw new Error(`${this.kind}/${step} failed: ${response.status} ${response.text}`);
    return response.body.data;
  }

  /** A second browser tab holding the same cookie as this one now: it keeps it whatever this one does next. */
  fork(): FlowClient {
    const copy = new FlowClient(this.ctx, this.kind, this.options);
    copy.cookie = this.cookie;
    return copy;
  }

  get hasCookie(): boolean {
    return this.cookie !== undefined;
  }
}

/** The newest code mailed to an address through the outbox (no SMTP_URL in tests). */
export async function lastCodeTo(ctx: TestContext, email: string): Promise<string> {
  const [mail] = await readOutbox(ctx.db, { to: email, limit: 1 });
  if (!mail?.code) throw new Error(`no code mailed to ${email}`);
  return mail.code;
}

export interface Person {
  email: string;
  firstname?: string;
  lastname?: string;
  password?: string;
}

/** A whole 6-step client registration with an invitation (or promo) code. */
export async function registerClient(
  ctx: TestContext,
  code: string,
  person: Person,
  options: Omit<RequestOptions, 'cookie' | 'payload'> = {},
): Promise<FlowClient> {
  const flow = new FlowClient(ctx, 'registration', options);
  await flow.ok('check-invitation-code', { code });
  await flow.ok('email', { email: person.email });
  await flow.ok('check-email', { code: await lastCodeTo(ctx, person.email) });
  await flow.ok('country', { country: 'UA' });
  await flow.ok('fullname', { firstname: person.firstname ?? 'Ірина', lastname: person.lastname ?? 'Петренко' });
  await flow.ok('password', { password: person.password ?? NEW_PASSWORD });
  return flow;
}

/**
 * The registration and recovery step machines (spec 2, 4, 7; decisions 1). Each call is one step:
 * it is admitted by the flow's machine (machines.ts), validated, and moves the flow on; the answer
 * names the next step. Progress lives in auth_flows under the HMAC of a cookie, so a browser cannot
 * skip, reorder or replay steps, and two racing calls on one flow cannot both move it.
 */
import { countryBody, emailCodeBody, emailStepBody, invitationCodeBody, nicknameBody, passwordStepBody } from '@negayno/shared/contract/flow-bodies';
import { EMAIL_CODE, fullnameBody, type ErrorCode, type FlowKind, type FlowStep, type Language, type StepAnswer } from '@negayno/shared/contract';
import type { Db } from '../../db/connection.js';
import { violatedUnique } from '../../db/errors.js';
import type { FlowMachine } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { validate } from '../../http/validate.js';
import { keyedHash, randomDigits, randomToken, sameHash } from '../../lib/secure-codes.js';
import type { Mailer } from '../../infra/mail/mailer.js';
import { confirmationCodeMail } from '../../infra/mail/templates.js';
import { failsWith, type RateLimiter } from '../../infra/rate-limit/service.js';
import { type AuthService, type ClientInfo, findCredentials, hashPassword, ipSubject, LIMITS } from '../auth/index.js';
import type { InvitationsService } from '../invitations/index.js';
import { acceptProjectInvitations, hasProjectInvitation } from '../projects/index.js';
import { colorFor, emailIsTaken, insertUser, setPasswordHash } from '../users/index.js';
import { forgetFrom, type FlowData } from './flow-data.js';
import { admits, entryOf, isStepOf, kindOf, nextAfter, stepsFrom } from './machines.js';
import { isNicknameFree, suggestNicknames } from './nicknames.js';
import { advanceFlow, findFlow, finishFlow, insertFlow, takeCodeTry, type EmailCodeState, type FlowRow } from './repo.js';

export interface StepContext {
  /** The flow cookie of this kind, if the browser has one. */
  token: string | undefined;
  client: ClientInfo;
  /** The request's language: the mail is written in it, and a new account starts in it. */
  language: Language;
}

export interface StepResult {
  answer: StepAnswer;
  /** A flow began: the cookie to set. */
  newToken?: string;
  /** The flow is done: the cookie to clear. */
  finished?: boolean;
}

/** Where a call lands: an existing flow, or a fresh one of `machine` (replacing the old one, if any). */
interface Position {
  machine: FlowMachine;
  tokenHash: string;
  flow?: FlowRow;
  newToken?: string;
  replaces?: string;
}

type Handler = (position: Position, body: unknown, context: StepContext) => Promise<StepResult>;

function refuse(code: ErrorCode, field: string): AppError {
  return new AppError(code, { [field]: code });
}

export class RegistrationService {
  private readonly handlers: Record<FlowStep, Handler>;

  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly limiter: RateLimiter,
    private readonly invitations: InvitationsService,
    private readonly mailer: Mailer,
    private readonly auth: AuthService,
    /** How long a mailed code is good for (config EMAIL_CODE_TTL_SECONDS, 10 minutes by default). */
    private readonly codeTtlSeconds: number,
  ) {
    this.handlers = {
      'check-invitation-code': (p, b, c) => this.checkInvitationCode(p, b, c),
      email: (p, b, c) => this.email(p, b, c),
      'check-email': (p, b, c) => this.checkEmail(p, b, c),
      country: (p, b) => this.country(p, b),
      fullname: (p, b) => this.fullname(p, b),
      nickname: (p, b) => this.nickname(p, b),
      password: (p, b, c) => this.password(p, b, c),
    };
  }

  async step(kind: FlowKind, step: FlowStep, body: unknown, context: StepContext): Promise<StepResult> {
    if (!isStepOf(kind, step)) throw new AppError('action_not_found');
    const tokenHash = context.token ? this.tokenHashOf(context.token) : undefined;
    const found = tokenHash ? await findFlow(this.db, tokenHash) : undefined;
    const flow = found && kindOf(found.machine) === kind ? found : undefined;
    if (flow && admits(flow.machine, flow.step, step)) {
      return this.handlers[step]({ machine: flow.machine, tokenHash: flow.tokenHash, flow }, body, context);
    }
    const machine = entryOf(kind, step);
    if (!machine) throw new AppError('method_not_allowed');
    const newToken = randomToken();
    return this.handlers[step]({ machine, tokenHash: this.tokenHashOf(newToken), newToken, replaces: found?.tokenHash }, body, context);
  }

  private tokenHashOf(token: string): string {
    return keyedHash(this.secret, 'flow', token);
  }

  private codeHashOf(tokenHash: string, code: string): string {
    return keyedHash(this.secret, 'email-code', `${tokenHash}:${code}`);
  }

  /** What the flow keeps when `step` is (re)done: everything established before it. */
  private dataBefore(position: Position, step: FlowStep): FlowData {
    return forgetFrom(position.flow?.data ?? {}, stepsFrom(position.machine, step));
  }

  /** Records the step as done and answers the next one; a flow moved meanwhile by another call refuses. */
  private async moveOn(
    position: Position,
    step: FlowStep,
    data: FlowData,
    options: { code?: EmailCodeState; clearCode?: boolean; nicknames?: string[] } = {},
  ): Promise<StepResult> {
    const next = nextAfter(position.machine, step);
    if (next === 'done') throw new Error(`${step} is not a middle step`);
    const answer: StepAnswer = options.nicknames ? { next, nicknames: options.nicknames } : { next };
    if (position.flow) {
      const moved = await advanceFlow(this.db, position.flow, { step: next, data, code: options.code, clearCode: options.clearCode });
      if (!moved) throw new AppError('method_not_allowed');
      return { answer };
    }
    await insertFlow(this.db, { tokenHash: position.tokenHash, machine: position.machine, step: next, data, code: options.code }, position.replaces);
    return { answer, newToken: position.newToken };
  }

  private async checkInvitationCode(position: Position, body: unknown, context: StepContext): Promise<StepResult> {
    const { code } = validate(invitationCodeBody, body);
    const kind = position.machine === 'performer' ? 'performer' : 'client';
    // Only a wrong code is a guess; a used or expired one was real.
    const grant = await this.limiter.guessing(
      [[LIMITS.invitationIp, ipSubject(context.client.ip)]],
      () => this.invitations.check(code, kind),
      failsWith('code_is_incorrect'),
    );
    return this.moveOn(position, 'check-invitation-code', { ...this.dataBefore(position, 'check-invitation-code'), grant });
  }

  /**
   * Sends a confirmation code; called again while the code is awaited, it sends a new one (send-again).
   * Where the answer would tell who has an account (a recovery, and the code-less start of the 4-step
   * flow), every email goes on to the code step alike and only the right ones get a code.
   */
  private async email(position: Position, body: unknown, context: StepContext): Promise<StepResult> {
    const { email } = validate(emailStepBody, body);
    // Every call counts per address first: some answers below tell registered emails apart.
    await this.limiter.consumeAll([[LIMITS.codeSendIp, ipSubject(context.client.ip)]]);
    const data: FlowData = { ...this.dataBefore(position, 'email'), email };
    let mailsCode = true;
    if (position.machine === 'restore') {
      // An unknown email goes on to the code step like a known one, but no code is sent.
      data.userId = (await findCredentials(this.db, email))?.user.id ?? null;
      mailsCode = data.userId !== null;
    } else if (position.machine === 'invited-client') {
      // No invitation code was shown, so a registered and a not-invited email answer like an invited
      // one (both questions are always asked: the same work, the same time) and get no code.
      const [taken, invited] = await Promise.all([emailIsTaken(this.db, email), hasProjectInvitation(this.db, email)]);
      mailsCode = !taken && invited;
    } else if (await emailIsTaken(this.db, email)) {
      // Past an invitation code the caller is someone we invited: spec 8's email_already_added helps them.
      throw refuse('email_already_added', 'email');
    }
    // Send-again is once a minute per flow kind (a registration does not hold up a recovery), and a few
    // an hour in all; a mail that could not leave spends none of it.
    const code = randomDigits(EMAIL_CODE.length);
    await this.limiter.spentOnSuccess(
      [
        [LIMITS.codeSendMinute, `${kindOf(position.machine)}:${email}`],
        [LIMITS.codeSendAccount, email],
      ],
      async () => {
        if (!mailsCode) return;
        const purpose = position.machine === 'restore' ? 'restore-password' : 'registration';
        await this.mailer.send(confirmationCodeMail(email, code, purpose, context.language, this.codeTtlSeconds));
      },
    );
    return this.moveOn(position, 'email', data, { code: { hash: this.codeHashOf(position.tokenHash, code), ttlSeconds: this.codeTtlSeconds } });
  }

  private async checkEmail(position: Position, body: unknown, context: StepContext): Promise<StepResult> {
    const flow = position.flow!;
    const { code } = validate(emailCodeBody, body);
    const checks = [
      [LIMITS.codeCheckAccount, flow.data.email!],
      [LIMITS.codeCheckIp, ipSubject(context.client.ip)],
    ] as const;
    await this.limiter.guessing(
      checks,
      async () => {
        // A code past its lifetime (10 minutes by default), or one that took its 5 wrong tries, is dead: a new one must be sent.
        if (!flow.codeHash || flow.codeExpired) throw refuse('code_is_expired', 'code');
        if (!(await takeCodeTry(this.db, flow.tokenHash, EMAIL_CODE.maxWrongTries))) throw refuse('code_is_expired', 'code');
        if (!sameHash(flow.codeHash, this.codeHashOf(flow.tokenHash, code))) throw refuse('code_is_incorrect', 'code');
      },
      failsWith('code_is_incorrect'),
    );
    return this.moveOn(position, 'check-email', { ...this.dataBefore(position, 'check-email'), emailVerified: true }, { clearCode: true });
  }

  private async country(position: Position, body: unknown): Promise<StepResult> {
    const { country } = validate(countryBody, body);
    return this.moveOn(position, 'country', { ...this.dataBefore(position, 'country'), country });
  }

  private async fullname(position: Position, body: unknown): Promise<StepResult> {
    const { firstname, lastname } = validate(fullnameBody, body);
    const data: FlowData = { ...this.dataBefore(position, 'fullname'), firstname, lastname };
    if (position.machine !== 'performer') return this.moveOn(position, 'fullname', data);
    const nicknames = await suggestNicknames(this.db, firstname, lastname);
    return this.moveOn(position, 'fullname', { ...data, nicknames }, { nicknames });
  }

  /** Only one of the suggested nicknames, and only while it is still free. */
  private async nickname(position: Position, body: unknown): Promise<StepResult> {
    const { nickname } = validate(nicknameBody, body);
    const data = this.dataBefore(position, 'nickname');
    const chosen = data.nicknames?.find((suggestion) => suggestion === nickname.toLowerCase());
    if (!chosen) throw refuse('nickname_is_invalid', 'nickname');
    if (!(await isNicknameFree(this.db, chosen))) return this.nicknameTaken(position.flow!);
    return this.moveOn(position, 'nickname', { ...data, nickname: chosen });
  }

  /**
   * Someone took the chosen nickname since it was suggested: the flow goes back to the nickname step
   * with fresh suggestions, and the refusal carries them, so the screen can offer them at once.
   */
  private async nicknameTaken(flow: FlowRow): Promise<never> {
    const data = forgetFrom(flow.data, stepsFrom(flow.machine, 'nickname'));
    const nicknames = await suggestNicknames(this.db, data.firstname!, data.lastname!);
    if (!(await advanceFlow(this.db, flow, { step: 'nickname', data: { ...data, nicknames } }))) throw new AppError('method_not_allowed');
    const answer: StepAnswer = { next: 'nickname', nicknames };
    throw new AppError('nickname_is_invalid', { nickname: 'nickname_is_invalid' }, answer);
  }

  private async password(position: Position, body: unknown, context: StepContext): Promise<StepResult> {
    const flow = position.flow!;
    const { password } = validate(passwordStepBody, body);
    const passwordHash = await hashPassword(password);
    if (position.machine === 'restore') await this.restorePassword(flow, passwordHash);
    else if (!(await this.createAccount(flow, passwordHash, context.language))) return this.nicknameTaken(flow);
    return { answer: { next: 'done' }, finished: true };
  }

  /**
   * The account, the invitation's use, the promo code and the project memberships are written in
   * one transaction that also ends the flow: all of it happens once, or none of it. Answers false,
   * with nothing written, when the performer's nickname was taken since it was chosen.
   */
  private async createAccount(flow: FlowRow, passwordHash: string, language: Language): Promise<boolean> {
    const data = flow.data;
    if (!data.email || !data.emailVerified || !data.firstname || !data.lastname || !data.country) throw new AppError('method_not_allowed');
    const email = data.email;
    const created = this.db.transaction().execute(async (trx) => {
      if (await emailIsTaken(trx, email)) throw refuse('email_already_added', 'email');
      if (data.nickname && !(await isNicknameFree(trx, data.nickname))) return false;
      const redeemed = data.grant ? await this.invitations.redeem(trx, data.grant) : { invitationCodeId: null, invitedBy: null };
      const userId = await insertUser(trx, {
        email,
        password_hash: passwordHash,
        firstname: data.firstname!,
        lastname: data.lastname!,
        nickname: data.nickname ?? null,
        role: flow.machine === 'performer' ? 'performer' : 'user',
        country: data.country,
        language,
        color: colorFor(email),
        promo_code: await this.invitations.newPromoCode(trx),
        invited_by: redeemed.invitedBy,
        invitation_code_id: redeemed.invitationCodeId,
      });
      const joined = await acceptProjectInvitations(trx, userId, email);
      // The 4-step variant has no invitation code: its project invitation is its ticket in.
      if (flow.machine === 'invited-client' && joined === 0) throw refuse('email_not_invited', 'email');
      if (!(await finishFlow(trx, flow))) throw new AppError('method_not_allowed');
      return true;
    });
    // Two registrations racing for one email or nickname both pass the checks above; the unique index
    // lets one in and the other is answered as if it had come a moment later.
    return created.catch((error: unknown) => {
      const index = violatedUnique(error);
      if (index === 'users_nickname_key') return false;
      if (index === 'users_email_key') throw refuse('email_already_added', 'email');
      throw error;
    });
  }

  /** A new password ends every session of the account and lifts its login lock: the owner proved the email. */
  private async restorePassword(flow: FlowRow, passwordHash: string): Promise<void> {
    const { userId, email, emailVerified } = flow.data;
    if (!userId || !email || !emailVerified) throw new AppError('method_not_allowed');
    await this.db.transaction().execute(async (trx) => {
      await setPasswordHash(trx, userId, passwordHash);
      if (!(await finishFlow(trx, flow))) throw new AppError('method_not_allowed');
    });
    await this.auth.endAllSessions(userId);
    await this.limiter.reset(LIMITS.loginAccount, email);
  }
}

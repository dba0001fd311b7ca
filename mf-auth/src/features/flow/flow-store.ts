/**
 * One registration or recovery in the browser (spec 2, 4, 5): the fields of every screen, their
 * errors, and the calls that move the server's step machine on. The server says which step is next;
 * this store shows the screen for it. When the machine answers done, the user is signed in with the
 * email and password just entered.
 */
import { ApiError, call } from '@negayno/shared/api';
import { EMAIL_CODE, FLOW_STEPS, LENGTH, endpoints, isEmail, type FlowStep, type FlowStepBody, type StepAnswer } from '@negayno/shared/contract';
import type { SessionStore } from '@negayno/shared/stores';
import { makeAutoObservable, runInAction } from 'mobx';
import { FLOWS, type FlowDefinition, type FlowName, type Screen } from './definitions';
import { messageOfError, type Message } from '@negayno/shared/i18n';

export type Field = 'invitationCode' | 'email' | 'code' | 'country' | 'firstname' | 'lastname' | 'nickname' | 'password' | 'passwordRepeat';

/** Which form field a server field error lands on; `code` means the invitation code on its own screen. */
function fieldOfServerError(field: string, screen: Screen): Field | null {
  if (field === 'code') return screen === 'invitation' ? 'invitationCode' : 'code';
  return ['email', 'country', 'firstname', 'lastname', 'nickname', 'password'].includes(field) ? (field as Field) : null;
}

/** The fields each screen shows: a server error about a field elsewhere is shown for the whole form. */
const FIELDS_ON: Record<Screen, Field[]> = {
  invitation: ['invitationCode'],
  email: ['email'],
  code: ['code'],
  emailCode: ['email', 'code'],
  country: ['country'],
  name: ['firstname', 'lastname'],
  about: ['country', 'firstname', 'lastname'],
  nickname: ['nickname'],
  password: ['password', 'passwordRepeat'],
};

/** A refusal that moved the server's machine back names the step it now expects (ErrorEnvelope.data). */
function movedBackTo(data: unknown): (StepAnswer & { next: FlowStep }) | null {
  const answer = data as Partial<StepAnswer> | null | undefined;
  if (typeof answer?.next !== 'string' || !(FLOW_STEPS as readonly string[]).includes(answer.next)) return null;
  return answer as StepAnswer & { next: FlowStep };
}

const required: Message = { key: 'auth:validation.required' };
const tooLong = (length: number): Message => ({ key: 'auth:validation.maxSymbols', values: { length } });

export class FlowStore {
  definition: FlowDefinition;
  screen: Screen;
  values: Record<Field, string> = {
    invitationCode: '',
    email: '',
    code: '',
    country: 'UA',
    firstname: '',
    lastname: '',
    nickname: '',
    password: '',
    passwordRepeat: '',
  };
  errors: Partial<Record<Field, Message>> = {};
  /** A failure that belongs to no field (limits, an expired flow, the server). */
  formError: Message | null = null;
  /** The flow is gone on the server: the user can only start again. */
  expired = false;
  submitting = false;
  nicknames: string[] = [];
  /** The email the current code was sent to (the invited client's first screen sends, then checks). */
  codeSentTo: string | null = null;
  /** When send-again becomes possible (once a minute), and a ticking clock to show the countdown. */
  resendAt = 0;
  now = Date.now();
  resent = false;
  finished = false;
  private ticker: ReturnType<typeof setInterval> | undefined;

  constructor(
    name: FlowName,
    private readonly session: SessionStore,
    initial: Partial<Record<Field, string>> = {},
  ) {
    this.definition = FLOWS[name];
    this.screen = this.definition.screens[0]!;
    Object.assign(this.values, initial);
    makeAutoObservable<FlowStore, 'session' | 'ticker'>(this, { session: false, ticker: false });
  }

  get stepNumber(): number {
    return this.definition.screens.indexOf(this.screen) + 1;
  }

  get stepCount(): number {
    return this.definition.screens.length;
  }

  get canGoBack(): boolean {
    return this.stepNumber > 1 && !this.finished;
  }

  get resendSeconds(): number {
    return Math.max(0, Math.ceil((this.resendAt - this.now) / 1000));
  }

  /** Leading whitespace is dropped as the user types (spec 5); passwords are kept as typed. */
  set(field: Field, value: string): void {
    this.values[field] = field === 'password' || field === 'passwordRepeat' || field === 'code' ? value : value.trimStart();
    delete this.errors[field];
    this.formError = null;
  }

  /** Switches between the 6-step registration with a code and the 4-step one for an invited email. */
  switchTo(name: FlowName): void {
    this.definition = FLOWS[name];
    this.screen = this.definition.screens[0]!;
    this.errors = {};
    this.formError = null;
    this.expired = false;
    this.codeSentTo = null;
  }

  back(): void {
    if (!this.canGoBack) return;
    const screens = this.definition.screens;
    this.screen = screens[screens.indexOf(this.screen) - 1]!;
    this.errors = {};
    this.formError = null;
  }

  startOver(): void {
    this.switchTo(this.definition.name);
  }

  /** Submits the current screen: validates it, then makes its calls. Answers whether it moved on. */
  async submit(): Promise<boolean> {
    if (this.submitting || this.finished) return false;
    if (!this.validate()) return false;
    this.submitting = true;
    this.formError = null;
    try {
      await this.send();
      return true;
    } catch (error) {
      runInAction(() => this.applyError(error));
      return false;
    } finally {
      runInAction(() => {
        this.submitting = false;
      });
    }
  }

  /** Sends the code again (also the first send of the invited client's screen). */
  async resend(): Promise<void> {
    if (this.submitting || this.resendSeconds > 0) return;
    this.submitting = true;
    try {
      await this.sendEmail();
      runInAction(() => {
        this.resent = true;
        this.values.code = '';
        delete this.errors.code;
      });
    } catch (error) {
      runInAction(() => this.applyError(error));
    } finally {
      runInAction(() => {
        this.submitting = false;
      });
    }
  }

  dispose(): void {
    clearInterval(this.ticker);
  }

  private get trimmed(): Record<Field, string> {
    const out = { ...this.values };
    for (const field of Object.keys(out) as Field[]) if (field !== 'password' && field !== 'passwordRepeat') out[field] = out[field].trim();
    return out;
  }

  private get code(): string {
    return this.values.code.replace(/\s/g, '');
  }

  /** The rules of spec 5 for the fields of the current screen; errors land on their fields. */
  private validate(): boolean {
    const v = this.trimmed;
    const errors: Partial<Record<Field, Message>> = {};
    const text = (field: Field, max: number) => {
      if (!v[field]) errors[field] = required;
      else if (v[field].length > max) errors[field] = tooLong(max);
    };
    const email = () => {
      text('email', LENGTH.email);
      if (!errors.email && !isEmail(v.email)) errors.email = { key: 'auth:validation.invalidEmail' };
    };
    const code = () => {
      if (!this.code) errors.code = required;
      // The code is exactly 6 digits; a shorter one gets the "max symbols" text with the length (spec 5).
      else if (!new RegExp(`^\\d{${EMAIL_CODE.length}}$`).test(this.code)) errors.code = tooLong(EMAIL_CODE.length);
    };
    switch (this.screen) {
      case 'invitation':
        text('invitationCode', LENGTH.code);
        break;
      case 'email':
        email();
        break;
      case 'code':
        code();
        break;
      case 'emailCode':
        email();
        if (this.codeSentTo === v.email) code();
        break;
      case 'country':
        if (!v.country) errors.country = required;
        break;
      case 'name':
        text('firstname', LENGTH.personName);
        text('lastname', LENGTH.personName);
        break;
      case 'about':
        if (!v.country) errors.country = required;
        text('firstname', LENGTH.personName);
        text('lastname', LENGTH.personName);
        break;
      case 'nickname':
        if (!v.nickname) errors.nickname = { key: 'auth:validation.chooseNickname' };
        break;
      case 'password':
        if (!v.password) errors.password = required;
        else if (v.password.length < LENGTH.password.min) errors.password = { key: 'password_is_too_short' };
        else if (v.password.length > LENGTH.password.max) errors.password = { key: 'password_is_too_long' };
        if (!v.passwordRepeat) errors.passwordRepeat = required;
        else if (!errors.password && v.password !== v.passwordRepeat) errors.passwordRepeat = { key: 'auth:validation.passwordsDiffer' };
        break;
    }
    this.errors = errors;
    return Object.keys(errors).length === 0;
  }

  private sendStep<Step extends FlowStep>(step: Step, body: FlowStepBody<Step>): Promise<StepAnswer> {
    const kind = this.definition.kind;
    return call(endpoints.flows[kind], { params: { step }, body }, { name: `${kind}-${step}`, quiet: true });
  }

  private async send(): Promise<void> {
    const v = this.trimmed;
    switch (this.screen) {
      case 'invitation':
        return this.follow(await this.sendStep('check-invitation-code', { code: v.invitationCode }));
      case 'email':
        return this.follow(await this.sendEmail());
      case 'code':
        return this.follow(await this.sendStep('check-email', { code: this.code }));
      case 'emailCode':
        if (this.codeSentTo !== v.email) {
          await this.sendEmail();
          return;
        }
        return this.follow(await this.sendStep('check-email', { code: this.code }));
      case 'country':
        return this.follow(await this.sendStep('country', { country: v.country }));
      case 'name':
        return this.follow(await this.sendStep('fullname', { firstname: v.firstname, lastname: v.lastname }));
      case 'about':
        await this.sendStep('country', { country: v.country });
        return this.follow(await this.sendStep('fullname', { firstname: v.firstname, lastname: v.lastname }));
      case 'nickname':
        return this.follow(await this.sendStep('nickname', { nickname: v.nickname }));
      case 'password':
        return this.follow(await this.sendStep('password', { password: v.password }));
    }
  }

  private async sendEmail(): Promise<StepAnswer> {
    const email = this.trimmed.email;
    const answer = await this.sendStep('email', { email });
    runInAction(() => {
      this.codeSentTo = email;
      this.resendAt = Date.now() + EMAIL_CODE.resendSeconds * 1000;
      this.startTicking();
    });
    return answer;
  }

  private startTicking(): void {
    this.now = Date.now();
    clearInterval(this.ticker);
    this.ticker = setInterval(() => {
      runInAction(() => {
        this.now = Date.now();
      });
      if (this.now >= this.resendAt) clearInterval(this.ticker);
    }, 1000);
  }

  /** Shows the screen of the server's next step; at the end, signs in with what was just entered. */
  private async follow(answer: StepAnswer): Promise<void> {
    if (answer.next === 'done') {
      runInAction(() => {
        this.finished = true;
      });
      await this.session.login(this.trimmed.email, this.values.password);
      return;
    }
    const next = answer.next;
    runInAction(() => this.show(next, answer.nicknames));
  }

  /** The screen of the step the server expects, with the suggestions it sent. */
  private show(next: FlowStep, nicknames: string[] | undefined): void {
    if (nicknames) {
      this.nicknames = nicknames;
      if (!nicknames.includes(this.values.nickname)) this.values.nickname = '';
    }
    if (next === 'check-email') this.values.code = '';
    this.resent = false;
    this.screen = this.definition.screenFor(next);
  }

  private applyError(error: unknown): void {
    if (!(error instanceof ApiError)) {
      this.formError = messageOfError(error);
      return;
    }
    if (error.code === 'method_not_allowed') {
      this.expired = true;
      this.formError = { key: 'auth:flow.expired' };
      return;
    }
    const movedBack = movedBackTo(error.data);
    if (movedBack) {
      this.show(movedBack.next, movedBack.nicknames);
      // The only way back so far: the chosen nickname was taken meanwhile; fresh suggestions came along.
      if (movedBack.next === 'nickname') {
        this.errors = { nickname: { key: 'auth:register.nickname.taken' } };
        return;
      }
    }
    let placed = false;
    for (const field of Object.keys(error.details)) {
      const target = fieldOfServerError(field, this.screen);
      if (!target || !FIELDS_ON[this.screen].includes(target)) continue;
      this.errors[target] = messageOfError(error, field);
      placed = true;
    }
    if (!placed) this.formError = messageOfError(error);
  }
}

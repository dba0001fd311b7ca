/**
 * The two-step login form (spec 2 and 5): step 1 validates the email, step 2 asks the password.
 * Server failures land on the field they concern.
 */
import { ApiError } from '@negayno/shared/api';
import { LENGTH, isEmail } from '@negayno/shared/contract';
import { messageOfError, type Message } from '@negayno/shared/i18n';
import type { SessionStore } from '@negayno/shared/stores';
import { makeAutoObservable, runInAction } from 'mobx';

export type LoginStep = 'email' | 'password';

export class LoginFormStore {
  step: LoginStep = 'email';
  email = '';
  password = '';
  emailError: Message | null = null;
  passwordError: Message | null = null;
  submitting = false;

  constructor(private readonly session: SessionStore) {
    makeAutoObservable<LoginFormStore, 'session'>(this, { session: false });
  }

  /** Leading whitespace is dropped as the user types (spec 5). */
  setEmail(value: string): void {
    this.email = value.trimStart();
    this.emailError = null;
  }

  setPassword(value: string): void {
    this.password = value;
    this.passwordError = null;
  }

  /** Step 1 -> 2, only with a valid email. */
  continueToPassword(): boolean {
    const email = this.email.trim();
    if (!email) this.emailError = { key: 'auth:validation.required' };
    else if (email.length > LENGTH.email) this.emailError = { key: 'auth:validation.maxSymbols', values: { length: LENGTH.email } };
    else if (!isEmail(email)) this.emailError = { key: 'auth:validation.invalidEmail' };
    if (this.emailError) return false;
    this.email = email;
    this.step = 'password';
    return true;
  }

  editEmail(): void {
    this.step = 'email';
    this.password = '';
    this.passwordError = null;
  }

  async submit(): Promise<boolean> {
    if (this.submitting) return false;
    if (!this.password) {
      this.passwordError = { key: 'auth:validation.required' };
      return false;
    }
    this.submitting = true;
    try {
      await this.session.login(this.email, this.password);
      return true;
    } catch (error) {
      runInAction(() => this.applyServerError(error));
      return false;
    } finally {
      runInAction(() => {
        this.submitting = false;
      });
    }
  }

  private applyServerError(error: unknown): void {
    if (!(error instanceof ApiError)) {
      this.passwordError = messageOfError(error);
      return;
    }
    const emailField = error.fieldError('email');
    if (emailField) {
      this.step = 'email';
      this.emailError = messageOfError(error, 'email');
      return;
    }
    this.passwordError = messageOfError(error, 'password');
  }
}

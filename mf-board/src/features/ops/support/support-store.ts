/** The console's support: a login-as code for a user, shown once. */
import { opsEndpoints } from '@negayno/shared/contract/ops-endpoints';
import { makeAutoObservable, runInAction } from 'mobx';
import { type OpsLoginCode } from '@negayno/shared/contract';
import { call } from '@negayno/shared/api';

export class SupportStore {
  /** The last code issued: held only while the section is open, never stored. */
  issued: OpsLoginCode | null = null;
  busy = false;

  constructor() {
    makeAutoObservable(this);
  }

  async issue(email: string): Promise<OpsLoginCode> {
    this.busy = true;
    this.issued = null;
    try {
      const code = await call(opsEndpoints.loginCode, { body: { email } }, { quiet: true });
      runInAction(() => {
        this.issued = code;
      });
      return code;
    } finally {
      runInAction(() => {
        this.busy = false;
      });
    }
  }

  forget(): void {
    this.issued = null;
  }
}

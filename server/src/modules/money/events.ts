/**
 * The live money events (spec 7 socket events), emitted after the change committed and only to the
 * owners of the account: a user's own room, or the rooms of a project's administrators.
 */
import type { Realtime } from '../../infra/realtime/realtime.js';
import type { AccountRef } from './ledger.js';

export class MoneyEvents {
  constructor(
    private readonly realtime: Pick<Realtime, 'emitToUser'>,
    private readonly projectOwners: (projectId: number) => Promise<number[]>,
  ) {}

  /** One event per touched account that has an owner who sees it. */
  async transactionChanged(number: number, accounts: AccountRef[]): Promise<void> {
    for (const account of accounts) {
      if (account.kind === 'user_wallet' && account.userId !== undefined) this.realtime.emitToUser(account.userId, 'user.transaction.update', { number });
      if (account.kind === 'user_bonus' && account.userId !== undefined) this.realtime.emitToUser(account.userId, 'user.bonus.transaction.update', { number });
      if (account.kind === 'project' && account.projectId !== undefined) {
        const projectId = account.projectId;
        for (const userId of await this.projectOwners(projectId)) this.realtime.emitToUser(userId, 'project.transaction.update', { projectId, number });
      }
    }
  }
}

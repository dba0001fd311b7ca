import type { Balance } from '@negayno/shared/contract';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { findUserById } from '../users/index.js';
import type { LedgerService } from './ledger.js';
import { toBalance } from './presenters.js';

/** What the wallet screens read. Money moves themselves go through the LedgerService. */
export class MoneyService {
  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerService,
  ) {}

  walletOf(user: AuthUser): Promise<Balance> {
    return this.userBalance(user, 'user_wallet');
  }

  bonusOf(user: AuthUser): Promise<Balance> {
    return this.userBalance(user, 'user_bonus');
  }

  private async userBalance(user: AuthUser, kind: 'user_wallet' | 'user_bonus'): Promise<Balance> {
    const row = await findUserById(this.db, user.id);
    if (!row) throw new AppError('user_not_found');
    return toBalance(await this.ledger.balanceOf({ kind, userId: user.id }, row.currency), row.currency);
  }
}

/**
 * The wallet calls of spec 7 "Balance" that are not card payments or payouts: balances, statements and
 * statistics of the three kinds of balance, the partner program, and the moves between balances
 * (tips, a project top-up from the wallet or the bonus, the transfer of a closed project's balance).
 */
import type {
  Balance,
  BalanceStatMonth,
  CloseProjectAnswer,
  Currency,
  PartnerProgram,
  Transaction,
  TransactionsPage,
  WalletAnswer,
} from '@negayno/shared/contract';
import type { MoneyConfig } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/app-error.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { Unit, UnitOfWork } from '../../infra/realtime/unit-of-work.js';
import type { ProjectEditingService, ProjectsService } from '../projects/index.js';
import type { TasksService } from '../tasks/index.js';
import { countInvitedBy, findUserById } from '../users/index.js';
import type { AccountRef, LedgerService, PostingInput } from './ledger.js';
import { assertWithin, canTip, isWorkAccepted, walletPermissionsOf } from './policy.js';
import { toBalance } from './presenters.js';
import { bonusEarned, findAccount } from './repo.js';
import type { Statements } from './statements.js';

export type UserAccountKind = 'user_wallet' | 'user_bonus';

/** What a move between two balances records beside its postings. */
interface TransferDetails {
  paymentType: 'tips' | 'projectdeposit' | 'projecttransfer';
  currency: Currency;
  projectId?: number;
  taskId?: number;
  senderId?: number;
  recipientId?: number;
}

/** What the partner tab needs of the invitations module: a free promo code. */
export interface PromoCodes {
  newPromoCode(trx: Db): Promise<string>;
}

export class MoneyService {
  constructor(
    private readonly db: Db,
    private readonly units: UnitOfWork,
    private readonly ledger: LedgerService,
    private readonly config: MoneyConfig,
    private readonly statements: Statements,
    private readonly projects: ProjectsService,
    private readonly projectEditing: ProjectEditingService,
    private readonly tasks: TasksService,
    /** Issues a free personal promo code (the invitations module's, wired in services.ts). */
    private readonly promoCodes: PromoCodes | null = null,
  ) {}

  async walletOf(user: AuthUser): Promise<WalletAnswer> {
    const account = await this.accountOf(user);
    const balance = await this.ledger.balanceOf({ kind: 'user_wallet', userId: user.id }, account.currency);
    const can = walletPermissionsOf(account.role, this.config);
    return { ...toBalance(balance, account.currency), can, billingEmail: this.config.provider === 'off' ? this.config.billingEmail : null };
  }

  async bonusOf(user: AuthUser): Promise<Balance> {
    const { currency } = await this.accountOf(user);
    return toBalance(await this.ledger.balanceOf({ kind: 'user_bonus', userId: user.id }, currency), currency);
  }

  async userTransactions(user: AuthUser, kind: UserAccountKind, backFrom?: number): Promise<TransactionsPage> {
    const { currency } = await this.accountOf(user);
    return this.statements.page(user, { kind, userId: user.id }, currency, backFrom);
  }

  async userTransaction(user: AuthUser, kind: UserAccountKind, number: number): Promise<Transaction> {
    const { currency } = await this.accountOf(user);
    return this.statements.one(user, { kind, userId: user.id }, currency, number);
  }

  async userMonths(user: AuthUser, kind: UserAccountKind): Promise<BalanceStatMonth[]> {
    const { currency } = await this.accountOf(user);
    return this.statements.months({ kind, userId: user.id }, currency);
  }

  async projectBalance(user: AuthUser, projectId: number): Promise<Balance> {
    const project = await this.projects.balanceOwnedBy(user, projectId);
    return toBalance(await this.ledger.balanceOf({ kind: 'project', projectId }, project.currency), project.currency);
  }

  async projectTransactions(user: AuthUser, projectId: number, backFrom?: number): Promise<TransactionsPage> {
    const project = await this.projects.balanceOwnedBy(user, projectId);
    return this.statements.page(user, { kind: 'project', projectId }, project.currency, backFrom);
  }

  async projectTransaction(user: AuthUser, projectId: number, number: number): Promise<Transaction> {
    const project = await this.projects.balanceOwnedBy(user, projectId);
    return this.statements.one(user, { kind: 'project', projectId }, project.currency, number);
  }

  async projectMonths(user: AuthUser, projectId: number): Promise<BalanceStatMonth[]> {
    const project = await this.projects.balanceOwnedBy(user, projectId);
    return this.statements.months({ kind: 'project', projectId }, project.currency);
  }

  /**
   * An account made without registering (the demo, an operator's staff account) has no promo code yet:
   * its partner tab gives it one, so nobody who earns or may earn a bonus sees "—" (issue 33).
   */
  private async issuePromoCode(userId: number): Promise<string | null> {
    const promoCodes = this.promoCodes;
    if (!promoCodes) return null;
    return this.db.transaction().execute(async (trx) => {
      const code = await promoCodes.newPromoCode(trx);
      await trx.updateTable('users').set({ promo_code: code }).where('id', '=', userId).where('promo_code', 'is', null).execute();
      // Two first reads at once: the one that wrote first keeps its code.
      const row = await trx.selectFrom('users').select('promo_code').where('id', '=', userId).executeTakeFirstOrThrow();
      return row.promo_code;
    });
  }

  async partnerProgram(user: AuthUser): Promise<PartnerProgram> {
    const account = await this.accountOf(user);
    const bonus = await findAccount(this.db, 'user_bonus', { userId: user.id }, account.currency);
    return {
      promoCode: account.promo_code ?? (await this.issuePromoCode(user.id)),
      invitedCount: await countInvitedBy(this.db, user.id),
      bonusEarned: bonus ? await bonusEarned(this.db, bonus.id) : 0,
      bonusPercent: this.config.bonusPercent,
      currency: account.currency,
    };
  }

  /** A project top-up from the administrator's wallet or bonus balance (the bonus pays nothing else). */
  async deposit(user: AuthUser, projectId: number, amount: number, from: 'wallet' | 'bonus'): Promise<Transaction> {
    const project = await this.projects.balanceOwnedBy(user, projectId);
    const { currency } = await this.accountOf(user);
    if (currency !== project.currency) throw new AppError('invalid_value');
    const source: AccountRef = { kind: from === 'bonus' ? 'user_bonus' : 'user_wallet', userId: user.id };
    const target: AccountRef = { kind: 'project', projectId };
    // Asked again under the project's lock: a closure that committed since the check above wins.
    const number = await this.units.run(async (unit) => {
      await this.projectEditing.lockBalance(unit.trx, projectId);
      await this.projects.balanceOwnedBy(user, projectId, unit.trx);
      return this.transfer({ paymentType: 'projectdeposit', currency, projectId, senderId: user.id }, source, target, amount, unit);
    });
    return this.statements.one(user, target, currency, number);
  }

  /** Tips (decisions 5): a client's thanks from their wallet to a performer of a task whose work they accepted. */
  async tip(user: AuthUser, taskId: number, amount: number, performerId: number): Promise<Transaction> {
    const { currency } = await this.accountOf(user);
    const found = await this.tasks.findVisible(user, taskId);
    if (!found) throw new AppError('task_not_found');
    if (!canTip(found.access.role)) throw new AppError('access_denied');
    if (!isWorkAccepted({ status: found.task.status, archivedFrom: found.task.archived_from })) throw new AppError('method_not_allowed');
    if (!(await this.tasks.isPerformer(taskId, performerId))) throw new AppError('user_not_found');
    assertWithin(amount, this.config.tips);
    const source: AccountRef = { kind: 'user_wallet', userId: user.id };
    const number = await this.transfer(
      { paymentType: 'tips', currency, projectId: found.task.project_id, taskId, senderId: user.id, recipientId: performerId },
      source,
      { kind: 'user_wallet', userId: performerId },
      amount,
    );
    return this.statements.one(user, source, currency, number);
  }

  /**
   * Closure: the whole balance goes to another project the caller administers (`targetProjectId`) or
   * to their wallet, then the project is archived (removed from everyone's lists).
   */
  async closeProject(user: AuthUser, projectId: number, targetProjectId: number | undefined): Promise<CloseProjectAnswer> {
    const project = await this.projects.balanceOwnedBy(user, projectId);
    const source: AccountRef = { kind: 'project', projectId };
    let target: AccountRef = { kind: 'user_wallet', userId: user.id };
    if (targetProjectId !== undefined) {
      if (targetProjectId === projectId) throw new AppError('invalid_value');
      const other = await this.projects.balanceOwnedBy(user, targetProjectId);
      if (other.currency !== project.currency) throw new AppError('invalid_value');
      target = { kind: 'project', projectId: targetProjectId };
    } else if ((await this.accountOf(user)).currency !== project.currency) {
      throw new AppError('invalid_value');
    }
    // One transaction (issue 35 M12): money that lands meanwhile makes the archive refuse, and then
    // the transfer is undone with it instead of leaving the balance moved under a 409.
    const people = await this.units.run(async (unit) => {
      await this.projectEditing.lockBalance(unit.trx, projectId);
      const balance = await this.ledger.balanceOf(source, project.currency, unit.trx);
      const details = {
        paymentType: 'projecttransfer',
        currency: project.currency,
        projectId,
        senderId: user.id,
        recipientId: target.kind === 'user_wallet' ? user.id : undefined,
      } as const;
      if (balance > 0) await this.transfer(details, source, target, balance, unit);
      return this.projectEditing.archive(unit.trx, user, projectId);
    });
    return this.projectEditing.announceArchived(projectId, people, user, targetProjectId);
  }

  /**
   * One completed move from one balance to another, in the caller's unit of work when given one, else
   * in its own; the ledger records both balances, so their owners hear of it after the commit.
   */
  private async transfer(details: TransferDetails, from: AccountRef, to: AccountRef, amount: number, unit?: Unit): Promise<number> {
    const postings: PostingInput[] = [
      { account: from, amount: -amount },
      { account: to, amount },
    ];
    return (await this.ledger.post({ ...details, postings }, unit)).id;
  }

  private async accountOf(user: AuthUser) {
    const row = await findUserById(this.db, user.id);
    if (!row) throw new AppError('user_not_found');
    return row;
  }
}

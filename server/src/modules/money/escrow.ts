/**
 * A task's escrow (decisions 5): accepting an offer moves the chosen price from the project balance to
 * the task's escrow account; accepting the work releases it (the performers' share split evenly, the
 * sm's commission, the rest platform revenue); an accepted deletion in work refunds escrow ×
 * (100 − progress) % to the project and releases the rest the same way. Every call joins the caller's
 * unit of work (the workflow step), so the step and its money commit or fail together, and the wallets
 * concerned hear of it after the commit (the ledger records them).
 */
import type { Currency, TaskLedger } from '@negayno/shared/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Unit } from '../../infra/realtime/unit-of-work.js';
import type { LedgerService, PostingInput } from './ledger.js';

/** Percentages of a released escrow (configuration): the rest is platform revenue. */
export interface EscrowShares {
  performersPercent: number;
  smPercent: number;
}

export interface EscrowTask {
  taskId: number;
  projectId: number;
  currency: Currency;
  documentName: string;
}

export interface Payees {
  performerIds: number[];
  smId: number | null;
}

export class EscrowService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly shares: EscrowShares,
  ) {}

  /** Project balance → escrow (`taskpayment`); `balance_is_insufficient` when the project cannot pay. A price of 0 moves nothing. */
  async moveToEscrow(unit: Unit, task: EscrowTask, amount: number, payerId: number): Promise<void> {
    if (amount === 0) return;
    await this.ledger.post(
      {
        paymentType: 'taskpayment',
        currency: task.currency,
        projectId: task.projectId,
        taskId: task.taskId,
        senderId: payerId,
        documentName: task.documentName,
        postings: [
          { account: { kind: 'project', projectId: task.projectId }, amount: -amount },
          { account: { kind: 'escrow', taskId: task.taskId }, amount },
        ],
      },
      unit,
    );
  }

  /** Everything in escrow paid out: each performer and the sm a `workpayment` of their own, the remainder to the platform. */
  async release(unit: Unit, task: EscrowTask, payees: Payees): Promise<void> {
    await this.payOut(unit, task, payees, await this.inEscrow(unit.trx, task));
  }

  /** Deletion in work: (100 − progress) % back to the project (`refund`), the done part paid out as on release. */
  async refundByProgress(unit: Unit, task: EscrowTask, payees: Payees, progress: number): Promise<void> {
    const held = await this.inEscrow(unit.trx, task);
    const refund = Math.floor((held * (100 - progress)) / 100);
    if (refund > 0) {
      await this.ledger.post(
        {
          paymentType: 'refund',
          currency: task.currency,
          projectId: task.projectId,
          taskId: task.taskId,
          documentName: task.documentName,
          postings: [
            { account: { kind: 'escrow', taskId: task.taskId }, amount: -refund },
            { account: { kind: 'project', projectId: task.projectId }, amount: refund },
          ],
        },
        unit,
      );
    }
    await this.payOut(unit, task, payees, held - refund);
  }

  inEscrow(db: Db, task: { taskId: number; currency: Currency }): Promise<number> {
    return this.ledger.balanceOf({ kind: 'escrow', taskId: task.taskId }, task.currency, db);
  }

  /** The shares in whole minor units; what rounding leaves over goes to the platform, so nothing is lost. */
  private async payOut(unit: Unit, task: EscrowTask, payees: Payees, amount: number): Promise<void> {
    if (amount <= 0) return;
    const performersTotal = payees.performerIds.length > 0 ? Math.floor((amount * this.shares.performersPercent) / 100) : 0;
    const each = payees.performerIds.length > 0 ? Math.floor(performersTotal / payees.performerIds.length) : 0;
    const smShare = payees.smId !== null ? Math.floor((amount * this.shares.smPercent) / 100) : 0;
    const payments: Array<{ userId: number; amount: number }> = payees.performerIds.map((userId) => ({ userId, amount: each }));
    if (payees.smId !== null) payments.push({ userId: payees.smId, amount: smShare });
    let left = amount;
    for (const payment of payments) {
      if (payment.amount <= 0) continue;
      left -= payment.amount;
      await this.postFromEscrow(unit, task, { account: { kind: 'user_wallet', userId: payment.userId }, amount: payment.amount }, payment.userId);
    }
    if (left > 0) await this.postFromEscrow(unit, task, { account: { kind: 'platform' }, amount: left }, null);
  }

  private async postFromEscrow(unit: Unit, task: EscrowTask, to: PostingInput, recipientId: number | null): Promise<void> {
    await this.ledger.post(
      {
        paymentType: 'workpayment',
        currency: task.currency,
        projectId: task.projectId,
        taskId: task.taskId,
        recipientId: recipientId ?? undefined,
        documentName: task.documentName,
        postings: [{ account: { kind: 'escrow', taskId: task.taskId }, amount: -to.amount }, to],
      },
      unit,
    );
  }
}

/** What a task has cost so far (`GET /task/{id}/ledger`), read from its transactions' postings. */
export async function taskLedger(db: Db, taskId: number, currency: Currency): Promise<TaskLedger> {
  const rows = await db
    .selectFrom('ledger_transactions as t')
    .innerJoin('postings as p', 'p.transaction_id', 't.id')
    .innerJoin('accounts as a', 'a.id', 'p.account_id')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select(['t.payment_type', 'p.amount', 'a.kind', 'a.user_id', 'a.task_id', 'u.firstname', 'u.lastname', 'u.role'])
    .where('t.task_id', '=', taskId)
    .where('t.status', '=', 'completed')
    .where('p.amount', '>', sql.lit(0))
    .orderBy('t.id')
    .execute();
  const ledger: TaskLedger = { currency, committed: 0, inEscrow: 0, released: [], refunded: 0, tips: 0 };
  for (const row of rows) {
    const amount = Number(row.amount);
    if (row.payment_type === 'taskpayment') ledger.committed += amount;
    else if (row.payment_type === 'refund') ledger.refunded += amount;
    else if (row.payment_type === 'tips') ledger.tips += amount;
    else if (row.payment_type === 'workpayment') {
      const recipient = row.user_id !== null ? { id: row.user_id, firstname: row.firstname ?? '', lastname: row.lastname ?? '' } : null;
      ledger.released.push({ recipient, amount, kind: row.kind === 'platform' ? 'platform' : row.role === 'sm' ? 'sm' : 'performer' });
    }
  }
  const released = ledger.released.reduce((sum, entry) => sum + entry.amount, 0);
  ledger.inEscrow = ledger.committed - released - ledger.refunded;
  return ledger;
}

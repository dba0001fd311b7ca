/**
 * Who may do what with money (spec 6 "Wallet", decisions 5), and the amount bounds. Bounds are
 * configuration in whole units; amounts arrive in minor units.
 */
import type { AccountRole, TaskStatus, WalletPermissions } from '@negayno/shared/contract';
import type { MoneyConfig } from '../../config.js';
import { AppError } from '../../http/app-error.js';

/** Performers and sales managers are paid; everyone else pays. */
export function canRequestPayout(role: AccountRole): boolean {
  return role === 'performer' || role === 'sm';
}

export function canTopUpWallet(role: AccountRole, config: MoneyConfig): boolean {
  return !canRequestPayout(role) && config.provider !== 'off';
}

/**
 * Tips are a client's thanks to a performer (decisions 5): a project administrator or user of the
 * task's project, never a guest (the roles only client accounts hold).
 */
export function canTip(projectRole: string): boolean {
  return projectRole === 'administrator' || projectRole === 'user';
}

/**
 * Tips wait until the work is accepted: the task is in rating, or archived after it. A task the am
 * archived before the work (`archivedFrom` set) was never accepted.
 */
export function isWorkAccepted(task: { status: TaskStatus; archivedFrom: TaskStatus | null }): boolean {
  return task.status === 'rating' || (task.status === 'archived' && task.archivedFrom === null);
}

export function walletPermissionsOf(role: AccountRole, config: MoneyConfig): WalletPermissions {
  return { topUp: canTopUpWallet(role, config), payout: canRequestPayout(role), tipsStatistics: role === 'performer' };
}

/** The asker may cancel their own payout while the operator has not settled it. */
export function canCancelPayout(viewerId: number, payout: { paymentType: string; status: string; senderId: number | null }): boolean {
  return payout.paymentType === 'payout' && payout.status === 'pending' && payout.senderId === viewerId;
}

const MINOR = 100;

export function assertWithin(amount: number, bounds: { min: number; max?: number }): void {
  if (amount < bounds.min * MINOR) throw new AppError('amount_is_too_small');
  if (bounds.max !== undefined && amount > bounds.max * MINOR) throw new AppError('amount_is_too_big');
}

/** The card fee on top of a top-up, rounded up to a whole minor unit. */
export function cardFeeOf(amount: number, config: MoneyConfig): number {
  return Math.ceil((amount * config.cardFeePercent) / 100);
}

/** The inviter's bonus of a completed card top-up, rounded down. */
export function bonusOf(amount: number, config: MoneyConfig): number {
  return Math.floor((amount * config.bonusPercent) / 100);
}

/** The money module's front door: the ledger other modules move and read balances with, the task escrow, the services and routes. */
export { EscrowService, taskLedger, type EscrowShares, type EscrowTask, type Payees } from './escrow.js';
export { Idempotency } from './idempotency.js';
export { checkLedger, type LedgerCheckResult } from './ledger-check.js';
export { LedgerService, type AccountRef, type PostingInput, type TransactionInput } from './ledger.js';
export { PaymentsService } from './payments.js';
export { PayoutsService } from './payouts.js';
export { cardProviderOf } from './providers/index.js';
export { encodeLiqpayData, liqpaySignature } from './providers/liqpay.js';
export { startMoneyJobs } from './jobs.js';
export { moneyRoutes } from './routes.js';
export { canTip, isWorkAccepted } from './policy.js';
export { MoneyService } from './service.js';
export { lastMonths, Statements } from './statements.js';

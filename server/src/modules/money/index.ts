/** The money module's front door: the ledger other modules read balances from, the task escrow, the service and routes. */
export { EscrowService, taskLedger, type EscrowShares, type EscrowTask, type Payees } from './escrow.js';
export { LedgerService } from './ledger.js';
export { moneyRoutes } from './routes.js';
export { MoneyService } from './service.js';

/** The money module's front door: the ledger other modules read balances from, the service and routes. */
export { LedgerService } from './ledger.js';
export { moneyRoutes } from './routes.js';
export { MoneyService } from './service.js';

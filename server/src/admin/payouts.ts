/**
 * The payouts service as the operator's tool builds it: no socket server runs in the tool, so the
 * asker's open wallet hears of the settlement on its next load rather than live.
 */
import type { Config } from '../config.js';
import type { Db } from '../db/connection.js';
import { LedgerService, MoneyEvents, PayoutsService, Statements } from '../modules/money/index.js';
import { NotificationsService } from '../modules/notifications/index.js';
import { taskAudience } from '../modules/tasks/index.js';

const NO_SOCKETS = { emitToUser: () => undefined };

export function operatorPayouts(db: Db, config: Config): PayoutsService {
  const events = new MoneyEvents(NO_SOCKETS, () => Promise.resolve([]));
  // The payee is notified as from the console; the server's outbox delivers it.
  return new PayoutsService(db, new LedgerService(db), config.money, events, new Statements(db), new NotificationsService(db, taskAudience));
}

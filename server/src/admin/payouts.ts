/**
 * The payouts service as the operator's tool builds it: no socket server runs in the tool, so the
 * asker's open wallet hears of the settlement on its next load rather than live.
 */
import type { Config } from '../config.js';
import type { Db } from '../db/connection.js';
import { NO_LISTENERS } from '../infra/realtime/dispatch.js';
import { UnitOfWork } from '../infra/realtime/unit-of-work.js';
import { LedgerService, PayoutsService, Statements } from '../modules/money/index.js';
import { NotificationsService } from '../modules/notifications/index.js';
import { taskAudience } from '../modules/tasks/index.js';

export function operatorPayouts(db: Db, config: Config): PayoutsService {
  const units = new UnitOfWork(db, NO_LISTENERS);
  // The payee is notified as from the console; the server's outbox delivers it.
  return new PayoutsService(db, units, new LedgerService(db, units), config.money, new Statements(db), new NotificationsService(db, taskAudience));
}

/**
 * The money module's background work in the server: card orders whose callback never came are asked
 * about every few minutes, and the ledger check runs daily with its result in the log. Both timers are
 * shared across processes (infra/jobs/shared-timer.ts): one process asks the provider, one checks.
 */
import type { FastifyBaseLogger } from 'fastify';
import { startSharedTimer } from '../../infra/jobs/shared-timer.js';
import type { Db } from '../../db/connection.js';
import type { PaymentsService } from './payments.js';
import { checkLedger } from './ledger-check.js';

const POLL_INTERVAL_MS = 5 * 60_000;
const LEDGER_CHECK_INTERVAL_MS = 24 * 3600_000;

export function startMoneyJobs(services: { db: Db; payments: Pick<PaymentsService, 'pollStale'> }, log: FastifyBaseLogger): () => Promise<void> {
  const stopPoll = startSharedTimer(services.db, { name: 'money.poll-stale-orders', intervalMs: POLL_INTERVAL_MS, log }, async () => {
    await services.payments.pollStale();
  });
  const stopCheck = startSharedTimer(services.db, { name: 'money.ledger-check', intervalMs: LEDGER_CHECK_INTERVAL_MS, log }, async () => {
    const result = await checkLedger(services.db);
    if (result.ok) log.info('ledger check: consistent');
    else log.error({ differences: result.lines }, 'ledger check: differences found');
  });
  return async () => {
    await Promise.all([stopPoll(), stopCheck()]);
  };
}

/**
 * The money module's background work in the server: card orders whose callback never came are asked
 * about every few minutes, and the ledger check runs daily with its result in the log.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../../services.js';
import { checkLedger } from './ledger-check.js';

const POLL_INTERVAL_MS = 5 * 60_000;
const LEDGER_CHECK_INTERVAL_MS = 24 * 3600_000;

export function startMoneyJobs(services: Pick<Services, 'db' | 'payments'>, log: FastifyBaseLogger): () => void {
  const poll = setInterval(() => {
    services.payments.pollStale().catch((error: unknown) => log.error({ err: error }, 'payment status poll failed'));
  }, POLL_INTERVAL_MS);
  const check = setInterval(() => {
    checkLedger(services.db).then(
      (result) => (result.ok ? log.info('ledger check: consistent') : log.error({ differences: result.lines }, 'ledger check: differences found')),
      (error: unknown) => log.error({ err: error }, 'ledger check failed'),
    );
  }, LEDGER_CHECK_INTERVAL_MS);
  poll.unref();
  check.unref();
  return () => {
    clearInterval(poll);
    clearInterval(check);
  };
}

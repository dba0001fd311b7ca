/**
 * Health and readiness for a load balancer (issue 18). Health: the process answers. Readiness: it
 * should be sent traffic, i.e. its database answers and it is not stopping; a process told to stop
 * (SIGTERM) turns not ready first, so a balancer that probes stops sending before the port closes.
 */
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/app-error.js';
import { pingDatabase } from './repo.js';

export class Readiness {
  private draining = false;

  constructor(private readonly db: Db) {}

  /** From now on the process answers not ready (for good: a stopping process does not come back). */
  drain(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  async check(): Promise<void> {
    if (this.draining) throw new AppError('not_ready');
    await pingDatabase(this.db).catch(() => {
      throw new AppError('not_ready');
    });
  }
}

/**
 * One unit of work: a database transaction and the set of what it changed (changes.ts). The code that
 * writes records its changes as it goes; after the COMMIT the dispatcher (dispatch.ts) turns the set
 * into live events. A transaction that rolls back takes its set with it, so nothing is ever told that
 * did not happen, and nothing that happened depends on its caller remembering to tell it.
 */
import type { Db } from '../../db/connection.js';
import { Changes } from './changes.js';
import type { ChangeDispatcher } from './dispatch.js';
import { currentOrigin } from './origin.js';

/** What a write inside a unit receives: the transaction to write with and the set to record in. */
export interface Unit {
  trx: Db;
  changed: Changes;
}

export class UnitOfWork {
  constructor(
    private readonly db: Db,
    private readonly dispatcher: ChangeDispatcher,
  ) {}

  /** Runs `work` in one transaction; once it committed, what it recorded is told (and awaited, so an answer follows its events). */
  async run<T>(work: (unit: Unit) => Promise<T>): Promise<T> {
    const changed = new Changes(currentOrigin());
    const result = await this.db.transaction().execute((trx) => work({ trx, changed }));
    await this.dispatcher.dispatch(changed);
    return result;
  }

  /**
   * Tells again what an earlier unit committed, without a transaction: a retried request whose first
   * attempt committed may have died before its events were logged (issue 18).
   */
  async retell(record: (changed: Changes) => void): Promise<void> {
    const changed = new Changes();
    record(changed);
    await this.dispatcher.dispatch(changed);
  }
}

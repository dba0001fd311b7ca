import type { LogBody } from '@negayno/shared/contract';
import type { Db } from '../../db/connection.js';
import type { LimitRule, RateLimiter } from '../../infra/rate-limit/service.js';
import { insertClientLog } from './repo.js';

/** A page reports its failures through the beacon; a broken page in a loop must not flood the table. */
export const CLIENT_LOG_LIMIT: LimitRule = { name: 'client-log:ip', limit: 60, windowSeconds: 60 };

export class ClientLogService {
  constructor(
    private readonly db: Db,
    private readonly limiter: RateLimiter,
  ) {}

  async record(entry: LogBody, from: { userId: number | null; ip: string; userAgent: string | null }): Promise<void> {
    await this.limiter.consumeAll([[CLIENT_LOG_LIMIT, from.ip]]);
    await insertClientLog(this.db, { userId: from.userId, code: entry.code, message: entry.message, userAgent: from.userAgent?.slice(0, 500) ?? null });
  }
}

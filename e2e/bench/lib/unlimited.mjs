/** Server settings for benchmarks that send more calls a minute than one person could: no API rate limit, quiet logs. */
export const UNLIMITED = { API_RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'warn' };

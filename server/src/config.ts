/**
 * All configuration comes from the environment, parsed once here. Every variable is documented in
 * the root README.md (Configuration); keep the two in step.
 */
import { isAbsolute, join, resolve } from 'node:path';
import { DEFAULT_SLA_STAFFING_HOURS, EMAIL_CODE, STAFFING_MODES, type StaffingMode } from '@negayno/shared/contract';
import { z } from 'zod';
import { REPO_ROOT } from './paths.js';

/** How much work a password hash costs (modules/auth/passwords.ts). */
export type PasswordHashCost = 'standard' | 'test';

/** Good enough for a laptop; a production start refuses it (see below). */
export const DEVELOPMENT_SECRET = 'negayno-development-secret-not-for-production';
const MIN_SECRET_LENGTH = 32;

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  port: number;
  host: string;
  /** A PostgreSQL server; null = PGlite in `<dataDir>/db`. */
  databaseUrl: string | null;
  dataDir: string;
  /** Where attachments are stored: `<dataDir>/files` unless FILES_DIR says otherwise. */
  filesDir: string;
  /** Attachments on an S3-compatible store (S3_URL) instead of filesDir; filesDir then only holds uploads in progress. */
  s3: S3Config | null;
  /** Where a project's export archives are made and kept until they expire: `<dataDir>/exports` unless EXPORTS_DIR says otherwise (issue 37). */
  exportsDir: string;
  /** How long an export's download link works (EXPORT_TTL_HOURS, 24 by default). */
  exportTtlHours: number;
  /** The largest attachment accepted, in bytes (FILE_MAX_MB, 100 MB by default, decisions 4). */
  fileMaxBytes: number;
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  /** Pepper of the session-token HMAC. */
  secret: string;
  seedDemo: boolean;
  /** Where the built browser apps are: `<webRoot>/host/dist`, `<webRoot>/<remote>/dist`. */
  webRoot: string;
  /** Published remote versions, the served remotes.json and the release log (`<dataDir>/releases` unless RELEASES_DIR says otherwise). */
  releasesDir: string;
  maintenanceMode: boolean;
  cookieSecure: boolean;
  logLevel: LogLevel;
  /** Take the client address from X-Forwarded-For (behind a reverse proxy). */
  trustProxy: boolean;
  /** An SMTP server for mail (`smtp://user:pass@host:587`, `smtps://…`); null = the log and the outbox table. */
  smtpUrl: string | null;
  /** The From of every mail. */
  mailFrom: string;
  /** How long a mailed confirmation code is good for (10 minutes unless the operator chooses otherwise). */
  emailCodeTtlSeconds: number;
  /** `https://negayno.example`: where links in mails lead. Never taken from a request's Host header, which the caller chooses. */
  publicUrl: string;
  /** API calls a session (or, signed out, an address) may make per minute before 429. */
  apiRateLimitPerMinute: number;
  passwordHashCost: PasswordHashCost;
  /** A request (headers and body) must arrive within this; a slow drip is cut off. */
  requestTimeoutSeconds: number;
  /** A session ends this long after sign-in however active it is (it slides for 30 days within that). */
  sessionAbsoluteSeconds: number;
  /** Events one socket may send per 10 seconds; a socket over it is disconnected. */
  socketEventsPer10Seconds: number;
  telegram: TelegramConfig;
  /** How often each process's notification outbox looks for due deliveries without being woken. */
  notificationPollMs: number;
  /** Missed chat messages are mailed as one digest once none has come to the person for this long. */
  emailDigestQuietMinutes: number;
  /** How often each process gathers email notifications: a person's events of one interval go in one mail. */
  emailBatchSeconds: number;
  /** Chats (issue 13): minutes a client's message may wait for staff before the task's manager is told. */
  chatWaitingMinutes: number;
  /** Hours the live events' log keeps an event for catching up (older ones answer `resync`). */
  eventLogHours: number;
  money: MoneyConfig;
  /** Several server processes (issue 18): how live events reach the sockets of the other processes. */
  socketAdapter: SocketAdapterConfig;
  /** Seconds a stopping process answers "not ready" before it closes, so the load balancer stops sending first. */
  shutdownDrainSeconds: number;
  /** The task life cycle's time limits and money shares (decisions 3, 5). */
  workflow: WorkflowConfig;
  /** How a new project gets its team (issue 31, decisions 2 "Staffing a project"). */
  staffing: StaffingConfig;
}

export interface StaffingConfig {
  /** `auto`: the least-loaded active am, pm and sm at creation; `queue`: the project waits for an am to take it (STAFFING). */
  mode: StaffingMode;
  /** Hours the agency promises a new project its whole team in (SLA_STAFFING_HOURS). */
  slaHours: number;
}

/** Money settings (decisions 5). Bounds in whole units of the account's currency; percents as numbers. */
export interface MoneyConfig {
  /** `test` pays on Negayno's own checkout page; `off` hides top-ups and shows the billing contact. */
  provider: 'test' | 'liqpay' | 'off';
  /** PAYMENT_PROVIDER=test allowed by ALLOW_TEST_PAYMENTS=1 (a demo, production included): pages say payments are not real. */
  testPaymentsAnnounced: boolean;
  /** `sandbox`: LIQPAY_SANDBOX=1, LiqPay's `sandbox` status (a test card, no money) credits (decisions 5). */
  liqpay: { publicKey: string; privateKey: string; apiUrl: string; checkoutUrl: string; sandbox: boolean } | null;
  cardFeePercent: number;
  bonusPercent: number;
  topUp: { min: number; max: number };
  payoutMin: number;
  tips: { min: number; max: number };
  billingEmail: string | null;
}

/** S3_URL `https://ACCESS_KEY:SECRET@host[:port]/bucket[/prefix]?region=…`, read into its parts. */
export interface S3Config {
  endpoint: string;
  bucket: string;
  /** Put before every key (`negayno/`), or empty. */
  prefix: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * `memory`: one process (the default). `postgres`: @socket.io/postgres-adapter over DATABASE_URL
 * (NOTIFY). `redis`: @socket.io/redis-adapter over REDIS_URL.
 */
export type SocketAdapterConfig = { kind: 'memory' } | { kind: 'postgres'; databaseUrl: string } | { kind: 'redis'; redisUrl: string };

export interface WorkflowConfig {
  /** Hours a task may stand in each timed status before its expiration (negayno tasks get half). */
  slaHours: { published: number; discussion: number; estimation: number; offer: number; testing: number; review: number };
  /** Percentages of a released escrow: the performers' (split evenly) and the sm's; the rest is platform revenue. */
  performersSharePercent: number;
  smSharePercent: number;
  /** How often the scheduler looks for tasks due to go to testing (dateAutoSendForCheck). */
  schedulerIntervalSeconds: number;
}

export interface TelegramConfig {
  /** The bot's token from @BotFather; null = no bot (the profile says Telegram is not available). */
  botToken: string | null;
  /** The Bot API's base URL: Telegram's own, or a stand-in on loopback. */
  apiUrl: string;
  /** The bot's @name for the deep link; asked of the Bot API (getMe) when unset. */
  botUsername: string | null;
  /** Read the bot's messages by long polling (getUpdates). Off when another process or a webhook reads them. */
  polling: boolean;
  /** How long one getUpdates waits for news. */
  pollTimeoutSeconds: number;
  /**
   * Webhook mode (both TELEGRAM_WEBHOOK_URL and TELEGRAM_WEBHOOK_SECRET set): the public base URL
   * Telegram posts updates to (at /api/telegram/webhook) and the secret it sends back with each.
   * Null = long polling.
   */
  webhook: { url: string; secret: string } | null;
}

export class ConfigError extends Error {}

/** '1', 'true', 'yes', 'on' and their opposites; unset or empty means the default. */
const flag = z
  .string()
  .trim()
  .toLowerCase()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '') return undefined;
    if (['1', 'true', 'yes', 'on'].includes(value)) return true;
    if (['0', 'false', 'no', 'off'].includes(value)) return false;
    ctx.addIssue({ code: 'custom', message: `expected 1 or 0, got "${value}"` });
    return z.NEVER;
  });

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const environmentSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    DATABASE_URL: optionalText,
    DATA_DIR: optionalText,
    FILES_DIR: optionalText,
    FILE_MAX_MB: z.coerce.number().positive().max(10_000).default(100),
    EXPORTS_DIR: optionalText,
    EXPORT_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(24),
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    NEGAYNO_SECRET: optionalText,
    NEGAYNO_SEED_DEMO: flag,
    WEB_ROOT: optionalText,
    RELEASES_DIR: optionalText,
    MAINTENANCE_MODE: flag,
    COOKIE_SECURE: flag,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: flag,
    SMTP_URL: optionalText.refine((value) => value === undefined || /^smtps?:\/\/[^/]/.test(value), {
      message: 'expected smtp://… or smtps://…',
    }),
    MAIL_FROM: optionalText,
    ALLOW_NO_SMTP: flag,
    // Up to the hour a registration or recovery lives after its last step: a code cannot outlive its flow.
    EMAIL_CODE_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(EMAIL_CODE.ttlSeconds),
    PUBLIC_URL: optionalText.pipe(
      z
        .url({ protocol: /^https?$/ })
        .transform((url) => url.replace(/\/+$/, ''))
        .optional(),
    ),
    API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    // `test`: argon2's smallest settings, for a test run's thousands of sign-ins (modules/auth/passwords.ts).
    PASSWORD_HASH_COST: z.enum(['standard', 'test']).default('standard'),
    REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().max(3650).default(90),
    SOCKET_EVENTS_PER_10_SECONDS: z.coerce.number().int().min(1).default(100),
    SLA_PUBLISH_HOURS: z.coerce.number().positive().default(24),
    SLA_DISCUSS_HOURS: z.coerce.number().positive().default(48),
    SLA_CALC_HOURS: z.coerce.number().positive().default(48),
    SLA_OFFER_HOURS: z.coerce.number().positive().default(72),
    SLA_TEST_HOURS: z.coerce.number().positive().default(48),
    SLA_PROD_HOURS: z.coerce.number().positive().default(48),
    STAFFING: z.enum(STAFFING_MODES).default('auto'),
    SLA_STAFFING_HOURS: z.coerce.number().positive().min(1).max(720).default(DEFAULT_SLA_STAFFING_HOURS),
    PERFORMERS_SHARE_PERCENT: z.coerce.number().int().min(0).max(100).default(70),
    SM_SHARE_PERCENT: z.coerce.number().int().min(0).max(100).default(10),
    SCHEDULER_INTERVAL_SECONDS: z.coerce.number().positive().max(3600).default(30),
    PAYMENT_PROVIDER: z.enum(['test', 'liqpay', 'off']).optional(),
    ALLOW_TEST_PAYMENTS: flag,
    LIQPAY_SANDBOX: flag,
    LIQPAY_PUBLIC_KEY: optionalText,
    LIQPAY_PRIVATE_KEY: optionalText,
    LIQPAY_API_URL: optionalText.pipe(
      z
        .url({ protocol: /^https?$/ })
        .transform((url) => url.replace(/\/+$/, ''))
        .optional(),
    ),
    CARD_FEE_PERCENT: z.coerce.number().min(0).max(50).default(1.5),
    BONUS_PERCENT: z.coerce.number().min(0).max(50).default(5),
    TOPUP_MIN: z.coerce.number().int().min(1).default(100),
    TOPUP_MAX: z.coerce.number().int().min(1).default(1_000_000),
    PAYOUT_MIN: z.coerce.number().int().min(1).default(500),
    TIPS_MIN: z.coerce.number().int().min(1).default(10),
    TIPS_MAX: z.coerce.number().int().min(1).default(100_000),
    BILLING_EMAIL: optionalText,
    TELEGRAM_BOT_TOKEN: optionalText,
    TELEGRAM_API_URL: optionalText.pipe(
      z
        .url({ protocol: /^https?$/ })
        .transform((url) => url.replace(/\/+$/, ''))
        .optional(),
    ),
    TELEGRAM_BOT_USERNAME: optionalText.transform((name) => name?.replace(/^@/, '')),
    TELEGRAM_POLLING: flag,
    // 0 would make getUpdates a short poll, asked again at once round after round (issue 35).
    TELEGRAM_POLL_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(50).default(25),
    TELEGRAM_WEBHOOK_URL: optionalText.pipe(
      z
        .url({ protocol: /^https?$/ })
        .transform((url) => url.replace(/\/+$/, ''))
        .optional(),
    ),
    // Telegram's rule for secret_token: 1 to 256 of A-Z, a-z, 0-9, _ and -.
    TELEGRAM_WEBHOOK_SECRET: optionalText.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,256}$/, 'TELEGRAM_WEBHOOK_SECRET: 1 to 256 of A-Z a-z 0-9 _ -')
        .optional(),
    ),
    NOTIFICATION_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
    EMAIL_DIGEST_QUIET_MINUTES: z.coerce.number().min(0).max(1440).default(15),
    EMAIL_BATCH_SECONDS: z.coerce.number().min(1).max(3600).default(60),
    CHAT_WAITING_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
    EVENT_LOG_HOURS: z.coerce.number().positive().max(720).default(24),
    SOCKET_ADAPTER: z.enum(['memory', 'postgres', 'redis']).default('memory'),
    REDIS_URL: optionalText.refine((value) => value === undefined || /^rediss?:\/\/[^/]/.test(value), { message: 'expected redis://… or rediss://…' }),
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),
    S3_URL: optionalText.refine((value) => value === undefined || s3ConfigOf(value) !== null, {
      message: 'expected https://ACCESS_KEY:SECRET@host/bucket (with an optional /prefix and ?region=…)',
    }),
  })
  .refine((vars) => (vars.TELEGRAM_WEBHOOK_URL === undefined) === (vars.TELEGRAM_WEBHOOK_SECRET === undefined), {
    message: 'TELEGRAM_WEBHOOK_URL and TELEGRAM_WEBHOOK_SECRET go together',
  })
  .refine((vars) => vars.PERFORMERS_SHARE_PERCENT + vars.SM_SHARE_PERCENT <= 100, {
    message: 'PERFORMERS_SHARE_PERCENT + SM_SHARE_PERCENT must not exceed 100',
  })
  .refine((vars) => vars.SOCKET_ADAPTER !== 'postgres' || vars.DATABASE_URL !== undefined, {
    message: 'SOCKET_ADAPTER=postgres needs DATABASE_URL (the embedded database serves one process only)',
  })
  .refine((vars) => vars.SOCKET_ADAPTER !== 'redis' || vars.REDIS_URL !== undefined, { message: 'SOCKET_ADAPTER=redis needs REDIS_URL' });

function s3ConfigOf(value: string): S3Config | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const [bucket, ...prefix] = url.pathname.split('/').filter(Boolean);
  if (!/^https?:$/.test(url.protocol) || !url.username || !url.password || !bucket) return null;
  return {
    endpoint: `${url.protocol}//${url.host}`,
    bucket,
    prefix: prefix.length > 0 ? `${prefix.join('/')}/` : '',
    region: url.searchParams.get('region') ?? 'us-east-1',
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
  };
}

function socketAdapterOf(vars: z.output<typeof environmentSchema>): SocketAdapterConfig {
  if (vars.SOCKET_ADAPTER === 'postgres') return { kind: 'postgres', databaseUrl: vars.DATABASE_URL! };
  if (vars.SOCKET_ADAPTER === 'redis') return { kind: 'redis', redisUrl: vars.REDIS_URL! };
  return { kind: 'memory' };
}

function absolute(path: string): string {
  return isAbsolute(path) ? path : resolve(process.cwd(), path);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const vars = parsed.data;
  if (vars.PASSWORD_HASH_COST === 'test' && vars.NODE_ENV !== 'test')
    throw new ConfigError('Invalid configuration:\n  PASSWORD_HASH_COST=test is for test runs only (NODE_ENV=test)');
  const isProduction = vars.NODE_ENV === 'production';
  if (isProduction) refuseUnsafeProduction(vars);
  return {
    port: vars.PORT,
    host: vars.HOST,
    databaseUrl: vars.DATABASE_URL ?? null,
    dataDir: absolute(vars.DATA_DIR ?? join(REPO_ROOT, 'data')),
    filesDir: absolute(vars.FILES_DIR ?? join(vars.DATA_DIR ?? join(REPO_ROOT, 'data'), 'files')),
    s3: vars.S3_URL ? s3ConfigOf(vars.S3_URL) : null,
    exportsDir: absolute(vars.EXPORTS_DIR ?? join(vars.DATA_DIR ?? join(REPO_ROOT, 'data'), 'exports')),
    exportTtlHours: vars.EXPORT_TTL_HOURS,
    fileMaxBytes: Math.round(vars.FILE_MAX_MB * 1024 * 1024),
    nodeEnv: vars.NODE_ENV,
    isProduction,
    secret: vars.NEGAYNO_SECRET ?? DEVELOPMENT_SECRET,
    seedDemo: vars.NEGAYNO_SEED_DEMO ?? false,
    webRoot: absolute(vars.WEB_ROOT ?? REPO_ROOT),
    releasesDir: absolute(vars.RELEASES_DIR ?? join(vars.DATA_DIR ?? join(REPO_ROOT, 'data'), 'releases')),
    maintenanceMode: vars.MAINTENANCE_MODE ?? false,
    cookieSecure: vars.COOKIE_SECURE ?? isProduction,
    logLevel: vars.LOG_LEVEL,
    trustProxy: vars.TRUST_PROXY ?? false,
    smtpUrl: vars.SMTP_URL ?? null,
    mailFrom: vars.MAIL_FROM ?? 'Negayno <no-reply@negayno.local>',
    emailCodeTtlSeconds: vars.EMAIL_CODE_TTL_SECONDS,
    publicUrl: vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`,
    apiRateLimitPerMinute: vars.API_RATE_LIMIT_PER_MINUTE,
    passwordHashCost: vars.PASSWORD_HASH_COST,
    requestTimeoutSeconds: vars.REQUEST_TIMEOUT_SECONDS,
    sessionAbsoluteSeconds: Math.round(vars.SESSION_ABSOLUTE_DAYS * 24 * 3600),
    socketEventsPer10Seconds: vars.SOCKET_EVENTS_PER_10_SECONDS,
    telegram: {
      botToken: vars.TELEGRAM_BOT_TOKEN ?? null,
      apiUrl: vars.TELEGRAM_API_URL ?? 'https://api.telegram.org',
      botUsername: vars.TELEGRAM_BOT_USERNAME ?? null,
      polling: vars.TELEGRAM_POLLING ?? true,
      pollTimeoutSeconds: vars.TELEGRAM_POLL_TIMEOUT_SECONDS,
      webhook: vars.TELEGRAM_WEBHOOK_URL && vars.TELEGRAM_WEBHOOK_SECRET ? { url: vars.TELEGRAM_WEBHOOK_URL, secret: vars.TELEGRAM_WEBHOOK_SECRET } : null,
    },
    notificationPollMs: vars.NOTIFICATION_POLL_MS,
    emailDigestQuietMinutes: vars.EMAIL_DIGEST_QUIET_MINUTES,
    emailBatchSeconds: vars.EMAIL_BATCH_SECONDS,
    chatWaitingMinutes: vars.CHAT_WAITING_MINUTES,
    eventLogHours: vars.EVENT_LOG_HOURS,
    money: moneyConfigOf(vars, isProduction),
    socketAdapter: socketAdapterOf(vars),
    shutdownDrainSeconds: vars.SHUTDOWN_DRAIN_SECONDS,
    workflow: {
      slaHours: {
        published: vars.SLA_PUBLISH_HOURS,
        discussion: vars.SLA_DISCUSS_HOURS,
        estimation: vars.SLA_CALC_HOURS,
        offer: vars.SLA_OFFER_HOURS,
        testing: vars.SLA_TEST_HOURS,
        review: vars.SLA_PROD_HOURS,
      },
      performersSharePercent: vars.PERFORMERS_SHARE_PERCENT,
      smSharePercent: vars.SM_SHARE_PERCENT,
      schedulerIntervalSeconds: vars.SCHEDULER_INTERVAL_SECONDS,
    },
    staffing: { mode: vars.STAFFING, slaHours: vars.SLA_STAFFING_HOURS },
  };
}

/**
 * LiqPay when its keys are set; otherwise the test provider, which pays for free on our own page and so
 * never runs in production unless asked for by name (a demo install).
 */
function moneyConfigOf(vars: z.output<typeof environmentSchema>, isProduction: boolean): MoneyConfig {
  const keys = vars.LIQPAY_PUBLIC_KEY && vars.LIQPAY_PRIVATE_KEY ? { publicKey: vars.LIQPAY_PUBLIC_KEY, privateKey: vars.LIQPAY_PRIVATE_KEY } : null;
  const provider = vars.PAYMENT_PROVIDER ?? (keys ? 'liqpay' : isProduction ? 'off' : 'test');
  if (provider === 'liqpay' && !keys) throw new ConfigError('Invalid configuration:\n  PAYMENT_PROVIDER=liqpay needs LIQPAY_PUBLIC_KEY and LIQPAY_PRIVATE_KEY');
  const apiUrl = vars.LIQPAY_API_URL ?? 'https://www.liqpay.ua/api';
  return {
    provider,
    testPaymentsAnnounced: provider === 'test' && vars.ALLOW_TEST_PAYMENTS === true,
    liqpay: keys ? { ...keys, apiUrl, checkoutUrl: `${apiUrl}/3/checkout`, sandbox: vars.LIQPAY_SANDBOX ?? false } : null,
    cardFeePercent: vars.CARD_FEE_PERCENT,
    bonusPercent: vars.BONUS_PERCENT,
    topUp: { min: vars.TOPUP_MIN, max: vars.TOPUP_MAX },
    payoutMin: vars.PAYOUT_MIN,
    tips: { min: vars.TIPS_MIN, max: vars.TIPS_MAX },
    billingEmail: vars.BILLING_EMAIL ?? null,
  };
}

/** A production start must not run on development defaults: it says every problem at once. */
function refuseUnsafeProduction(vars: z.output<typeof environmentSchema>): void {
  const problems: string[] = [];
  const secret = vars.NEGAYNO_SECRET;
  if (!secret) problems.push('NEGAYNO_SECRET is not set');
  else if (secret === DEVELOPMENT_SECRET) problems.push('NEGAYNO_SECRET is the development default');
  else if (secret.length < MIN_SECRET_LENGTH) problems.push(`NEGAYNO_SECRET is shorter than ${MIN_SECRET_LENGTH} characters`);
  if (!vars.DATABASE_URL) problems.push('DATABASE_URL is not set (the embedded PGlite database is for development only)');
  if (!vars.PUBLIC_URL) problems.push('PUBLIC_URL is not set (the links in mails need the address people open)');
  if (vars.NEGAYNO_SEED_DEMO) problems.push('NEGAYNO_SEED_DEMO is set (the demo and its known passwords are never seeded in production)');
  // Without SMTP the codes that sign people in would only reach the log (issue 35 K5): a production
  // install does that only when it says so, say a closed demo whose operator reads the log.
  if (!vars.SMTP_URL && !vars.ALLOW_NO_SMTP) problems.push('SMTP_URL is not set (set ALLOW_NO_SMTP=1 to keep mail in the log and the outbox)');
  // Decisions 5: the test provider credits for free, so only a demo install that says so runs it.
  if (vars.PAYMENT_PROVIDER === 'test' && !vars.ALLOW_TEST_PAYMENTS)
    problems.push('PAYMENT_PROVIDER=test without ALLOW_TEST_PAYMENTS=1 (its payments are not real)');
  if (problems.length > 0) {
    throw new ConfigError(`Refusing to start in production:\n  ${problems.join('\n  ')}`);
  }
}

import { join } from 'node:path';
import { ConfigError, DEVELOPMENT_SECRET, loadConfig } from './config.js';
import { REPO_ROOT } from './paths.js';

const GOOD_SECRET = 'x'.repeat(40);

describe('configuration', () => {
  it('runs a laptop with no variables at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: null,
      dataDir: join(REPO_ROOT, 'data'),
      nodeEnv: 'development',
      isProduction: false,
      secret: DEVELOPMENT_SECRET,
      seedDemo: false,
      webRoot: REPO_ROOT,
      maintenanceMode: false,
      cookieSecure: false,
      logLevel: 'info',
      trustProxy: false,
      emailCodeTtlSeconds: 10 * 60,
      publicUrl: 'http://localhost:8080',
      apiRateLimitPerMinute: 600,
      passwordHashCost: 'standard',
      requestTimeoutSeconds: 60,
      sessionAbsoluteSeconds: 90 * 24 * 3600,
      socketEventsPer10Seconds: 100,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u@h/db',
      DATA_DIR: '/srv/negayno',
      NEGAYNO_SECRET: GOOD_SECRET,
      NEGAYNO_SEED_DEMO: '1',
      WEB_ROOT: '/srv/web',
      MAINTENANCE_MODE: 'true',
      COOKIE_SECURE: 'yes',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'on',
      EMAIL_CODE_TTL_SECONDS: '300',
      PUBLIC_URL: 'https://negayno.example/',
      API_RATE_LIMIT_PER_MINUTE: '1200',
      REQUEST_TIMEOUT_SECONDS: '20',
      SESSION_ABSOLUTE_DAYS: '7',
      SOCKET_EVENTS_PER_10_SECONDS: '50',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u@h/db',
      dataDir: '/srv/negayno',
      secret: GOOD_SECRET,
      seedDemo: true,
      webRoot: '/srv/web',
      maintenanceMode: true,
      cookieSecure: true,
      logLevel: 'warn',
      trustProxy: true,
      emailCodeTtlSeconds: 300,
      publicUrl: 'https://negayno.example',
      apiRateLimitPerMinute: 1200,
      requestTimeoutSeconds: 20,
      sessionAbsoluteSeconds: 7 * 24 * 3600,
      socketEventsPer10Seconds: 50,
    });
  });

  it('resolves relative directories against the working directory', () => {
    expect(loadConfig({ DATA_DIR: 'tmp/data' }).dataDir).toBe(join(process.cwd(), 'tmp/data'));
  });

  it('refuses values it cannot read, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ MAINTENANCE_MODE: 'maybe' })).toThrow(/MAINTENANCE_MODE/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(ConfigError);
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
  });

  it('chooses the socket adapter, refusing one without its server', () => {
    expect(loadConfig({}).socketAdapter).toEqual({ kind: 'memory' });
    expect(loadConfig({ SOCKET_ADAPTER: 'postgres', DATABASE_URL: 'postgres://u@h/db' }).socketAdapter).toEqual({
      kind: 'postgres',
      databaseUrl: 'postgres://u@h/db',
    });
    expect(loadConfig({ SOCKET_ADAPTER: 'redis', REDIS_URL: 'redis://127.0.0.1:6379' }).socketAdapter).toEqual({
      kind: 'redis',
      redisUrl: 'redis://127.0.0.1:6379',
    });
    expect(() => loadConfig({ SOCKET_ADAPTER: 'postgres' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SOCKET_ADAPTER: 'redis' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ SOCKET_ADAPTER: 'cluster' })).toThrow(/SOCKET_ADAPTER/);
  });

  it('reads S3_URL into the store’s endpoint, bucket, prefix, region and keys', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig({ S3_URL: 'https://AKIA%2F1:se%2Bcret@s3.example.net:9000/files/negayno/prod?region=eu-central-1' }).s3).toEqual({
      endpoint: 'https://s3.example.net:9000',
      bucket: 'files',
      prefix: 'negayno/prod/',
      region: 'eu-central-1',
      accessKeyId: 'AKIA/1',
      secretAccessKey: 'se+cret',
    });
    expect(loadConfig({ S3_URL: 'http://k:s@127.0.0.1:9000/b' }).s3).toMatchObject({ bucket: 'b', prefix: '', region: 'us-east-1' });
    for (const wrong of ['s3.example.net/b', 'https://s3.example.net/b', 'https://k:s@s3.example.net/', 'ftp://k:s@h/b'])
      expect(() => loadConfig({ S3_URL: wrong })).toThrow(/S3_URL/);
  });

  it('staffs new projects automatically within 4 hours unless told otherwise', () => {
    expect(loadConfig({}).staffing).toEqual({ mode: 'auto', slaHours: 4 });
    expect(loadConfig({ STAFFING: 'queue', SLA_STAFFING_HOURS: '24' }).staffing).toEqual({ mode: 'queue', slaHours: 24 });
    expect(loadConfig({ SLA_STAFFING_HOURS: '1' }).staffing.slaHours).toBe(1);
    expect(loadConfig({ SLA_STAFFING_HOURS: '720' }).staffing.slaHours).toBe(720);
    for (const wrong of ['0', '0.5', '721', 'soon']) expect(() => loadConfig({ SLA_STAFFING_HOURS: wrong })).toThrow(/SLA_STAFFING_HOURS/);
    for (const wrong of ['manual', 'AUTO']) expect(() => loadConfig({ STAFFING: wrong })).toThrow(/STAFFING/);
  });

  it('keeps a confirmation code’s lifetime between a second and the hour its flow lives', () => {
    expect(loadConfig({ EMAIL_CODE_TTL_SECONDS: '1' }).emailCodeTtlSeconds).toBe(1);
    expect(loadConfig({ EMAIL_CODE_TTL_SECONDS: '3600' }).emailCodeTtlSeconds).toBe(3600);
    for (const wrong of ['0', '3601', '1.5', 'soon']) expect(() => loadConfig({ EMAIL_CODE_TTL_SECONDS: wrong })).toThrow(/EMAIL_CODE_TTL_SECONDS/);
  });

  describe('a production start', () => {
    const production = {
      NODE_ENV: 'production',
      NEGAYNO_SECRET: GOOD_SECRET,
      DATABASE_URL: 'postgres://u@h/db',
      PUBLIC_URL: 'https://negayno.example',
      SMTP_URL: 'smtp://mail.negayno.example:587',
    };

    it('runs with a real secret and a database server, with secure cookies', () => {
      const config = loadConfig(production);
      expect(config.isProduction).toBe(true);
      expect(config.cookieSecure).toBe(true);
    });

    it.each([
      ['no secret', { NEGAYNO_SECRET: undefined }, /NEGAYNO_SECRET is not set/],
      ['the development secret', { NEGAYNO_SECRET: DEVELOPMENT_SECRET }, /development default/],
      ['a short secret', { NEGAYNO_SECRET: 'short-secret' }, /shorter than 32/],
      ['no database server', { DATABASE_URL: undefined }, /DATABASE_URL is not set/],
      ['the demo seed', { NEGAYNO_SEED_DEMO: '1' }, /NEGAYNO_SEED_DEMO/],
      ['no public address for the links in mails', { PUBLIC_URL: undefined }, /PUBLIC_URL is not set/],
      ['no SMTP server unless told so (issue 35 K5)', { SMTP_URL: undefined }, /SMTP_URL is not set[\s\S]*ALLOW_NO_SMTP=1/],
      ['the test payment provider unless told so (issue 35 K7)', { PAYMENT_PROVIDER: 'test' }, /PAYMENT_PROVIDER=test without ALLOW_TEST_PAYMENTS=1/],
    ])('refuses %s', (_name, change, message) => {
      expect(() => loadConfig({ ...production, ...change })).toThrow(ConfigError);
      expect(() => loadConfig({ ...production, ...change })).toThrow(message);
    });

    it('runs without SMTP or with the test provider when told so by name', () => {
      expect(loadConfig({ ...production, SMTP_URL: undefined, ALLOW_NO_SMTP: '1' }).smtpUrl).toBeNull();
      expect(loadConfig({ ...production, PAYMENT_PROVIDER: 'test', ALLOW_TEST_PAYMENTS: '1' }).money.provider).toBe('test');
    });

    it('refuses TELEGRAM_POLL_TIMEOUT_SECONDS=0 (a short poll asked again at once, issue 35)', () => {
      expect(() => loadConfig({ TELEGRAM_POLL_TIMEOUT_SECONDS: '0' })).toThrow(ConfigError);
      expect(loadConfig({ TELEGRAM_POLL_TIMEOUT_SECONDS: '1' }).telegram.pollTimeoutSeconds).toBe(1);
    });

    it('lists every problem at once', () => {
      expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/NEGAYNO_SECRET[\s\S]*DATABASE_URL/);
    });
  });
});

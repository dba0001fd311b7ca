/**
 * Builds the server: Fastify with its plugins in order (external, then ours, then the routes, as
 * fastify/demo does), socket.io on the same HTTP server, and the domain services between them.
 */
import fastifyCookie from '@fastify/cookie';
import { API_ROOT, LANGUAGE_COOKIE, languageOrDefault } from '@negayno/shared/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle, type Db } from './db/connection.js';
import { migrate } from './db/migrate.js';
import { installApiRateLimit } from './http/api-rate-limit.js';
import { installCompression } from './http/compression.js';
import { frameworkErrors, installErrorHandling } from './http/error-handler.js';
import { installMaintenanceMode } from './http/maintenance.js';
import { trackApiMethods } from './http/method-not-allowed.js';
import { installNoStoreForApi } from './http/no-store.js';
import { installSameOriginCheck } from './http/same-origin.js';
import { installRequestOrigin } from './infra/realtime/origin.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { installServerTiming } from './http/server-timing.js';
import { registerStaticSite } from './http/static.js';
import { EventLog } from './infra/realtime/event-log.js';
import { Realtime, type SocketServer } from './infra/realtime/realtime.js';
import { openSocketAdapter } from './infra/realtime/adapter.js';
import { attachSocketHandlers, closeSocketsForRestart, createSocketServer, type SocketAdapter } from './infra/realtime/server.js';
import type { AuthUser } from './lib/auth-user.js';
import {
  authRoutes,
  installSessionHook,
  SESSION_ENDED_CHANNEL,
  sessionOf,
  sessionTokenOf,
  syncSessionHint,
  setPasswordHashCost,
} from './modules/auth/index.js';
import { moneyRoutes, startMoneyJobs } from './modules/money/index.js';
import { OUTBOX_CHANNEL, TelegramPoller, TelegramWebhookRegistration, notificationsRoutes, webhookUrlOf } from './modules/notifications/index.js';
import { projectsRoutes } from './modules/projects/index.js';
import { registrationRoutes } from './modules/registration/index.js';
import { systemRoutes } from './modules/system/index.js';
import { installReleases } from './modules/releases/index.js';
import { boardViewOf, tasksRoutes } from './modules/tasks/index.js';
import { filesRoutes } from './modules/files/index.js';
import { avatarFilesRoute, PROFILE_CHANGED_CHANNEL, usersRoutes } from './modules/users/index.js';
import { workflowRoutes } from './modules/workflow/index.js';
import { chatsRoutes } from './modules/chats/index.js';
import { eventsRoutes } from './modules/events/index.js';
import { opsRoutes } from './modules/ops/index.js';
import { staffingRoutes } from './modules/staffing/index.js';
import { searchRoutes } from './modules/search/index.js';
import { importRoutes, portabilityRoutes } from './modules/portability/index.js';
import { createServices, type Services } from './services.js';

const SESSION_SWEEP_INTERVAL_MS = 60_000;
const TRUSTED_PROXY_RANGES = 'loopback, linklocal, uniquelocal';

/** Every module's API routes, mounted under API_ROOT; each takes only the services it names. */
export const API_ROUTES = [
  systemRoutes,
  authRoutes,
  registrationRoutes,
  usersRoutes,
  projectsRoutes,
  tasksRoutes,
  filesRoutes,
  moneyRoutes,
  workflowRoutes,
  notificationsRoutes,
  chatsRoutes,
  eventsRoutes,
  opsRoutes,
  staffingRoutes,
  searchRoutes,
  portabilityRoutes,
  importRoutes,
] as const;

export interface AppDeps {
  /** An open, migrated database; without one the app opens (and migrates, and closes) its own. */
  database?: DatabaseHandle;
  /** A socket.io adapter shared by several server processes; without one, the one SOCKET_ADAPTER names is opened (and closed). */
  socketAdapter?: SocketAdapter;
}

export interface BuiltApp {
  app: FastifyInstance;
  io: SocketServer;
  db: Db;
  services: Services;
  close(): Promise<void>;
}

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<BuiltApp> {
  const ownsDatabase = !deps.database;
  const database = deps.database ?? (await openDatabase(config));
  if (ownsDatabase) await migrate(database);

  const requestTimeoutMs = config.requestTimeoutSeconds * 1000;
  const app = Fastify({
    logger: { level: config.logLevel },
    // TRUST_PROXY (README "Behind a reverse proxy"): X-Forwarded-For is believed only as far as it was
    // written by hops on loopback or a private network (the proxy); the first address past them is the
    // client. Trusting every hop would take the first entry, which the client writes itself.
    trustProxy: config.trustProxy ? TRUSTED_PROXY_RANGES : false,
    // A request (headers and body) must arrive within the timeout: a body dripped a byte at a time is cut off.
    requestTimeout: requestTimeoutMs,
    // Node checks the timeouts every 30 s by default; once a second cuts a slow drip close to its time.
    http: { headersTimeout: requestTimeoutMs, connectionsCheckingInterval: 1000 },
    frameworkErrors,
    // A stopping process finishes what it was asked (issue 18): a request that arrives while it closes
    // is served (with Connection: close), not answered 503; the port closes right after.
    return503OnClosing: false,
  });
  const ownAdapter = deps.socketAdapter
    ? null
    : await openSocketAdapter(config.socketAdapter, (error) => app.log.error({ err: error }, 'socket adapter connection failed'));
  const io = createSocketServer(app.server, deps.socketAdapter ?? ownAdapter?.adapter);
  const eventLog = new EventLog(database.db);
  setPasswordHashCost(config.passwordHashCost);
  const services = createServices(config, database.db, new Realtime(io, eventLog, (error) => app.log.error({ err: error }, 'live event failed')), app.log);

  // External plugins.
  installSecurityHeaders(app, { isProduction: config.isProduction });
  await app.register(fastifyCookie);
  await installCompression(app);

  // Ours: the error envelope, the static site behind the not-found fallback, then the request hooks in order.
  installServerTiming(app);
  const allowedMethods = trackApiMethods(app);
  const notFound = await registerStaticSite(app, config.webRoot, {
    releasesDir: config.releasesDir,
    // async: a URL that does not parse becomes a rejection, which costs the page its hints, not an answer.
    preloadsFor: async (request) => {
      const url = new URL(request.url, 'http://page.invalid');
      const signedIn = sessionTokenOf(request.cookies, config.cookieSecure) !== undefined;
      const language = languageOrDefault(request.cookies[LANGUAGE_COOKIE]);
      // Whose session it is decides the home's board (issue 39): asked only of a page with a session cookie.
      const viewer = signedIn ? (await sessionOf(request, services.sessions, config.cookieSecure))?.user : undefined;
      const home = viewer ? boardViewOf(viewer).home : null;
      return services.pagePreloads.linksFor({ pathname: url.pathname, search: url.search, signedIn, language, home });
    },
    decoratePage: (request, reply) => syncSessionHint(request, reply, config.cookieSecure),
  });
  installErrorHandling(app, { notFound, allowedMethods });
  installReleases(app, services.releases, async (request) => (await sessionOf(request, services.sessions, config.cookieSecure))?.user.id ?? null);
  installMaintenanceMode(app, config.maintenanceMode);
  installNoStoreForApi(app);
  installSameOriginCheck(app);
  installRequestOrigin(app);
  installSessionHook(app, services.sessions, config.cookieSecure);
  await installApiRateLimit(app, config.apiRateLimitPerMinute);

  // A change is answered once its live events are logged (issue 18): a client that got its answer
  // never depends on events a process killed a moment later still held in memory. Batched, so the
  // wait is one short transaction shared by the changes of that moment.
  // A change also drops the profiles this process keeps before it is answered (users/profile-answers.ts):
  // its own notifications may not have come back yet, and the client's next read must show the change.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      await services.realtime.logged();
      services.profileAnswers.forgetAll();
    }
    return payload;
  });

  // Routes.
  for (const routes of API_ROUTES) await app.register(routes(services), { prefix: API_ROOT });
  await app.register(avatarFilesRoute(services));

  const roomChecks = {
    canSeeProject: async (user: AuthUser, projectId: number) => (await services.projects.accessTo(user, projectId)) !== null,
    canSeeTask: (user: AuthUser, taskId: number) => services.tasks.canSee(user, taskId),
    canReadChat: (user: AuthUser, chatId: number) => services.chats.canRead(user, chatId),
  };
  services.events.useRoomChecks(roomChecks);
  services.realtime.useGuards({ rooms: roomChecks, activeSessions: (tokenHashes) => services.sessions.activeOf(tokenHashes) });
  attachSocketHandlers(io, {
    sessions: services.sessions,
    rooms: roomChecks,
    events: eventLog,
    sessionTokenOf: (header) => sessionTokenOf(app.parseCookie(header), config.cookieSecure),
    eventsPer10Seconds: config.socketEventsPer10Seconds,
    log: (error) => app.log.error({ err: error }, 'socket handler failed'),
  });
  // A session deleted anywhere (another process, the admin tool) leaves this process's cache at once.
  const stopListening = await database.listen(
    SESSION_ENDED_CHANNEL,
    (tokenHash) => services.sessions.cache.forget(tokenHash),
    () => services.sessions.cache.forgetAll(),
  );
  // A change to what a profile shows, written anywhere, leaves this process's kept profiles at once.
  const stopProfileListening = await database.listen(
    PROFILE_CHANGED_CHANNEL,
    (payload) => services.profileAnswers.changed(payload),
    () => services.profileAnswers.forgetAll(),
  );
  // Sessions that end without a logout (expiry, the absolute cap) close their sockets within a minute.
  const sessionSweep = setInterval(() => {
    services.realtime.endLapsedSessions().catch((error: unknown) => app.log.error({ err: error }, 'socket session sweep failed'));
  }, SESSION_SWEEP_INTERVAL_MS);
  sessionSweep.unref();
  const stopMoneyJobs = startMoneyJobs(services, app.log);
  // Notifications leave through the outbox: woken by every committed notify (of any process), and
  // looking on its own for retries and rows a stopped process left.
  const unlisten = await database.listen(OUTBOX_CHANNEL, () => services.outbox.wake());
  services.outbox.start();
  // Email is gathered, not woken: every EMAIL_BATCH_SECONDS a person's events since go in one mail.
  services.emailDigest.start();
  const telegramApi = services.telegram.api;
  const webhook = config.telegram.webhook;
  // Webhook mode replaces long polling: Telegram refuses getUpdates while a webhook is set.
  const webhookRegistration =
    telegramApi && webhook
      ? new TelegramWebhookRegistration(telegramApi, webhookUrlOf(webhook.url), webhook.secret, { retryMs: 1000, maxRetryMs: 60_000, log: app.log })
      : null;
  webhookRegistration?.start();
  const poller =
    telegramApi && config.telegram.polling && !webhook
      ? new TelegramPoller(database.db, telegramApi, (update) => services.telegram.handleUpdate(update), {
          timeoutSeconds: config.telegram.pollTimeoutSeconds,
          // A long poll that came back empty at once waits a second; failures back off to a minute.
          idleMs: 1000,
          maxIdleMs: 60_000,
          log: app.log,
        })
      : null;
  poller?.start();

  // Open sockets would keep the HTTP server from closing: they go first, told to come back (to another
  // process) rather than disconnected for good; requests in flight then finish before the port closes.
  app.addHook('preClose', async () => {
    services.readiness.drain();
    closeSocketsForRestart(io);
  });
  // dateAutoSendForCheck and the like; safe to run in every process (see modules/workflow/scheduler.ts).
  services.workflowScheduler.start(config.workflow.schedulerIntervalSeconds);
  // Chats waiting for staff tell the task's manager; the event log forgets what is past its keeping time.
  services.chatJobs.start(config.workflow.schedulerIntervalSeconds);
  services.staffingJobs.start(config.workflow.schedulerIntervalSeconds);
  app.addHook('onClose', async () => {
    // An export being made finishes (or fails) before the database it reads closes.
    await services.exports.settled();
    await services.chatJobs.stop();
    await services.staffingJobs.stop();
    await services.realtime.settled();
    clearInterval(sessionSweep);
    await stopMoneyJobs();
    await stopListening();
    await stopProfileListening();
    await services.workflowScheduler.stop();
    await poller?.stop();
    await webhookRegistration?.stop();
    await services.outbox.stop();
    await services.emailDigest.stop();
    await services.releases.flush();
    await unlisten();
    await io.close();
    await ownAdapter?.close();
    await services.mailer.close();
  });

  return {
    app,
    io,
    db: database.db,
    services,
    close: async () => {
      await app.close();
      if (ownsDatabase) await database.close();
    },
  };
}

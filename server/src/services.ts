/** The composition root of the domain: every service, built once per app from the config and the database. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/connection.js';
import { createMailer, type Mailer } from './infra/mail/mailer.js';
import { RateLimiter } from './infra/rate-limit/service.js';
import { LiveDispatcher, NO_LISTENERS } from './infra/realtime/dispatch.js';
import type { Realtime } from './infra/realtime/realtime.js';
import { UnitOfWork } from './infra/realtime/unit-of-work.js';
import { AuthService, DeviceCookies, LoginCodes, SessionService } from './modules/auth/index.js';
import { InvitationsService } from './modules/invitations/index.js';
import { cardProviderOf, EscrowService, Idempotency, LedgerService, MoneyService, PaymentsService, PayoutsService, Statements } from './modules/money/index.js';
import {
  ProjectEditingService,
  ProjectEvents,
  ProjectMembersService,
  ProjectsService,
  accountPermissionsOf,
  leaveAllProjects,
  soleAdministrationsOf,
} from './modules/projects/index.js';
import { RegistrationService } from './modules/registration/index.js';
import { ClientLogService, Readiness, VersionService } from './modules/system/index.js';
import { BoardAnswers, TaskEditingService, TasksService, boardViewOf, columnCountersFor, taskAudience, unfinishedTasksOf } from './modules/tasks/index.js';
import { FilesService, LocalFileStore, S3FileStore, type FileStore } from './modules/files/index.js';
import { AccountClosing, AvatarStore, PasswordChangeService, ProfileAnswers, UsersService } from './modules/users/index.js';
import { NotificationsNotifier, TaskStepReader, WorkflowScheduler, WorkflowService } from './modules/workflow/index.js';
import { PagePreloads, ReleaseFiles, ReleaseService } from './modules/releases/index.js';
import {
  BotApi,
  DEFAULT_EMAIL_DIGEST_OPTIONS,
  DEFAULT_OUTBOX_OPTIONS,
  EmailDigest,
  LiveSender,
  NotificationOutbox,
  NotificationsService,
  TelegramChannelService,
  forgetTelegramOf,
  unreadCountOf,
} from './modules/notifications/index.js';
import { ChatJobs, ChatsService, unreadTextsOf } from './modules/chats/index.js';
import { SearchService } from './modules/search/index.js';
import { ExportService, ImportService } from './modules/portability/index.js';
import { EventsService } from './modules/events/index.js';
import { OpsService, type StaffingPort } from './modules/ops/index.js';
import { activeOperators, StaffingJobs, StaffingService } from './modules/staffing/index.js';
import { SERVER_ROOT } from './paths.js';

export interface Services {
  config: Config;
  db: Db;
  realtime: Realtime;
  /** Transactions whose changes are told live once committed (infra/realtime/unit-of-work.ts). */
  units: UnitOfWork;
  limiter: RateLimiter;
  sessions: SessionService;
  auth: AuthService;
  loginCodes: LoginCodes;
  mailer: Mailer;
  invitations: InvitationsService;
  registration: RegistrationService;
  ledger: LedgerService;
  money: MoneyService;
  payments: PaymentsService;
  payouts: PayoutsService;
  idempotency: Idempotency;
  projects: ProjectsService;
  projectEditing: ProjectEditingService;
  projectMembers: ProjectMembersService;
  /** A project's team (issue 31): staffing, the queue, team changes, deactivating staff. */
  staffing: StaffingService;
  /** The staffing SLA's watch (started by app.ts). */
  staffingJobs: StaffingJobs;
  tasks: TasksService;
  boardAnswers: BoardAnswers;
  taskEditing: TaskEditingService;
  files: FilesService;
  users: UsersService;
  profileAnswers: ProfileAnswers;
  workflow: WorkflowService;
  taskSteps: TaskStepReader;
  workflowScheduler: WorkflowScheduler;
  avatars: AvatarStore;
  passwordChanges: PasswordChangeService;
  /** A person deleting their own account (issue 37). */
  accountClosing: AccountClosing;
  notifications: NotificationsService;
  chats: ChatsService;
  /** Chats waiting for staff, and the event log's keeping time (started by app.ts). */
  chatJobs: ChatJobs;
  events: EventsService;
  /** "Find anything" (issue 38). */
  search: SearchService;
  /** Bringing a Trello board or a Negayno export in (issue 37). */
  projectImport: ImportService;
  /** A project's export (issue 37). */
  exports: ExportService;
  /** The operators' console (issue 31). */
  ops: OpsService;
  telegram: TelegramChannelService;
  /** This process's worker of the notification outbox (started and stopped by app.ts). */
  outbox: NotificationOutbox;
  /** This process's worker of the email notifications, the chat digest among them (started and stopped by app.ts). */
  emailDigest: EmailDigest;
  version: VersionService;
  clientLogs: ClientLogService;
  readiness: Readiness;
  releases: ReleaseService;
  pagePreloads: PagePreloads;
}

/** What the console asks of staffing: deactivation, reactivation (both audited by staffing) and the whole queue. */
function staffingForOps(staffing: StaffingService): StaffingPort {
  return {
    deactivate: (actorId, userId, successorId) => staffing.deactivate(actorId, userId, successorId),
    reactivate: (actorId, userId) => staffing.reactivate(actorId, userId),
    queue: () => staffing.unstaffed(),
  };
}

export function serverVersion(): string {
  return (JSON.parse(readFileSync(join(SERVER_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * The services an account and its projects are read with, and what they take from the modules above
 * them (the tasks' counters, the profile's rules). Also built alone by the operator's tool, which has
 * no socket server: its changes are told to nobody (open pages see them on their next read).
 */
export function createAccountServices(
  db: Db,
  config: Pick<Config, 'telegram' | 'secret' | 'publicUrl' | 'filesDir' | 'staffing'>,
  units: UnitOfWork = new UnitOfWork(db, NO_LISTENERS),
): { ledger: LedgerService; projects: ProjectsService; users: UsersService; avatars: AvatarStore; telegram: TelegramChannelService } {
  const ledger = new LedgerService(db, units);
  const projects = new ProjectsService(db, ledger, (user, projectIds) => columnCountersFor(db, user, projectIds), config.staffing.slaHours);
  const telegram = new TelegramChannelService(db, {
    api: config.telegram.botToken ? new BotApi(config.telegram.apiUrl, config.telegram.botToken) : null,
    botUsername: config.telegram.botUsername,
    secret: config.secret,
    publicUrl: config.publicUrl,
  });
  const avatars = new AvatarStore(config.filesDir);
  const notificationsOfUser = { unreadCount: (userId: number) => unreadCountOf(db, userId), telegramOf: (userId: number) => telegram.statusOf(userId) };
  const users = new UsersService(db, projects, ledger, (user) => ({ can: accountPermissionsOf(user), board: boardViewOf(user) }), notificationsOfUser, avatars);
  return { ledger, projects, users, avatars, telegram };
}

/** Attachments on S3_URL's store when set (several machines), else on the local disk under FILES_DIR; S3 uploads in progress wait in FILES_DIR/.uploads. */
function fileStoreOf(config: Config, log: Pick<FastifyBaseLogger, 'warn'>): FileStore {
  return config.s3 ? new S3FileStore(config.s3, join(config.filesDir, '.uploads'), log) : new LocalFileStore(config.filesDir);
}

export function createServices(config: Config, db: Db, realtime: Realtime, log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>): Services {
  const limiter = new RateLimiter(db);
  const sessions = new SessionService(db, config.secret, config.sessionAbsoluteSeconds);
  const releaseFiles = new ReleaseFiles(config.releasesDir, config.webRoot);
  const releases = new ReleaseService(releaseFiles, log);
  // What a transaction changed is told once it committed; a project balance's owners and the rows a
  // wallet paints (issue 32) are read then.
  const statements = new Statements(db);
  const dispatcher = new LiveDispatcher(
    realtime,
    {
      balanceOwnersOf: (projectId) => projects.balanceOwnersOf(projectId),
      postedRows: (account, number, viewers) => statements.postedRows(account, number, viewers),
    },
    (error) => log.error({ err: error }, 'live events of a committed change failed'),
  );
  const units = new UnitOfWork(db, dispatcher);
  const { ledger, projects, users, avatars, telegram } = createAccountServices(db, config, units);
  const notifications = new NotificationsService(db, taskAudience);
  // A login-as code's use is told to the person it signed in as, in the redemption's transaction (issue 31).
  const loginCodes = new LoginCodes(db, config.secret, async (trx, used) => {
    await notifications.notify(trx, { kind: 'login_as_used', actorId: null, userIds: [used.userId] });
  });
  const auth = new AuthService(db, limiter, sessions, realtime, loginCodes, new DeviceCookies(config.secret));
  const mailer = createMailer(config, db, log);
  const invitations = new InvitationsService(db);
  const projectEvents = new ProjectEvents(realtime);
  const outbox = new NotificationOutbox(
    db,
    { app: new LiveSender(realtime), telegram },
    { ...DEFAULT_OUTBOX_OPTIONS, pollMs: config.notificationPollMs, log: { error: (object, message) => log.error(object, message) } },
  );
  // An account leaving (deactivated staff, a closed account): its sessions' sockets close, its projects' people hear of it.
  const leaving = {
    projectChanged: (projectId: number, users: number[]) => projectEvents.changed(projectId, { users }),
    endSession: async (userId: number, tokenHash: string) => {
      sessions.cache.forget(tokenHash);
      await realtime.endSession(userId, tokenHash);
    },
  };
  const staffing = new StaffingService(db, config.staffing, projects, notifications, leaving);
  const projectEditing = new ProjectEditingService(db, projects, projectEvents, staffing);
  const tasks = new TasksService(db, units, projects, notifications);
  const payouts = new PayoutsService(db, units, ledger, config.money, statements, notifications);
  const escrow = new EscrowService(ledger, { performersPercent: config.workflow.performersSharePercent, smPercent: config.workflow.smSharePercent });
  const fileStore = fileStoreOf(config, log);
  const files = new FilesService(db, units, tasks, fileStore, config.fileMaxBytes);
  const workflow = new WorkflowService(db, units, projects, tasks, new NotificationsNotifier(notifications), escrow, config.workflow, staffing);
  const chats = new ChatsService(db, units, tasks, files, realtime, notifications);
  return {
    config,
    db,
    realtime,
    units,
    limiter,
    sessions,
    auth,
    loginCodes,
    mailer,
    invitations,
    registration: new RegistrationService(db, config.secret, limiter, invitations, mailer, auth, config.emailCodeTtlSeconds),
    ledger,
    money: new MoneyService(db, units, ledger, config.money, statements, projects, projectEditing, tasks, invitations),
    payments: new PaymentsService(db, units, ledger, config.money, cardProviderOf(config), log, config.publicUrl, {
      // A reversed card payment (decisions 5) is the operators' to look into, in the refund's transaction.
      paymentReversed: async (trx, reversal) => {
        await notifications.notify(trx, {
          kind: 'payment_reversed',
          actorId: null,
          userIds: await activeOperators(trx),
          payload: { amount: reversal.amount, currency: reversal.currency, note: reversal.orderId },
        });
      },
    }),
    payouts,
    idempotency: new Idempotency(db),
    projects,
    projectEditing,
    staffing,
    staffingJobs: new StaffingJobs(db, staffing, log),
    projectMembers: new ProjectMembersService(db, projects, projectEvents, mailer, limiter, config.publicUrl, notifications),
    tasks,
    boardAnswers: new BoardAnswers(tasks),
    taskEditing: new TaskEditingService(db, units, tasks),
    files,
    users,
    profileAnswers: new ProfileAnswers((user) => users.profileOf(user)),
    workflow,
    taskSteps: new TaskStepReader(workflow, tasks, chats),
    workflowScheduler: new WorkflowScheduler(db, units, workflow, log),
    avatars,
    passwordChanges: new PasswordChangeService(db, limiter, auth),
    accountClosing: new AccountClosing(db, limiter, ledger, { soleAdministrationsOf, unfinishedTasksOf, leaveAllProjects, forgetTelegramOf }, avatars, leaving),
    notifications,
    chats,
    chatJobs: new ChatJobs(db, notifications, realtime.log, {
      waitingMinutes: config.chatWaitingMinutes,
      eventLogHours: config.eventLogHours,
      log: { error: (object, message) => log.error(object, message) },
    }),
    events: new EventsService(realtime.log),
    search: new SearchService(db, projects),
    projectImport: new ImportService(units, projects, projectEditing, projectEvents, tasks),
    exports: new ExportService(db, projects, fileStore, notifications, {
      exportsDir: config.exportsDir,
      ttlHours: config.exportTtlHours,
      log: { error: (object, message) => log.error(object, message) },
    }),
    ops: new OpsService(db, mailer, invitations, payouts, statements, loginCodes, staffingForOps(staffing), { publicUrl: config.publicUrl }),
    telegram,
    outbox,
    emailDigest: new EmailDigest(
      db,
      mailer,
      { unreadTexts: unreadTextsOf },
      {
        ...DEFAULT_EMAIL_DIGEST_OPTIONS,
        pollMs: config.emailBatchSeconds * 1000,
        quietMinutes: config.emailDigestQuietMinutes,
        publicUrl: config.publicUrl,
        secret: config.secret,
        log: { error: (object, message) => log.error(object, message) },
      },
    ),
    version: new VersionService(config.webRoot, serverVersion()),
    clientLogs: new ClientLogService(db, limiter),
    readiness: new Readiness(db),
    releases,
    pagePreloads: new PagePreloads(releases, releaseFiles, join(config.webRoot, 'host', 'dist')),
  };
}

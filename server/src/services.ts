/** The composition root of the domain: every service, built once per app from the config and the database. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config.js';
import type { Db } from './db/connection.js';
import { DeviceCookies } from './modules/auth/devices.js';
import { LoginCodes } from './modules/auth/login-codes.js';
import { AuthService } from './modules/auth/service.js';
import { SessionService } from './modules/auth/sessions.js';
import { InvitationsService } from './modules/invitations/service.js';
import { createMailer, type MailLog, type Mailer } from './modules/mail/mailer.js';
import { LedgerService } from './modules/money/ledger.js';
import { MoneyService } from './modules/money/service.js';
import { ProjectEditingService } from './modules/projects/editing.js';
import { ProjectEvents } from './modules/projects/events.js';
import { ProjectMembersService } from './modules/projects/members.js';
import { ProjectsService } from './modules/projects/service.js';
import { RateLimiter } from './modules/rate-limit/service.js';
import type { Realtime } from './modules/realtime/realtime.js';
import { RegistrationService } from './modules/registration/service.js';
import { ClientLogService } from './modules/system/service.js';
import { VersionService } from './modules/system/version.js';
import { TasksService } from './modules/tasks/service.js';
import { UsersService } from './modules/users/service.js';
import { SERVER_ROOT } from './paths.js';

export interface Services {
  config: Config;
  db: Db;
  realtime: Realtime;
  limiter: RateLimiter;
  sessions: SessionService;
  auth: AuthService;
  loginCodes: LoginCodes;
  mailer: Mailer;
  invitations: InvitationsService;
  registration: RegistrationService;
  ledger: LedgerService;
  money: MoneyService;
  projects: ProjectsService;
  projectEditing: ProjectEditingService;
  projectMembers: ProjectMembersService;
  tasks: TasksService;
  users: UsersService;
  version: VersionService;
  clientLogs: ClientLogService;
}

export function serverVersion(): string {
  return (JSON.parse(readFileSync(join(SERVER_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

export function createServices(config: Config, db: Db, realtime: Realtime, log: MailLog): Services {
  const limiter = new RateLimiter(db);
  const sessions = new SessionService(db, config.secret, config.sessionAbsoluteSeconds);
  const ledger = new LedgerService(db);
  const projects = new ProjectsService(db, ledger);
  const loginCodes = new LoginCodes(db, config.secret);
  const auth = new AuthService(db, limiter, sessions, realtime, loginCodes, new DeviceCookies(config.secret));
  const mailer = createMailer(config, db, log);
  const invitations = new InvitationsService(db);
  const projectEvents = new ProjectEvents(realtime);
  return {
    config,
    db,
    realtime,
    limiter,
    sessions,
    auth,
    loginCodes,
    mailer,
    invitations,
    registration: new RegistrationService(db, config.secret, limiter, invitations, mailer, auth, config.emailCodeTtlSeconds),
    ledger,
    money: new MoneyService(db, ledger),
    projects,
    projectEditing: new ProjectEditingService(db, projects, projectEvents),
    projectMembers: new ProjectMembersService(db, projects, projectEvents, mailer, limiter, config.publicUrl),
    tasks: new TasksService(db, projects, realtime),
    users: new UsersService(db, projects, ledger),
    version: new VersionService(config.webRoot, serverVersion()),
    clientLogs: new ClientLogService(db, limiter),
  };
}

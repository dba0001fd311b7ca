/**
 * Every HTTP call of the API in one table (spec 7). The server registers its routes from these
 * entries and the browser's `call` builds its requests from them, so a path, a schema or an answer
 * changes here once and both sides stop compiling where they disagree. Paths are under API_ROOT.
 */
import { loginBody, logRequestBody } from './auth.js';
import type { Balance, PublicUser, Project, ProjectListItem, Task, TaskCard, UserProfile, VersionInfo } from './entities.js';
import { endpoint } from './endpoint.js';
import {
  deleteProjectQuery,
  inviteBody,
  memberSettingsBody,
  nameBody,
  sortorderBody,
  taskFilterQuery,
  updateRoleBody,
  type ArchivePage,
  type DeleteProjectAnswer,
} from './projects.js';
import type { Notification, NotificationCount, NotificationPage } from './notifications.js';
import { CHANNELS, channelSettingsBody, passwordChangeBody, phoneBody, settingsBody, type TelegramLink } from './profile.js';
import { flowStepBody, flowStepParam, fullnameBody, loginAsBody, type StepAnswer } from './registration.js';
import { z } from 'zod';
import { emailField, idParam } from './validation.js';

const id = {
  project: idParam('project'),
  task: idParam('task'),
  user: idParam('user'),
  backFrom: idParam('backFrom'),
  notification: idParam('notification'),
  channel: z.enum(CHANNELS, { error: 'channel_not_found' }),
};

/**
 * A multipart upload: the browser sends FormData, which `call` passes through untouched; the server
 * reads the file from the stream itself (checked by content, not by this schema).
 */
const upload = z.custom<FormData>(() => true);

/** The three step machines share one shape: `POST /{kind}/{step}`, answered with the next step. */
const flowStep = { params: { step: flowStepParam }, body: flowStepBody } as const;

export const endpoints = {
  system: {
    version: endpoint('GET', '/version', {}).answers<VersionInfo>(),
    /** The browser posts it with navigator.sendBeacon (see api/log.ts), not through `call`. */
    log: endpoint('POST', '/log/new', { body: logRequestBody }).answers<null>(),
  },
  auth: {
    login: endpoint('POST', '/login', { body: loginBody }).answers<UserProfile>(),
    loginAs: endpoint('POST', '/login-as', { body: loginAsBody }).answers<UserProfile>(),
    logout: endpoint('GET', '/logout', {}).answers<null>(),
  },
  /** Registration, the performer's registration and password recovery (one entry per machine kind). */
  flows: {
    registration: endpoint('POST', '/registration/:step', flowStep).answers<StepAnswer>(),
    'performer-registration': endpoint('POST', '/performer-registration/:step', flowStep).answers<StepAnswer>(),
    'restore-password': endpoint('POST', '/restore-password/:step', flowStep).answers<StepAnswer>(),
  },
  users: {
    profile: endpoint('GET', '/user/profile', {}).answers<UserProfile>(),
    get: endpoint('GET', '/user/:id', { params: { id: id.user } }).answers<PublicUser>(),
    updateFullname: endpoint('PUT', '/user/update-fullname', { body: fullnameBody }).answers<UserProfile>(),
    updatePhone: endpoint('PUT', '/user/update-phone', { body: phoneBody }).answers<UserProfile>(),
    /** Ends every other session of the account; this one stays signed in. */
    updatePassword: endpoint('PUT', '/user/update-password', { body: passwordChangeBody }).answers<null>(),
    updateSettings: endpoint('PUT', '/user/update-settings', { body: settingsBody }).answers<UserProfile>(),
    uploadAvatar: endpoint('POST', '/user/upload-avatar', { body: upload }).answers<UserProfile>(),
    deleteAvatar: endpoint('DELETE', '/user/delete-avatar', {}).answers<UserProfile>(),
  },
  channels: {
    updateSettings: endpoint('PUT', '/channel/:channel/update-settings', { params: { channel: id.channel }, body: channelSettingsBody }).answers<UserProfile>(),
    /** A fresh one-time deep link; an earlier unused one stops working. */
    link: endpoint('POST', '/channel/:channel/link', { params: { channel: id.channel } }).answers<TelegramLink>(),
    unlink: endpoint('DELETE', '/channel/:channel/delete', { params: { channel: id.channel } }).answers<UserProfile>(),
  },
  /** The viewer's own notifications, 30 a page, newest first (decisions 6). */
  notifications: {
    list: endpoint('GET', '/notifications', {}).answers<NotificationPage>(),
    listFrom: endpoint('GET', '/notifications/:backFrom', { params: { backFrom: id.backFrom } }).answers<NotificationPage>(),
    viewed: endpoint('POST', '/notification/:id/viewed', { params: { id: id.notification } }).answers<Notification>(),
    viewedAll: endpoint('POST', '/notifications/viewed', {}).answers<NotificationCount>(),
  },
  money: {
    balance: endpoint('GET', '/user/balance', {}).answers<Balance>(),
    bonusBalance: endpoint('GET', '/user/bonus-balance', {}).answers<Balance>(),
  },
  projects: {
    list: endpoint('GET', '/projects', {}).answers<ProjectListItem[]>(),
    create: endpoint('POST', '/project/new', { body: nameBody }).answers<Project>(),
    get: endpoint('GET', '/project/:id', { params: { id: id.project } }).answers<Project>(),
    rename: endpoint('PUT', '/project/:id/update-name', { params: { id: id.project }, body: nameBody }).answers<Project>(),
    /** Answers the viewer's whole list in its new order. */
    sort: endpoint('PUT', '/project/:id/update-sort', { params: { id: id.project }, body: sortorderBody }).answers<ProjectListItem[]>(),
    delete: endpoint('DELETE', '/project/:id/delete', { params: { id: id.project }, query: deleteProjectQuery }).answers<DeleteProjectAnswer>(),
    invite: endpoint('POST', '/project/:id/invite-user', { params: { id: id.project }, body: inviteBody }).answers<Project>(),
    acceptInvitation: endpoint('POST', '/project/:id/accept-invitation', { params: { id: id.project } }).answers<Project>(),
    declineInvitation: endpoint('DELETE', '/project/:id/decline-invitation', { params: { id: id.project } }).answers<null>(),
    cancelInvitation: endpoint('DELETE', '/project/:id/cancel-invitation/:email', { params: { id: id.project, email: emailField() } }).answers<Project>(),
    updateRole: endpoint('PUT', '/project/:id/user/:userId/update-role', {
      params: { id: id.project, userId: id.user },
      body: updateRoleBody,
    }).answers<Project>(),
    updateSettings: endpoint('PUT', '/project/:id/user/:userId/update-settings', {
      params: { id: id.project, userId: id.user },
      body: memberSettingsBody,
    }).answers<Project>(),
    removeUser: endpoint('DELETE', '/project/:id/user/:userId/delete', { params: { id: id.project, userId: id.user } }).answers<Project>(),
  },
  tasks: {
    /** One project's board, filtered (spec 2 "Filter panel"). */
    board: endpoint('GET', '/project/:id/tasks', { params: { id: id.project }, query: taskFilterQuery }).answers<TaskCard[]>(),
    /** The board across every project the viewer sees (the staff home). */
    boardOfAll: endpoint('GET', '/tasks', { query: taskFilterQuery }).answers<TaskCard[]>(),
    create: endpoint('POST', '/project/:id/new-task', { params: { id: id.project }, body: nameBody }).answers<TaskCard>(),
    get: endpoint('GET', '/task/:id', { params: { id: id.task } }).answers<Task>(),
    card: endpoint('GET', '/task/:id/get-card', { params: { id: id.task } }).answers<TaskCard>(),
    /** The viewer's archive, 20 a page; the next page starts after `backFrom`, the last id held. */
    archive: endpoint('GET', '/archive', {}).answers<ArchivePage>(),
    archiveFrom: endpoint('GET', '/archive/:backFrom', { params: { backFrom: id.backFrom } }).answers<ArchivePage>(),
    projectArchive: endpoint('GET', '/project/:id/archive', { params: { id: id.project } }).answers<ArchivePage>(),
    projectArchiveFrom: endpoint('GET', '/project/:id/archive/:backFrom', { params: { id: id.project, backFrom: id.backFrom } }).answers<ArchivePage>(),
  },
} as const;

/** The users module's front door: accounts and their avatars, as the other modules and the seeds need them. */
export { colorFor } from './colors.js';
export { avatarUrlIn, avatarUrlOf } from './presenters.js';
export {
  accountCurrencyOf,
  countInvitedBy,
  emailChannelOf,
  emailChannelsOf,
  emailIsTaken,
  findUserByEmail,
  findUserById,
  insertUser,
  namesOf,
  setPasswordHash,
  takenNicknames,
  turnEmailOff,
} from './repo.js';
export { AvatarStore } from './avatars.js';
export { AccountClosing, DELETED_USER_NAME, canCloseOwnAccount, type AccountTies, type ClosingLive } from './closing.js';
export { PasswordChangeService } from './password.js';
export { PROFILE_CHANGED_CHANNEL, ProfileAnswers } from './profile-answers.js';
export { avatarFilesRoute, usersRoutes } from './routes.js';
export { UsersService, type NotificationsOfUser, type ProfileRulesOf, type ProjectsOfUser } from './service.js';

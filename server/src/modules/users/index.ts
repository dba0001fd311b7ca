/** The users module's front door: accounts and their avatars, as the other modules and the seeds need them. */
export { colorFor } from './colors.js';
export { avatarUrlIn, avatarUrlOf } from './presenters.js';
export { accountCurrencyOf, countInvitedBy, emailIsTaken, findUserByEmail, findUserById, insertUser, setPasswordHash, takenNicknames } from './repo.js';
export { usersRoutes } from './routes.js';
export { UsersService, type ProfileRulesOf, type ProjectsOfUser } from './service.js';

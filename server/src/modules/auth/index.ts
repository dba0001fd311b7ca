/** The auth module's front door: what other modules, the composition root and the tools may use. */
export { clearSessionCookie, sessionTokenOf, syncSessionHint } from './cookie.js';
export { DeviceCookies } from './devices.js';
export { installSessionHook, requireUser, sessionOf, userOf } from './hook.js';
export { LIMITS, ipSubject } from './limits.js';
export { LoginCodes, type OnLoginCodeUsed } from './login-codes.js';
export { hashPassword, setPasswordHashCost, verifyPassword } from './passwords.js';
export { deleteSessionsOf, findCredentials } from './repo.js';
export { authRoutes, clientInfoOf } from './routes.js';
export { AuthService } from './service.js';
export { SESSION_ENDED_CHANNEL } from './session-cache.js';
export { SessionService, type ClientInfo } from './sessions.js';

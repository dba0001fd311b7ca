/**
 * The root store and what every page needs from the first screen on: the session, the UI, alerts, the
 * profile and notifications. The stores of the screens after sign-in are `@negayno/shared/work-stores`
 * (work.ts), loaded when a session starts.
 */
export * from './load.js';
export * from './alerts-store.js';
export * from './notifications-store.js';
export * from './profile-store.js';
export * from './session-store.js';
export * from './ui-store.js';
export * from './root-store.js';

export * from './routes.js';
export * from './enums.js';
export * from './limits.js';
export * from './errors.js';
export * from './envelope.js';
export * from './entities.js';
export * from './validation.js';
export * from './auth.js';
export * from './registration.js';
export type * from './flow-bodies.js';
export * from './file-types.js';
export * from './socket-events.js';
export * from './projects.js';
export * from './money.js';
export * from './brand.js';
export * from './remotes.js';
export * from './endpoint.js';
export * from './endpoints.js';
export * from './workflow.js';
// Types only (the schemas run on the server, which imports them from `@negayno/shared/contract/action-bodies`).
export type * from './action-bodies.js';
export * from './html.js';
export * from './task-content.js';
export * from './notifications.js';
export * from './profile.js';
export * from './chats.js';
export * from './system-notes.js';
export * from './page-words.js';
export * from './staffing.js';
// Types only: the console's schemas and entries are its chunk's and the server's (`@negayno/shared/contract/ops`,
// `@negayno/shared/contract/ops-endpoints`), not every page's.
export type * from './ops.js';
// Types only: the contract is shared whole with every page (module federation keeps every export of a
// shared module), and the search's schema and entry are needed by the palette's chunk and the server alone,
// which import them from `@negayno/shared/contract/search`.
export type * from './search.js';

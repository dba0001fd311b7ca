// The transport (`request`) stays inside this folder: callers go through `call` and the endpoint table.
export { ApiError, call, setApiOrigin, setLanguageProvider, upload, type CallOptions, type RequestOptions, type UploadOptions } from './client.js';
export { isOwnEcho, TAB_ORIGIN } from './echo.js';
export * from './idempotency.js';
export * from './retry.js';
export * from './log.js';
export * from './socket.js';
export { LiveRooms, type EventsFetcher } from './live-rooms.js';

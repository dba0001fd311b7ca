export * from './client.js';
export * from './retry.js';
export * from './log.js';
export * from './socket.js';

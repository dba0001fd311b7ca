export * from './format.js';
export * from './navigation.js';
export * from './storage.js';
export * from './cookies.js';
export * from './uri.js';
export * from './sanitize.js';
export * from './linkify.js';
export * from './idle.js';

export * from './load.js';
export * from './alerts-store.js';
export * from './archive-store.js';
export * from './board-store.js';
export * from './projects-store.js';
export * from './session-store.js';
export * from './ui-store.js';
export * from './root-store.js';

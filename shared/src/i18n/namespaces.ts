import type { Namespace } from './resources.js';

/**
 * Every namespace, listed without its words: resources.ts holds them all, which only tests and types
 * may import (a page loads each language's namespaces one by one, locale-chunks.ts).
 */
export const NAMESPACES = ['common', 'errors', 'auth', 'board', 'task', 'wallet', 'profile', 'workflow', 'chat'] as const satisfies readonly Namespace[];

/** What every page shows before any remote: the frame's words and the error catalogue. */
export const FIRST_NAMESPACES = ['common', 'errors'] as const satisfies readonly Namespace[];

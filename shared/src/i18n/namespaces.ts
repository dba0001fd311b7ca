import type { Namespace } from './resources.js';

/**
 * Every namespace, listed without its words: resources.ts holds them all, which only tests and types
 * may import (a page loads each language's namespaces one by one, locale-chunks.ts).
 */
export const NAMESPACES = ['common', 'errors', 'auth', 'board', 'task', 'wallet', 'profile', 'workflow', 'chat'] as const satisfies readonly Namespace[];

/** What every page shows before any remote: the frame's words and the error catalogue. */
export const FIRST_NAMESPACES = ['common', 'errors'] as const satisfies readonly Namespace[];

/**
 * The namespaces each remote shows besides the first ones, by package. A remote's words load as its
 * code arrives (ui/lifecycles.tsx); the host asks for those of the page it opens on at once, so they
 * come with its own instead of a round trip after the remote's code (docs/perf.md, issue 17).
 */
export const REMOTE_NAMESPACES: Readonly<Record<string, readonly Namespace[]>> = {
  'mf-auth': ['auth'],
  'mf-board': ['board', 'chat'],
  'mf-task-chat': ['task', 'chat', 'workflow'],
  'mf-wallet': ['wallet'],
  'mf-profile': ['profile'],
};

export function namespacesOfRemote(remotePackage: string): readonly Namespace[] {
  return Object.hasOwn(REMOTE_NAMESPACES, remotePackage) ? REMOTE_NAMESPACES[remotePackage]! : [];
}

/**
 * Which words a page shows before anything else, so that the host asks for them as it boots and the
 * server names their files in the page's preload hints: both read this table, so the two never
 * disagree (docs/perf.md, issue 17). The words themselves live in `@negayno/shared/i18n`.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './enums.js';
import { remotesOfPage, PAGE_APPS } from './routes.js';

/** Every namespace of the translations, listed without its words. */
export const NAMESPACES = ['common', 'errors', 'auth', 'board', 'task', 'wallet', 'profile', 'workflow', 'chat', 'ops', 'search', 'import'] as const;
export type WordsNamespace = (typeof NAMESPACES)[number];

/** What every page shows before any remote: the frame's words and the error catalogue. */
export const FIRST_NAMESPACES = ['common', 'errors'] as const satisfies readonly WordsNamespace[];

/** `errors` is built from the contract's catalogue, which every page already has: it has no file. */
export const NAMESPACES_IN_CONTRACT: readonly WordsNamespace[] = ['errors'];

/**
 * The namespaces each remote shows besides the first ones, by package. A remote's words load as its
 * code arrives (ui/lifecycles.tsx); the host asks for those of the page it opens on at once.
 */
export const REMOTE_NAMESPACES: Readonly<Record<string, readonly WordsNamespace[]>> = {
  'mf-auth': ['auth'],
  'mf-board': ['board', 'chat'],
  'mf-task-chat': ['task', 'chat', 'workflow'],
  'mf-wallet': ['wallet'],
  'mf-profile': ['profile'],
};

export function namespacesOfRemote(remotePackage: string): readonly WordsNamespace[] {
  return Object.hasOwn(REMOTE_NAMESPACES, remotePackage) ? REMOTE_NAMESPACES[remotePackage]! : [];
}

/** The namespaces a page load shows: the first ones and those of the remotes it ends up on. */
export function namespacesOfPage(pathname: string, search: string, signedIn: boolean): WordsNamespace[] {
  const remotes = new Set(remotesOfPage(pathname, search, signedIn));
  const shown = PAGE_APPS.filter((app) => remotes.has(app.remote)).flatMap((app) => namespacesOfRemote(app.app));
  return [...new Set<WordsNamespace>([...FIRST_NAMESPACES, ...shown])];
}

/** The name of the host's chunk holding one namespace of one language (its file is `<name>.<hash>.js`). */
export function wordsChunkName(language: Language, namespace: WordsNamespace): string {
  return `words-${language}-${namespace}`;
}

/**
 * The page's language as the server can know it: the browser keeps the choice in local storage and
 * mirrors it into this cookie (not HttpOnly: the page writes it), so a page's words can be preloaded.
 */
export const LANGUAGE_COOKIE = 'negayno_lang';

export function languageOrDefault(value: string | undefined | null): Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : DEFAULT_LANGUAGE;
}

/**
 * Set beside the session cookie, readable by the page (the session cookie is HttpOnly): without it the
 * page knows there is no session and shows the login form without asking the server, a round trip a
 * slow mobile network pays 0.4 s for. It says nothing a request could abuse: with it, the page asks.
 */
export const SESSION_HINT_COOKIE = 'negayno_signed_in';

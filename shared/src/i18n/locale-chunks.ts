/**
 * Where each language's namespaces come from: each its own chunk, so a page downloads the words it
 * shows in the language it shows them (docs/perf.md, issue 17). The `errors` namespace is built from
 * the contract's catalogue, which every page has already.
 */
import { errorTexts, type Language } from '@negayno/shared/contract';
import type { Namespace } from './resources.js';

type Words = Record<string, unknown>;
type ChunkOf = Record<Exclude<Namespace, 'errors'>, () => Promise<{ default: Words }>>;

// Each chunk is named as the contract's wordsChunkName names it: the server finds a page's words by
// that name in the host's build and preloads them (server/src/modules/releases/preloads.ts).
const CHUNKS: Record<Language, ChunkOf> = {
  uk: {
    common: () => import(/* webpackChunkName: "words-uk-common" */ './locales/uk/common.js'),
    auth: () => import(/* webpackChunkName: "words-uk-auth" */ './locales/uk/auth.js'),
    board: () => import(/* webpackChunkName: "words-uk-board" */ './locales/uk/board.js'),
    task: () => import(/* webpackChunkName: "words-uk-task" */ './locales/uk/task.js'),
    wallet: () => import(/* webpackChunkName: "words-uk-wallet" */ './locales/uk/wallet.js'),
    profile: () => import(/* webpackChunkName: "words-uk-profile" */ './locales/uk/profile.js'),
    workflow: () => import(/* webpackChunkName: "words-uk-workflow" */ './locales/uk/workflow.js'),
    chat: () => import(/* webpackChunkName: "words-uk-chat" */ './locales/uk/chat.js'),
    ops: () => import(/* webpackChunkName: "words-uk-ops" */ './locales/uk/ops.js'),
    search: () => import(/* webpackChunkName: "words-uk-search" */ './locales/uk/search.js'),
    import: () => import(/* webpackChunkName: "words-uk-import" */ './locales/uk/import.js'),
  },
  en: {
    common: () => import(/* webpackChunkName: "words-en-common" */ './locales/en/common.js'),
    auth: () => import(/* webpackChunkName: "words-en-auth" */ './locales/en/auth.js'),
    board: () => import(/* webpackChunkName: "words-en-board" */ './locales/en/board.js'),
    task: () => import(/* webpackChunkName: "words-en-task" */ './locales/en/task.js'),
    wallet: () => import(/* webpackChunkName: "words-en-wallet" */ './locales/en/wallet.js'),
    profile: () => import(/* webpackChunkName: "words-en-profile" */ './locales/en/profile.js'),
    workflow: () => import(/* webpackChunkName: "words-en-workflow" */ './locales/en/workflow.js'),
    chat: () => import(/* webpackChunkName: "words-en-chat" */ './locales/en/chat.js'),
    ops: () => import(/* webpackChunkName: "words-en-ops" */ './locales/en/ops.js'),
    search: () => import(/* webpackChunkName: "words-en-search" */ './locales/en/search.js'),
    import: () => import(/* webpackChunkName: "words-en-import" */ './locales/en/import.js'),
  },
};

/** One namespace of one language, as i18next's backend asks for it. */
export async function loadLocaleNamespace(language: string, namespace: string): Promise<Words> {
  if (!Object.hasOwn(CHUNKS, language)) throw new Error(`no translations for language ${language}`);
  if (namespace === 'errors') return errorTexts(language as Language);
  const chunks = CHUNKS[language as Language];
  if (!Object.hasOwn(chunks, namespace)) throw new Error(`no translation namespace ${namespace}`);
  return (await chunks[namespace as keyof ChunkOf]()).default;
}

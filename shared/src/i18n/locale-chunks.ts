/**
 * Where each language's namespaces come from: each its own chunk, so a page downloads the words it
 * shows in the language it shows them (docs/perf.md, issue 17). The `errors` namespace is built from
 * the contract's catalogue, which every page has already.
 */
import { errorTexts, type Language } from '@negayno/shared/contract';
import type { Namespace } from './resources.js';

type Words = Record<string, unknown>;
type ChunkOf = Record<Exclude<Namespace, 'errors'>, () => Promise<{ default: Words }>>;

const CHUNKS: Record<Language, ChunkOf> = {
  uk: {
    common: () => import('./locales/uk/common.js'),
    auth: () => import('./locales/uk/auth.js'),
    board: () => import('./locales/uk/board.js'),
    task: () => import('./locales/uk/task.js'),
    wallet: () => import('./locales/uk/wallet.js'),
    profile: () => import('./locales/uk/profile.js'),
    workflow: () => import('./locales/uk/workflow.js'),
    chat: () => import('./locales/uk/chat.js'),
  },
  en: {
    common: () => import('./locales/en/common.js'),
    auth: () => import('./locales/en/auth.js'),
    board: () => import('./locales/en/board.js'),
    task: () => import('./locales/en/task.js'),
    wallet: () => import('./locales/en/wallet.js'),
    profile: () => import('./locales/en/profile.js'),
    workflow: () => import('./locales/en/workflow.js'),
    chat: () => import('./locales/en/chat.js'),
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

/**
 * What a remote's own build gets for locale-chunks.ts (shared/webpack/index.cjs): a remote's copy of
 * i18n is only the fallback the host's shared copy replaces, so it keeps every word in one chunk
 * instead of sixteen small ones whose names every remoteEntry.js would carry (docs/perf.md, issue 17).
 */
import type { Language } from '@negayno/shared/contract';
import { resources } from './resources.js';

export async function loadLocaleNamespace(language: string, namespace: string): Promise<Record<string, unknown>> {
  if (!Object.hasOwn(resources, language)) throw new Error(`no translations for language ${language}`);
  const words = resources[language as Language];
  if (!Object.hasOwn(words, namespace)) throw new Error(`no translation namespace ${namespace}`);
  return Promise.resolve(words[namespace as keyof typeof words]);
}

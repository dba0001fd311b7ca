/**
 * One i18next instance for the page (shared singleton): Ukrainian by default, English on request,
 * the choice kept in local storage. Words load per language and namespace (locale-chunks.ts): the
 * page's frame asks for `common` and `errors`, each remote for its own before it mounts. Missing keys
 * are logged through the beacon (spec 8).
 */
import i18next, { type i18n as I18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { FIRST_NAMESPACES, LANGUAGE_COOKIE, LANGUAGES, languageOrDefault, type ErrorCode, type Language, isErrorCode } from '@negayno/shared/contract';
import { ApiError, sendLog, setLanguageProvider } from '@negayno/shared/api';
import { readCookie, readStorage, STORAGE_KEYS, writeCookie, writeStorage } from '@negayno/shared/lib';
import { loadLocaleNamespace } from './locale-chunks.js';
import type { Namespace } from './resources.js';

/**
 * The suite reads its words with this hook, never from react-i18next itself: react-i18next is not a
 * shared package of its own (shared whole, its Trans and HTML parser cost every page 10 kB gzip), so
 * it lives inside this shared module, the one copy on the page, with only what the suite uses.
 */
export { useTranslation } from 'react-i18next';
export type { Namespace } from './resources.js';
export type { Translation } from './shape.js';

export const i18n: I18n = i18next.createInstance();

function storedLanguage(): Language {
  return languageOrDefault(readStorage(STORAGE_KEYS.language));
}

/** The server preloads a page's words in the language this cookie names (contract, page-words.ts). */
function mirrorLanguageToCookie(language: Language): void {
  if (readCookie(LANGUAGE_COOKIE) !== language) writeCookie(LANGUAGE_COOKIE, language);
}

const reportedMissing = new Set<string>();
let initialised: Promise<void> | undefined;

/**
 * Idempotent: the host and every remote may call it; the first call initialises the shared instance
 * and starts loading the first namespaces. Resolves once they are in, or failed to come: a failed
 * chunk leaves the keys on screen rather than a page that never starts.
 */
export function initI18n(): Promise<void> {
  initialised ??= new Promise<void>((resolve) => {
    const language = storedLanguage();
    document.documentElement.lang = language;
    mirrorLanguageToCookie(language);
    setLanguageProvider(currentLanguage);
    void i18n
      .use(initReactI18next)
      .use(resourcesToBackend(loadLocaleNamespace))
      .init(
        {
          lng: language,
          fallbackLng: false,
          supportedLngs: [...LANGUAGES],
          ns: [...FIRST_NAMESPACES],
          defaultNS: 'common',
          interpolation: { escapeValue: false },
          returnNull: false,
          saveMissing: true,
          missingKeyHandler: (languages, namespace, key) => {
            const id = `${languages.join(',')}:${namespace}:${key}`;
            if (reportedMissing.has(id)) return;
            reportedMissing.add(id);
            console.warn(`[i18n] missing translation ${id}`);
            sendLog('i18n_missing', id);
          },
        },
        (error) => {
          if (error) console.warn('[i18n] translations did not load', error);
          resolve();
        },
      );
  });
  return initialised;
}

/** The namespaces a remote shows, in the page's language (and in any language chosen later). */
export async function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  // The chunks are asked for now, beside the first namespaces, not after them: i18next takes them
  // only once initialised, and by then the import has them (or its failure, which i18next reports).
  for (const namespace of namespaces) void loadLocaleNamespace(currentLanguage(), namespace).catch(() => undefined);
  await initI18n();
  await i18n.loadNamespaces([...namespaces]);
}

export function currentLanguage(): Language {
  // Before the first namespaces are in (stores are built on import) the stored choice is the answer.
  return (i18n.language as Language | undefined) ?? storedLanguage();
}

export async function changeLanguage(language: Language): Promise<void> {
  writeStorage(STORAGE_KEYS.language, language);
  mirrorLanguageToCookie(language);
  await initI18n();
  // i18next loads every namespace asked for so far in the new language before it switches.
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

/**
 * A message for an alert or a form field: an error code of the catalogue (spec 8), translated
 * through the `errors` namespace, or a namespaced key of its own (`auth:validation.required`).
 */
export interface Message {
  key: string;
  values?: Record<string, unknown>;
  /** The server's own text, shown when the code has no translation. */
  fallback?: string;
}

/**
 * What a failed call says: the error of the named form field when the server gave one, else the
 * answer's code; anything that is not an answer of the API (a bug, a thrown string) is server_error.
 */
export function messageOfError(error: unknown, field?: string): Message {
  if (!(error instanceof ApiError)) return { key: 'server_error' };
  const detail = field === undefined ? undefined : error.fieldError(field);
  return detail ? { key: detail.code, fallback: detail.message } : { key: error.code, fallback: error.message };
}

/**
 * The one mapping from a message to words on screen, for alerts and form fields alike. A code the
 * catalogue does not know reads the server's own words (or invalid_value) and is logged.
 */
export function messageText(message: Message): string {
  if (message.key.includes(':')) return i18n.t(message.key, { ...message.values, defaultValue: message.fallback });
  if (isErrorCode(message.key)) return i18n.t(message.key satisfies ErrorCode, { ns: 'errors', ...message.values });
  sendLog('i18n_missing_error_code', message.key);
  return message.fallback ?? i18n.t('invalid_value', { ns: 'errors' });
}

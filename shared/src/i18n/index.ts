/**
 * One i18next instance for the page (shared singleton): Ukrainian by default, English on request,
 * the choice kept in local storage. Missing keys are logged through the beacon (spec 8).
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type ErrorCode, type Language, isErrorCode } from '@negayno/shared/contract';
import { sendLog, setLanguageProvider } from '@negayno/shared/api';
import { readStorage, STORAGE_KEYS, writeStorage } from '@negayno/shared/lib';
import { NAMESPACES, resources } from './resources.js';

export { resources, NAMESPACES, type Namespace } from './resources.js';
export type { Translation } from './shape.js';

export const i18n: I18n = i18next.createInstance();

function storedLanguage(): Language {
  const stored = readStorage(STORAGE_KEYS.language);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : DEFAULT_LANGUAGE;
}

const reportedMissing = new Set<string>();

/** Idempotent: every remote may call it; the first call initialises the shared instance. */
export function initI18n(): I18n {
  if (i18n.isInitialized) return i18n;
  void i18n.use(initReactI18next).init({
    resources,
    lng: storedLanguage(),
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    ns: NAMESPACES,
    defaultNS: 'common',
    initAsync: false,
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
  });
  document.documentElement.lang = i18n.language;
  setLanguageProvider(() => i18n.language);
  return i18n;
}

export function currentLanguage(): Language {
  // Before initI18n runs (stores are built on import) the stored choice is the answer.
  return (i18n.language as Language | undefined) ?? storedLanguage();
}

export async function changeLanguage(language: Language): Promise<void> {
  writeStorage(STORAGE_KEYS.language, language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

/** The translated text of a server error code, or the server's own message when the code is unknown. */
export function errorMessage(code: string, fallback?: string): string {
  if (isErrorCode(code)) return i18n.t(code satisfies ErrorCode, { ns: 'errors' });
  sendLog('i18n_missing_error_code', code);
  return fallback ?? i18n.t('invalid_value', { ns: 'errors' });
}

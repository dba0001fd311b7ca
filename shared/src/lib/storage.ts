/** localStorage access that never throws (private mode, disabled storage, quota). */
export function readStorage(key: string, storage: Storage | undefined = globalThis.localStorage): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // Storage is a convenience here; losing a write must not break the page.
  }
}

export const STORAGE_KEYS = {
  theme: 'theme',
  language: 'language',
  version: 'appVersion',
  reportedErrors: 'reportedCardErrors',
  descriptions: 'descriptions',
  /** The task whose tips dialog a wallet top-up started from: it opens again on the way back (sessionStorage). */
  tipsReturn: 'tipsReturn',
} as const;

/** Page-wide UI state: theme, language, offline and maintenance modes, the wallet drawer. */
import { makeAutoObservable } from 'mobx';
import { THEMES, type Language, type Theme } from '@negayno/shared/contract';
import { changeLanguage, currentLanguage } from '@negayno/shared/i18n';
import { readStorage, STORAGE_KEYS, writeStorage } from '@negayno/shared/lib';

export type WalletKind = 'user' | 'bonus' | 'project';

export interface WalletRequest {
  kind: WalletKind;
  projectId?: number;
  /** A card order the payer returned from: the drawer shows how it ended. */
  orderId?: string;
  /** The task page a wallet top-up comes back to after the checkout (its tips dialog, issue 33). */
  returnTo?: string;
}

export class UiStore {
  theme: Theme = storedTheme();
  language: Language = currentLanguage();
  offline = typeof navigator !== 'undefined' ? !navigator.onLine : false;
  maintenance = false;
  /** The wallet drawer the host shows as a parcel; null when closed. */
  wallet: WalletRequest | null = null;

  constructor(private readonly isSignedIn: () => boolean) {
    makeAutoObservable<UiStore, 'isSignedIn'>(this, { isSignedIn: false });
  }

  /** Dark applies only when signed in (spec 9). */
  get effectiveTheme(): Theme {
    return this.isSignedIn() ? this.theme : 'light';
  }

  setTheme(theme: Theme): void {
    this.theme = theme;
    writeStorage(STORAGE_KEYS.theme, theme);
  }

  toggleTheme(): void {
    this.setTheme(this.theme === 'dark' ? 'light' : 'dark');
  }

  async setLanguage(language: Language): Promise<void> {
    this.language = language;
    await changeLanguage(language);
  }

  setOffline(offline: boolean): void {
    this.offline = offline;
  }

  setMaintenance(on: boolean): void {
    this.maintenance = on;
  }

  openWallet(request: WalletRequest): void {
    this.wallet = request;
  }

  closeWallet(): void {
    this.wallet = null;
  }
}

function storedTheme(): Theme {
  const stored = readStorage(STORAGE_KEYS.theme);
  return (THEMES as readonly string[]).includes(stored ?? '') ? (stored as Theme) : 'light';
}

/** Types of scripts-fetched.mjs for the TypeScript specs. */
import type { Page } from '@playwright/test';

export interface FetchedScript {
  url: string;
  /** `host` or the remote's folder (`mf-auth`). */
  app: string;
  file: string;
  /** When the request started, epoch ms. */
  startedAt: number;
  /** Bytes on the wire, as sent (brotli or gzip). */
  transfer: number;
  encoding: string;
  /** Gzip level 9 of the body: the unit of the budgets. */
  gzip: number;
  raw: number;
}

export declare function appOfScript(url: string): string;

export declare function scriptsFetchedDuring(page: Page, action: () => Promise<unknown>): Promise<FetchedScript[]>;

export declare function sum(scripts: FetchedScript[], key: 'transfer' | 'gzip' | 'raw'): number;

export declare const FIRST_SCREEN_MARK: string;

export declare const BOARD_PAINTED_MEASURE: string;

export declare function drawerCodeFetched(page: Page, timeout?: number): Promise<void>;

export declare function splitAtFirstScreen(page: Page, scripts: FetchedScript[], entryName?: string): Promise<{ own: FetchedScript[]; later: FetchedScript[] }>;

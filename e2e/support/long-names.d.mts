import type { Page } from '@playwright/test';

export declare const LONG_WORD: string;
export declare function lengthenNames(page: Page): Promise<void>;

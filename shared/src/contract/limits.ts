/** Business constants and limits (spec section 9, decisions sections 1 and 4). */
export const API_ROOT = '/api';
export const SOCKET_PATH = '/socket.io';
export const API_TIMEOUT_MS = 120_000;
export const ALERT_HIDE_MS = 10_000;
export const RETRY_ATTEMPTS = 3;
export const RETRY_DELAY_MS = 1_000;
export const VERSION_CHECK_INTERVAL_MS = 5 * 60_000;
export const TASK_CLEAR_DELAY_MS = 300;

export const CONFIRMATION_CODE_LENGTH = 6;

/** Ids are PostgreSQL `integer` columns: the largest id there can be. */
export const MAX_ID = 2_147_483_647;

export const PAGE_SIZE = {
  archive: 20,
  transactions: 20,
  messages: 50,
  notifications: 30,
} as const;

export const LENGTH = {
  email: 254,
  password: { min: 8, max: 128 },
  name: 255,
  personName: 100,
  nickname: 32,
  country: 2,
  code: 64,
  description: 100_000,
  message: 4000,
  quote: 1000,
  phone: 20,
  logMessage: 2000,
} as const;

export const BREAKPOINTS = { xs: 0, sm: 660, md: 768, df: 1024, lg: 1280, xl: 1440, xxl: 1536 } as const;

export const AVATAR_GROUP_MAX = { default: 6, small: 3, cardEmployees: 10 } as const;

export const TASK_PANEL_WIDTH = { default: 1000, full: 1500, rightPaneMin: 360 } as const;
export const DRAWER_MAX_WIDTH = 480;
export const CHART_HEIGHT = 180;

/** Only Ukraine is offered (spec 9); sent as the ISO code. */
export const COUNTRIES = ['UA'] as const;
export type Country = (typeof COUNTRIES)[number];

/** Session lifetime, sliding: every use within the window extends it. */
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;
export const SESSION_COOKIE = 'negayno_sid';

/** Where the end-to-end server listens; fixed so every worker process agrees on it. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8199);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

export const DEMO_PASSWORD = 'negayno-demo';
export const DEMO = {
  admin: 'admin@demo.test',
  user: 'user@demo.test',
  guest: 'guest@demo.test',
  am: 'am@demo.test',
  pm: 'pm@demo.test',
  sm: 'sm@demo.test',
  performer: 'performer@demo.test',
  /** The demo's operator (issue 31): a staff account with the operator flag. */
  ops: 'ops@demo.test',
} as const;

import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { E2E_PORT } from './env';

interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}

/** Written by start-server.mjs, which runs the catcher beside the server. */
function readerUrl(): string {
  const file = join(tmpdir(), `negayno-e2e-${E2E_PORT}-mail.json`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { readerUrl: string }).readerUrl;
}

async function mailsTo(email: string): Promise<CaughtMail[]> {
  const response = await fetch(`${readerUrl()}/mails?to=${encodeURIComponent(email)}`);
  return (await response.json()) as CaughtMail[];
}

/** The code of the `nth` mail (1 = the first) sent to an address over SMTP, waiting for it to arrive. */
export async function mailedCode(email: string, nth = 1): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const mail = (await mailsTo(email))[nth - 1];
      code = /^\s+(\d{6})$/m.exec(mail?.text ?? '')?.[1] ?? '';
      return code;
    }, { timeout: 10_000 })
    .toMatch(/^\d{6}$/);
  return code;
}

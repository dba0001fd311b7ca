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

/** The shared end-to-end server's catcher: start-server.mjs runs it beside the server and writes where. */
function sharedReaderUrl(): string {
  const file = join(tmpdir(), `negayno-e2e-${E2E_PORT}-mail.json`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { readerUrl: string }).readerUrl;
}

async function mailsTo(email: string, readerUrl: string): Promise<CaughtMail[]> {
  const response = await fetch(`${readerUrl}/mails?to=${encodeURIComponent(email)}`);
  return (await response.json()) as CaughtMail[];
}

/**
 * The `nth` mail (1 = the first) sent to an address over SMTP, waiting for it to arrive; from the
 * shared server's catcher unless a spec's own catcher is named.
 */
export async function mailTo(email: string, nth = 1, readerUrl = sharedReaderUrl()): Promise<CaughtMail> {
  let mail: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        mail = (await mailsTo(email, readerUrl))[nth - 1];
        return mail !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return mail!;
}

/** The confirmation code of the `nth` mail to an address (see mailTo). */
export async function mailedCode(email: string, nth = 1, readerUrl?: string): Promise<string> {
  const mail = await mailTo(email, nth, readerUrl);
  const code = /^\s+(\d{6})$/m.exec(mail.text)?.[1] ?? '';
  expect(code, mail.text).toMatch(/^\d{6}$/);
  return code;
}

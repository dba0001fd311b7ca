import { rmSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { startMailCatcher, type MailCatcher } from '../support/mail-catcher.mjs';
import { mailTo, mailedCode } from '../support/mail';
import { newDataDir, runAdmin, startServer, type OwnServer } from '../support/server.mjs';

/**
 * A confirmation code that truly outlives its lifetime, in the browser. Nothing is faked: a server of
 * its own runs with the operator's EMAIL_CODE_TTL_SECONDS set to 15 seconds (README, Configuration),
 * and the spec waits for real time to pass. The same server takes a code typed in time, so the refusal
 * is the lifetime's doing.
 */
const TTL_SECONDS = 15;
const INVITATION = 'E2E-EXPIRY';

let server: OwnServer | undefined;
let mail: MailCatcher | undefined;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  mail = await startMailCatcher();
  const dataDir = newDataDir();
  try {
    runAdmin(dataDir, ['issue-invitation', '--kind', 'client', '--unlimited', '--code', INVITATION, '--note', 'end-to-end code expiry']);
  } catch (error) {
    // Once the server starts, its stop() removes the directory; before that it is ours to remove.
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  server = await startServer({ NEGAYNO_SEED_DEMO: '0', SMTP_URL: mail.smtpUrl, EMAIL_CODE_TTL_SECONDS: String(TTL_SECONDS) }, { dataDir });
});

test.afterAll(async () => {
  await server?.stop();
  await mail?.close();
});

const unique = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;

/** Opens the registration and sends a code to a fresh address; answers the address once the code screen shows. */
async function codeSent(page: Page): Promise<string> {
  const email = unique('expiry');
  await page.goto(`${server!.url}/register`);
  await page.getByTestId('field-invitationCode').fill(INVITATION);
  await page.getByTestId('flow-submit').click();
  await page.getByTestId('field-email').fill(email);
  await page.getByTestId('flow-submit').click();
  await expect(page.getByTestId('flow-step')).toHaveText('3/6');
  return email;
}

async function typeCode(page: Page, code: string): Promise<void> {
  await page.getByTestId('field-code-0').click();
  await page.keyboard.type(code);
  await page.getByTestId('flow-submit').click();
}

test('a mailed code is taken within its lifetime and refused once the lifetime has passed', async ({ page }) => {
  test.setTimeout(90_000);
  const inTime = await codeSent(page);
  await typeCode(page, await mailedCode(inTime, 1, mail!.readerUrl));
  await expect(page.getByTestId('flow-step')).toHaveText('4/6');

  const late = await codeSent(page);
  // The server answered the email step before the code screen showed: the code dies by then + TTL.
  const sentBy = Date.now();
  const code = await mailedCode(late, 1, mail!.readerUrl);
  expect((await mailTo(late, 1, mail!.readerUrl)).text).toContain(`Код діє ${TTL_SECONDS} секунд.`);
  await page.waitForTimeout(Math.max(0, sentBy + TTL_SECONDS * 1000 + 500 - Date.now()));
  await typeCode(page, code);
  await expect(page.getByText('Термін дії коду минув. Надішліть новий')).toBeVisible();
  await expect(page.getByTestId('flow-step')).toHaveText('3/6');
});

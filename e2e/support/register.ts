import { expect, type APIRequestContext } from '@playwright/test';
import { mailedCode } from './mail';

/** A unique address for an account a spec registers. */
export const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;

/**
 * A client registered through the API (the SMTP mail read like the browser user would), then signed
 * out. A spec with a server of its own names its mail catcher's reader and its server's address.
 */
export async function registerByApi(
  request: APIRequestContext,
  email: string,
  password: string,
  invitation = 'DEMO-CLIENT',
  own: { readerUrl?: string; baseUrl?: string } = {},
): Promise<void> {
  const base = own.baseUrl ?? '';
  const step = async (name: string, data: Record<string, string>) => {
    const response = await request.post(`${base}/api/registration/${name}`, { data });
    expect(response.ok(), `${name}: ${await response.text()}`).toBe(true);
  };
  await step('check-invitation-code', { code: invitation });
  await step('email', { email });
  await step('check-email', { code: await mailedCode(email, 1, own.readerUrl) });
  await step('country', { country: 'UA' });
  await step('fullname', { firstname: 'Тест', lastname: 'Користувач' });
  await step('password', { password });
  await request.get(`${base}/api/logout`);
}

import { expect as baseExpect, test } from '@playwright/test';
import { DEMO } from '../support/env';
import { signInByApi } from '../support/session';
import { api } from '../support/api';

/**
 * Find anything (issue 38) in a real browser, by keyboard alone: Ctrl+K opens the palette, the typed
 * word finds a chat message older than the chat's first page, Enter opens the task's drawer on that
 * chat scrolled to the message, which is focused. The technical chat's message is not offered to a client.
 */
const expect = baseExpect.configure({ timeout: 30_000 });

test('a message is found and opened from the palette by keyboard alone; a client never finds the technical chat', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const word = `Зебра${Math.floor(Math.random() * 1e6)}`;
  const amContext = await browser.newContext();
  const am = await amContext.newPage();
  await signInByApi(am, DEMO.am);
  await signInByApi(page, DEMO.admin);

  // A task in discussion with both chats; the message sought is followed by a page's worth of others.
  const projects = await api<Array<{ id: number; name: string }>>(page.request, 'get', '/projects');
  const projectId = projects.find((project) => project.name === 'Інтернет-магазин')!.id;
  const task = await api<{ id: number }>(page.request, 'post', `/project/${projectId}/new-task`, { name: `Пошук ${word}` });
  await api(page.request, 'post', `/task/${task.id}/action/publish`, { negayno: false });
  await api(am.request, 'post', `/task/${task.id}/action/to-discussion`, {});
  const chats = (await api<{ chats: Array<{ id: number; key: 'main' | 'work' }> }>(am.request, 'get', `/task/${task.id}/chats`)).chats;
  const main = chats.find((chat) => chat.key === 'main')!.id;
  const work = chats.find((chat) => chat.key === 'work')!.id;
  const sought = await api<{ id: number }>(am.request, 'post', `/chat/${main}/new-message`, {
    message: `Клієнте, оплата за ${word.toLowerCase()} пройшла. Дякуємо!`,
  });
  await api(am.request, 'post', `/chat/${work}/new-message`, { message: `Технічне: ${word} кешується` });
  for (let i = 0; i < 55; i += 1) await api(am.request, 'post', `/chat/${main}/new-message`, { message: `Повідомлення ${i}` });
  await amContext.close();

  await page.goto('/');
  await expect(page.getByTestId('search-open')).toBeVisible();
  await page.keyboard.press('Control+k');
  const palette = page.getByTestId('search-palette');
  await expect(palette.getByTestId('search-input')).toBeFocused();
  // The start of the word, in lower case: a word start finds it.
  await page.keyboard.type(word.slice(0, -2).toLowerCase());

  const messages = palette.getByTestId('search-group-messages');
  await expect(messages.getByTestId('search-option')).toHaveCount(1);
  await expect(messages.getByTestId('search-option').locator('mark')).toHaveText(word.toLowerCase());
  // The client's admin is offered the main chat's message only: the technical chat's is not among the results.
  await expect(palette.getByText('кешується')).toHaveCount(0);

  // Down through the results until the message is the active one, then Enter.
  const options = palette.getByTestId('search-option');
  const count = await options.count();
  for (let i = 0; i < count; i += 1) {
    if ((await messages.getByTestId('search-option').getAttribute('aria-selected')) === 'true') break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(messages.getByTestId('search-option')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');

  await expect(palette).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/task/${task.id}\\?.*message=${sought.id}`));
  const target = page.locator(`[data-testid="chat-view"] [data-message-id="${sought.id}"]`).first();
  await expect(target).toBeInViewport({ timeout: 45_000 });
  await expect(target).toBeFocused();

  // Again, from the drawer: the palette remembers the search.
  await page.keyboard.press('Control+k');
  await expect(palette.getByTestId('search-group-recentSearches')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toHaveCount(0);
});

// Long names for the screens (issue 16), shared by the screens spec and the screenshot tool.

/** 60 Cyrillic letters without a space: names a screen must wrap or cut, never spill. */
export const LONG_WORD = 'Найдовшабезпробільнаназвапроєктуабозадачідляперевіркиверстки';

/**
 * Makes every name the server answers long (`name` and `lastname` fields of GET answers get LONG_WORD
 * appended), so each screen is seen with the worst names people type.
 */
export async function lengthenNames(page) {
  await page.route('**/api/**', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('application/json')) return route.fulfill({ response });
    return route.fulfill({ response, json: lengthen(await response.json()) });
  });
}

function lengthen(value) {
  if (Array.isArray(value)) return value.map(lengthen);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      (key === 'name' || key === 'lastname') && typeof field === 'string' ? field + LONG_WORD : lengthen(field),
    ]),
  );
}

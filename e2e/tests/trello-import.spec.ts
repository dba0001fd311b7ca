import { expect, test } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { registerByApi, uniqueEmail } from '../support/register';
import { signInByApi } from '../support/session';

/** The server tests' realistic Trello export: five lists, archived cards, checklists, comments, a script. */
const FIXTURE = fileURLToPath(new URL('../../server/src/modules/portability/import/fixtures/trello-board.json', import.meta.url));
const PASSWORD = 'trello-import-e2e';

test.describe('issue 37: importing a Trello board', () => {
  test('a newly registered client imports a Trello export through the preview and sees its cards on the board', async ({ page }) => {
    const email = uniqueEmail('trello-import');
    await registerByApi(page.request, email, PASSWORD);
    await signInByApi(page, email, PASSWORD);
    await page.goto('/');

    // From the new project's dialog, by keyboard.
    await page.getByTestId('no-projects').getByTestId('create-project').click();
    await page.getByTestId('create-project-import').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('import-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('import-choose')).toBeFocused();

    // The preview says what maps to what: per list, the archived cards left out, what is not carried;
    // every card becomes a draft in column 1, said once below the table.
    await dialog.getByTestId('import-file').setInputFiles(FIXTURE);
    await expect(dialog.getByTestId('import-source')).toHaveText('Дошка Trello «Coffee shop website»');
    const rows = dialog.getByTestId('import-list');
    await expect(rows).toHaveCount(5);
    await expect(rows.nth(0)).toContainText('Backlog');
    await expect(rows.nth(4)).toContainText('Old ideas (архівний)');
    await expect(dialog.getByTestId('import-summary')).toHaveText('Буде створено задач: 8. Усі — чернетки в колонці 1.');
    await expect(dialog.getByTestId('import-dropped')).toContainText('архівні картки: 3');
    await expect(dialog.getByTestId('import-carried')).toContainText('коментарі: 3');
    await expect(dialog.getByTestId('import-name')).toHaveValue('Coffee shop website');

    // Archived cards asked for: the preview is read again.
    await dialog.getByTestId('import-archived').click();
    await expect(dialog.getByTestId('import-summary')).toHaveText('Буде створено задач: 11. Усі — чернетки в колонці 1.');
    await dialog.getByTestId('import-archived').click();
    await expect(dialog.getByTestId('import-summary')).toHaveText('Буде створено задач: 8. Усі — чернетки в колонці 1.');

    await dialog.getByTestId('import-name').fill('Кавʼярня з Trello');
    await dialog.getByTestId('import-confirm').click();
    await expect(page).toHaveURL(/\/project\/\d+$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('project-name-input')).toHaveValue('Кавʼярня з Trello');
    const column = page.getByTestId('column-1');
    await expect(column.getByTestId('task-card')).toHaveCount(8);
    await expect(column.getByTestId('column-count')).toHaveText('8');
    await expect(column.getByText('Logo for the coffee shop')).toBeVisible();
    await expect(column.getByText('Opening hours <b>block</b>')).toBeVisible();

    // A card's description holds its Trello list, checklist and comments; the script never ran.
    let dialogs = 0;
    page.on('dialog', (alert) => {
      dialogs += 1;
      void alert.dismiss();
    });
    await column.getByText('Opening hours <b>block</b>').click();
    const drawer = page.getByTestId('task-drawer');
    await expect(drawer).toBeVisible();
    // In the editor, once it has loaded: until then a preview shows the same text, and for a moment both do.
    await expect(drawer.getByTestId('description-editor-host')).toHaveAttribute('data-ready', 'true');
    await expect(drawer.getByText('Список Trello: To do · мітки: yellow')).toBeVisible();
    await expect(drawer.getByText('weekends are 9:00–18:00', { exact: false })).toBeVisible();
    expect(dialogs).toBe(0);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // Into the existing project from its menu (its administrator): the same preview, the board grows.
    await page.getByTestId('project-menu-button').click();
    await page.getByTestId('menu-import').click();
    const again = page.getByTestId('import-dialog');
    await expect(again).toContainText('До проєкту «Кавʼярня з Trello»');
    await again.getByTestId('import-file').setInputFiles(FIXTURE);
    await expect(again.getByTestId('import-summary')).toHaveText('Буде створено задач: 8. Усі — чернетки в колонці 1.');
    await expect(again.getByTestId('import-name')).toHaveCount(0);
    await again.getByTestId('import-confirm').click();
    await expect(again).toBeHidden();
    // The column draws only the cards in view: its counter counts them all.
    await expect(column.getByTestId('column-count')).toHaveText('16');
  });
});

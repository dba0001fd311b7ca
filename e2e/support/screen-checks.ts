/**
 * The checks every screen must pass (issue 16): nothing overflows sideways, and axe-core finds no
 * serious or critical WCAG 2 A/AA violation.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export { lengthenNames } from './long-names.mjs';

/**
 * Elements whose content is wider than their own box and not scrolled or clipped on purpose (a
 * letter-per-line column, a badge's text out of its pill), and the page scrolling sideways.
 */
export async function horizontalOverflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) found.push(`the page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`);
    const describe = (element: Element) => {
      const id = element.getAttribute('data-testid');
      const classes = [...element.classList].filter((name) => name.startsWith('fui-')).join('.');
      return `${element.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''}${classes ? `.${classes}` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    };
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      if (element.clientWidth === 0 || element.getClientRects().length === 0) continue;
      const style = getComputedStyle(element);
      if (style.overflowX !== 'visible' || style.display === 'inline' || style.visibility === 'hidden') continue;
      if (element.scrollWidth > element.clientWidth + 1) found.push(`${describe(element)}: content ${element.scrollWidth}px in ${element.clientWidth}px`);
    }
    return found;
  });
}

/** Serious and critical WCAG 2 A/AA violations axe-core finds on the page as it is now. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Tabster's focus sentinels (Fluent's focus management) are focusable and aria-hidden on purpose:
  // they pass focus on the moment they get it (a known false positive, microsoft/tabster#288).
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).exclude('[data-tabster-dummy]').analyze();
  return (
    results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      // The element's markup and axe's reason name the culprit; a hashed Griffel class alone does not.
      .map(
        (violation) =>
          `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)} ${node.failureSummary ?? ''}`).join(', ')}`,
      )
  );
}

/** Both checks, named by the screen, theme and width they ran on. */
export async function expectCleanScreen(page: Page, screen: string): Promise<void> {
  // A drawer still sliding in overflows and blends colours on purpose: check the settled screen.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  const where = `${screen} at ${page.viewportSize()?.width ?? '?'} px`;
  // Soft: one run names every faulty screen, not only the first.
  expect.soft(await horizontalOverflows(page), `horizontal overflow on ${where}`).toEqual([]);
  expect.soft(await seriousViolations(page), `axe violations on ${where}`).toEqual([]);
}

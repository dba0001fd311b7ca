/**
 * A small page the server writes itself, with no app bundle (the test checkout, the email unsubscribe
 * confirmation): system colours, so it follows the reader's light or dark theme, and one centred card.
 * The CSP allows inline style, not inline script.
 */
import type { Language } from '@negayno/shared/contract';

const STYLE = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
main { width: min(360px, calc(100vw - 32px)); padding: 24px; border: 1px solid GrayText; border-radius: 8px; box-sizing: border-box; }
h1 { font-size: 20px; margin: 0 0 16px; }
`;

/** `title` is text; `body` is HTML the caller escaped; `style` adds rules of the page's own. */
export function plainPage(language: Language, title: string, body: string, style = ''): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>${STYLE}${style}</style></head><body>${body}</body></html>`;
}

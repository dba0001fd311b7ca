/**
 * The HTML sanitiser of spec section 5 for descriptions and system messages. The server applies
 * the same rules before storing; the browser applies them again before showing.
 */
import DOMPurify from 'dompurify';

export const ALLOWED_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'span',
  'strong',
  'em',
  'u',
  'ol',
  'ul',
  'li',
  'a',
  'code',
  'pre',
  'b',
  'i',
  'blockquote',
  'kbd',
  'samp',
  'img',
  'svg',
];
/** `src`/`alt` serve images; `class` carries only the editor's indent levels 1 to 8. */
export const ALLOWED_ATTR = ['style', 'href', 'target', 'rel', 'src', 'alt', 'class'];

const SAFE_LINK = /^(?:https?:|mailto:|tel:|\/|\.{0,2}\/|#|[^:]*$)/i;
const SAFE_IMAGE = /^(?:https?:|data:image\/(?:png|jpe?g|gif|webp);base64,)/i;
const INDENT_CLASS = /^ql-indent-[1-8]$/;

let hooked = false;

function installHooks(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('uponSanitizeAttribute', (node, data) => {
    const value = data.attrValue.trim();
    if (data.attrName === 'href' && !SAFE_LINK.test(value)) data.keepAttr = false;
    if (data.attrName === 'src' && (node.nodeName !== 'IMG' || !SAFE_IMAGE.test(value))) data.keepAttr = false;
    if (data.attrName === 'class')
      data.attrValue = value
        .split(/\s+/)
        .filter((name) => INDENT_CLASS.test(name))
        .join(' ');
  });
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    // A link that opens a new tab must not hand the opener to the page it opens.
    if (node.nodeName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
  });
}

export function sanitizeHtml(html: string): string {
  installHooks();
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false, ALLOW_ARIA_ATTR: false });
}

/** '<p><br></p>' and whitespace-only markup count as empty (spec 4). */
export function isEmptyHtml(html: string): boolean {
  return (
    html
      .replace(/<p><br\s*\/?><\/p>/gi, '')
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() === '' && !/<img\b/i.test(html)
  );
}

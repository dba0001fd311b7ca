/**
 * The browser's sanitiser of spec 5 for descriptions and system messages: DOMPurify with the rules of
 * `contract/html.ts`. The server applies the same rules before storing (its copy is the one that
 * counts); the browser applies them again before showing and before sending.
 */
import { HTML_ALLOWED_ATTR, HTML_ALLOWED_TAGS, htmlAttributeVerdict } from '@negayno/shared/contract';
import DOMPurify from 'dompurify';

export { isEmptyHtml } from '@negayno/shared/contract';

let hooked = false;

function installHooks(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('uponSanitizeAttribute', (node, data) => {
    const verdict = htmlAttributeVerdict(node.nodeName, data.attrName, data.attrValue);
    if (verdict.keep) data.attrValue = verdict.value;
    else data.keepAttr = false;
  });
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    // A link that opens a new tab must not hand the opener to the page it opens.
    if (node.nodeName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
  });
}

export function sanitizeHtml(html: string): string {
  installHooks();
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: HTML_ALLOWED_TAGS, ALLOWED_ATTR: HTML_ALLOWED_ATTR, ALLOW_DATA_ATTR: false, ALLOW_ARIA_ATTR: false });
}

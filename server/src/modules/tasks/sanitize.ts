/**
 * The server's sanitiser of description HTML: DOMPurify on a jsdom window with the rules of
 * `contract/html.ts`, the same allow-list as the browser's. This is the copy that counts: whatever a
 * client sends, only what passes here is stored.
 */
import { HTML_ALLOWED_ATTR, HTML_ALLOWED_TAGS, htmlAttributeVerdict, isEmptyHtml } from '@negayno/shared/contract';
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';

let purifier: DOMPurify | null = null;

/** One jsdom window for the process: made on first use (it costs ~100 ms), reused after. */
function purifierOf(): DOMPurify {
  if (purifier) return purifier;
  const made = createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
  made.addHook('uponSanitizeAttribute', (node, data) => {
    const verdict = htmlAttributeVerdict(node.nodeName, data.attrName, data.attrValue);
    if (verdict.keep) data.attrValue = verdict.value;
    else data.keepAttr = false;
  });
  made.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
  });
  purifier = made;
  return made;
}

/** Clean description HTML; an empty editor ('<p><br></p>', whitespace) is stored as ''. */
export function sanitizeDescription(html: string): string {
  const clean = purifierOf().sanitize(html, {
    ALLOWED_TAGS: HTML_ALLOWED_TAGS,
    ALLOWED_ATTR: HTML_ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
  return isEmptyHtml(clean) ? '' : clean;
}

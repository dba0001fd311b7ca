/**
 * The description HTML rules of spec 5, one copy for both sanitisers: DOMPurify in the browser
 * (`lib/sanitize.ts`) and DOMPurify on jsdom in the server (`tasks/sanitize.ts`), the copy that counts.
 * Pure data and one decision function, so the contract stays free of DOM code.
 */
export const HTML_ALLOWED_TAGS = [
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
  's',
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
/**
 * `src`/`alt` serve images; `class` carries only the editor's indent levels 1 to 8 and its list kind;
 * `data-list` is how Quill 2 marks a bullet or an ordered item inside one `<ol>`.
 */
export const HTML_ALLOWED_ATTR = ['style', 'href', 'target', 'rel', 'src', 'alt', 'class', 'data-list'];

const SAFE_LINK = /^(?:https?:|mailto:|tel:|\/|\.{0,2}\/|#|[^:]*$)/i;
/** Editor images: http, https and png/jpeg data (the editor's image drop takes png and jpeg only). */
const SAFE_IMAGE = /^(?:https?:|data:image\/(?:png|jpe?g);base64,)/i;
const INDENT_CLASS = /^ql-indent-[1-8]$/;
const LIST_KINDS = new Set(['bullet', 'ordered']);
/** Styles may carry colours and alignment only: no url(), no expression(), no positioning. */
const SAFE_STYLE = /^(?:\s*(?:color|background-color|text-align)\s*:\s*[#\w\s(),.%-]+;?\s*)*$/i;

/** What to do with one attribute: drop it, or keep it with this (possibly cleaned) value. */
export function htmlAttributeVerdict(nodeName: string, name: string, rawValue: string): { keep: false } | { keep: true; value: string } {
  const value = rawValue.trim();
  switch (name) {
    case 'href':
      return SAFE_LINK.test(value) && !/\p{Cc}/u.test(value) ? { keep: true, value } : { keep: false };
    case 'src':
      return nodeName.toUpperCase() === 'IMG' && SAFE_IMAGE.test(value) ? { keep: true, value } : { keep: false };
    case 'class': {
      const kept = value
        .split(/\s+/)
        .filter((cls) => INDENT_CLASS.test(cls))
        .join(' ');
      return kept ? { keep: true, value: kept } : { keep: false };
    }
    case 'data-list':
      return LIST_KINDS.has(value) ? { keep: true, value } : { keep: false };
    case 'style':
      return SAFE_STYLE.test(value) && !/url\s*\(|expression\s*\(/i.test(value) ? { keep: true, value } : { keep: false };
    case 'target':
      return value === '_blank' ? { keep: true, value } : { keep: false };
    default:
      return { keep: true, value };
  }
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

/** Text as HTML text: what a person typed is only ever text inside the HTML the product writes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

/**
 * Chat message text to HTML (spec 5 "links"): linkify-it finds http, https, ftp, mailto, fuzzy hosts
 * and emails; only http and https open (in a new tab), every other link points to '#'; runs of 10 to
 * 15 digits (an optional leading '+') become tel links. Everything else is escaped text, and the
 * result goes through the spec's DOMPurify rules, so a message can never carry markup of its own.
 */
import { LinkifyIt } from 'linkify-it';
import { escapeHtml } from '@negayno/shared/contract';
import { sanitizeHtml } from './sanitize.js';

// Version 6 finds only links with a scheme unless told: the spec wants fuzzy hosts and emails too.
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true });
const PHONE = /(?<![\d+])\+?\d{10,15}(?!\d)/g;
const OPENS = /^https?:\/\//i;

/** Plain text with phone numbers as tel links. */
function phonesToHtml(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(PHONE)) {
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="tel:${match[0]}">${escapeHtml(match[0])}</a>`;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

function linkHtml(url: string, shown: string): string {
  return OPENS.test(url)
    ? `<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">${escapeHtml(shown)}</a>`
    : `<a href="#">${escapeHtml(shown)}</a>`;
}

/** The HTML of a person's message, safe to put in the page as is. */
export function messageToHtml(text: string): string {
  let html = '';
  let last = 0;
  for (const match of linkify.match(text) ?? []) {
    html += phonesToHtml(text.slice(last, match.index));
    html += linkHtml(match.url, match.text);
    last = match.lastIndex;
  }
  html += phonesToHtml(text.slice(last));
  // Escaped text holds no '<': only the links made above are markup, and only then is DOMPurify worth
  // its cost (it parses every call into a document: a page of 50 plain messages spent most of a frame).
  return html.includes('<') ? sanitizeHtml(html) : html;
}

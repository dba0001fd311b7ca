/**
 * Chat message text to HTML (spec 5 "links"): linkify-it finds http, https, ftp, mailto, fuzzy hosts
 * and emails; only http and https open (in a new tab), every other link points to '#'; runs of 10 to
 * 15 digits (an optional leading '+') become tel links. Everything else is escaped text, and the
 * result goes through the spec's DOMPurify rules, so a message can never carry markup of its own.
 * A description's read-only view links its typed addresses the same way (`descriptionToHtml`).
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

/** Text to HTML with its links made: `between` writes the text around them. */
function linksToHtml(text: string, between: (plain: string) => string, only = (_url: string) => true): string {
  let html = '';
  let last = 0;
  for (const match of linkify.match(text) ?? []) {
    if (!only(match.url)) continue;
    html += between(text.slice(last, match.index));
    html += linkHtml(match.url, match.text);
    last = match.lastIndex;
  }
  return html + between(text.slice(last));
}

/** The HTML of a person's message, safe to put in the page as is. */
export function messageToHtml(text: string): string {
  const html = linksToHtml(text, phonesToHtml);
  // Escaped text holds no '<': only the links made above are markup, and only then is DOMPurify worth
  // its cost (it parses every call into a document: a page of 50 plain messages spent most of a frame).
  return html.includes('<') ? sanitizeHtml(html) : html;
}

/**
 * A description's HTML for reading (issue 33): sanitised, with the http and https addresses typed as
 * text made links as in the chat, and every such link opening a new tab without its opener. Text
 * inside a link stays as it is; nothing else of the markup changes.
 */
export function descriptionToHtml(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = sanitizeHtml(html);
  const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (!node.parentElement?.closest('a')) texts.push(node as Text);
  for (const node of texts) {
    const linked = linksToHtml(node.data, escapeHtml, (url) => OPENS.test(url));
    if (!linked.includes('<')) continue;
    const holder = document.createElement('template');
    holder.innerHTML = linked;
    node.replaceWith(holder.content);
  }
  for (const anchor of template.content.querySelectorAll('a[href]')) if (OPENS.test(anchor.getAttribute('href') ?? '')) anchor.setAttribute('target', '_blank');
  return sanitizeHtml(template.innerHTML);
}

/**
 * One imported task's description: the card's Markdown as HTML, then what the card carried besides (its
 * list and labels as a line, checklists as lists, attachments as links, comments as a dated section),
 * cleaned by the tasks' sanitiser like any description a person saves. Whatever the file held, only what
 * passes the sanitiser is stored; a description past LENGTH.description loses its oldest comments first.
 */
import { escapeHtml, LENGTH } from '@negayno/shared/contract';
import { Marked } from 'marked';
import { sanitizeDescription } from '../../tasks/index.js';
import type { ImportWords } from './words.js';

// Trello writes GitHub-flavoured Markdown where a single line break is a break.
const markdown = new Marked({ gfm: true, breaks: true, async: false });

export function markdownToHtml(text: string): string {
  return text.trim() === '' ? '' : (markdown.parse(text, { async: false }) as string);
}

export interface CardContent {
  /** Short facts kept as one line (the Trello list, labels, the due date). */
  facts: string[];
  /** The card's own text, Markdown. */
  markdown: string;
  checklists: Array<{ name: string; items: Array<{ name: string; done: boolean }> }>;
  attachments: Array<{ name: string; url: string; onTrello: boolean }>;
  /** Oldest first. */
  comments: Array<{ author: string; date: Date; markdown: string }>;
}

/** `2026-10-02 08:30` (UTC): the same in either language, and sorted as text. */
function dateText(date: Date): string {
  return date.toISOString().slice(0, 16).replace('T', ' ');
}

function sectionsOf(card: CardContent, words: ImportWords): string[] {
  const parts: string[] = [];
  if (card.facts.length > 0) parts.push(`<p><em>${escapeHtml(card.facts.join(' · '))}</em></p>`);
  parts.push(markdownToHtml(card.markdown));
  for (const checklist of card.checklists) {
    const items = checklist.items.map((item) => `<li>${item.done ? `☑ <s>${escapeHtml(item.name)}</s>` : `☐ ${escapeHtml(item.name)}`}</li>`);
    parts.push(`<h3>${escapeHtml(`${words.checklist}: ${checklist.name}`)}</h3><ul>${items.join('')}</ul>`);
  }
  if (card.attachments.length > 0) {
    const links = card.attachments.map(
      (file) =>
        `<li><a href="${escapeHtml(file.url)}" target="_blank">${escapeHtml(file.name || file.url)}</a>${file.onTrello ? ` (${escapeHtml(words.onTrello)})` : ''}</li>`,
    );
    parts.push(`<h3>${escapeHtml(words.attachments)}</h3><ul>${links.join('')}</ul>`);
  }
  return parts;
}

function commentHtml(comment: CardContent['comments'][number]): string {
  return `<p><strong>${escapeHtml(`${dateText(comment.date)} · ${comment.author}`)}</strong></p>${markdownToHtml(comment.markdown)}`;
}

export function descriptionOf(card: CardContent, words: ImportWords): string {
  const head = sectionsOf(card, words).join('');
  const comments = card.comments.map(commentHtml);
  // The newest comments are kept when not all fit: measured before cleaning, which only shortens.
  let room = LENGTH.description - head.length - 200;
  let kept = 0;
  for (let index = comments.length - 1; index >= 0 && comments[index]!.length <= room; index -= 1) {
    room -= comments[index]!.length;
    kept += 1;
  }
  const leftOut = comments.length - kept;
  const tail =
    comments.length === 0
      ? ''
      : `<h3>${escapeHtml(words.comments)}</h3>${leftOut > 0 ? `<p><em>${escapeHtml(words.commentsLeftOut(leftOut))}</em></p>` : ''}${comments.slice(leftOut).join('')}`;
  return cleanDescription(head + tail, card.markdown);
}

/** Sanitised HTML within LENGTH.description; past it, the beginning of `text` as plain text. */
export function cleanDescription(html: string, text: string): string {
  const clean = sanitizeDescription(html);
  if (clean.length <= LENGTH.description) return clean;
  return sanitizeDescription(`<p>${escapeHtml(text.slice(0, LENGTH.description / 2))}</p>`);
}

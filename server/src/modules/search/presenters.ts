/**
 * The search's answers: a task as the result lists show it, and the snippet of a long text — the
 * sentence around the first matched word, with every word that starts with a typed word marked.
 */
import type { SearchSnippet, SearchTask } from '@negayno/shared/contract';
import type { TaskFields } from './repo.js';

/** Room on either side of the first match, in characters. */
const SNIPPET_RADIUS = 80;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

export function toSearchTask(row: TaskFields): SearchTask {
  return { id: row.taskId, number: row.number, name: row.taskName, status: row.status, projectId: row.projectId, projectName: row.projectName };
}

/** A sanitised description's text: tags become spaces, the few entities the sanitiser writes are decoded. */
export function plainTextOf(html: string): string {
  return (
    html
      // The end of a paragraph or a list item ends a sentence, unless the text already did.
      .replace(/<\/(p|li|h[1-6]|div|blockquote|pre)>|<br\s*\/?>/gi, '\u2029')
      .replace(/<[^>]*>/g, ' ')
      .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => ENTITIES[name]!)
      .replace(/([^.!?:;,\s\u2029])\s*\u2029/g, '$1. ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Where each word that starts with one of `words` stands in `text`, whole words marked. */
export function marksIn(text: string, words: string[]): Array<[number, number]> {
  const lower = text.toLowerCase();
  // A lower case of another length (a rare letter) would shift every offset: no marks then.
  if (lower.length !== text.length) return [];
  const marks: Array<[number, number]> = [];
  let at = 0;
  while (at < lower.length) {
    if (!WORD_CHAR.test(lower[at]!)) {
      at += 1;
      continue;
    }
    let end = at;
    while (end < lower.length && WORD_CHAR.test(lower[end]!)) end += 1;
    const word = lower.slice(at, end);
    if (words.some((typed) => word.startsWith(typed))) marks.push([at, end]);
    at = end;
  }
  return marks;
}

/**
 * The stretch of `text` around its first match: from the start of that sentence (or the radius before
 * it), to the radius after it, cut at spaces, with an ellipsis where text was left out. A typo match
 * has no marked word: the text's start is shown.
 */
export function snippetOf(original: string, words: string[], radius = SNIPPET_RADIUS): SearchSnippet {
  const text = original.replace(/\s+/g, ' ').trim();
  const marks = marksIn(text, words);
  const first = marks[0]?.[0] ?? 0;
  let start = Math.max(0, first - radius);
  const sentence = Math.max(text.lastIndexOf('. ', first - 1), text.lastIndexOf('! ', first - 1), text.lastIndexOf('? ', first - 1));
  const space = text.indexOf(' ', start);
  if (sentence >= 0 && sentence + 2 > start) start = sentence + 2;
  else if (start > 0 && space >= 0 && space < first) start = space + 1;
  let end = Math.min(text.length, Math.max(first, start) + radius * 2);
  if (end < text.length) end = text.lastIndexOf(' ', end) > first ? text.lastIndexOf(' ', end) : end;
  const head = start > 0 ? '…' : '';
  const tail = end < text.length ? '…' : '';
  const shift = head.length - start;
  return {
    text: `${head}${text.slice(start, end)}${tail}`,
    marks: marks.filter(([from, to]) => from >= start && to <= end).map(([from, to]) => [from + shift, to + shift]),
  };
}

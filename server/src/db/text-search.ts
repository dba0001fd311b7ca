/**
 * How a typed text matches a stored one (issue 38, docs/decisions.md "Search"), on either engine: full
 * text search with the `simple` configuration (lower case, no stemming, any language), every typed word
 * a word start (`оплат` finds "оплата" and "оплати"), or else pg_trgm's word similarity for typos
 * ("оплта" finds "оплата"). The expressions are those of the indexes in migrations/0021_search.sql: the
 * planner uses an index only for the very expression it was built on.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from './schema.js';

/** The word similarity from which a typed text counts as a typo of a stored word ("оплта" ~ "оплата" is 0.5). */
export const TYPO_SIMILARITY = 0.5;

/** Set on every connection when it opens (connection.ts): pg_trgm's `%>` reads its threshold from the session. */
export const SESSION_SEARCH_SETTINGS = `SET pg_trgm.word_similarity_threshold = ${TYPO_SIMILARITY}`;

const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 64;
/** Shorter texts have too few trigrams to tell a typo from another word. */
const MIN_TYPO_LENGTH = 4;

export interface TextQuery {
  /** The typed words, lower case, letters and digits only. */
  words: string[];
  /** `оплат:* & рах:*`: every word as a word start. The words hold no tsquery operator. */
  prefixes: string;
  /** The words joined by spaces: what the trigram similarity compares. */
  phrase: string;
  typos: boolean;
  /** Each typed word and the stored words that stand beside it (withTypos): a text matches one of each. */
  terms: string[][];
}

/** The words of a typed text, or null when it holds none (only punctuation, spaces). */
export function textQueryOf(input: string): TextQuery | null {
  const words = (
    input
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  )
    .slice(0, MAX_WORDS)
    .map((word) => word.slice(0, MAX_WORD_LENGTH));
  if (words.length === 0) return null;
  const phrase = words.join(' ');
  // Digits alone (a task number, an amount) have no typos worth looking for.
  const typos = phrase.length >= MIN_TYPO_LENGTH && /\p{L}/u.test(phrase);
  return { words, prefixes: words.map((word) => `${word}:*`).join(' & '), phrase, typos, terms: words.map((word) => [word]) };
}

/** Whether the words stand in the text as word starts (an index of `to_tsvector('simple', text)` answers it). */
export function hasWordStarts(text: RawBuilder<string>, query: TextQuery): RawBuilder<boolean> {
  return sql<boolean>`(to_tsvector('simple', ${text}) @@ to_tsquery('simple', ${query.prefixes}))`;
}

/**
 * Words whose lower case the `simple` configuration writes as they are typed: digits, Latin and Cyrillic
 * lower-case letters (each is a letter or a digit to the word parser on every locale, C included, and
 * lower-cases to itself).
 */
const PLAIN_WORD = /^[0-9a-z\u0430-\u045f\u0491]+$/;

/**
 * A condition every text whose words match `query` meets, hundreds of times cheaper to check than the
 * words themselves (`to_tsvector` parses the whole text, ~10 µs a description; `lower` and `LIKE` a
 * fraction of a µs): its lower case holds, for each typed word, that word or one of the stored words
 * beside it. Checked first (PostgreSQL evaluates the cheaper conditions of a filter first), it spares the
 * parse of most texts a walk down the newest rows reads for a rare word or a typo (a window of 200
 * descriptions: 2.3 → 0.3 ms). It only narrows what `hasWordStarts` finds, and never leaves out one of
 * its matches: a word of the text is its lower-cased token, a piece of the text, so a word that starts
 * with the typed one puts the typed one in the text's lower case, as long as `lower` lower-cases as the
 * word parser does (the same C library call, on a database whose collation is the C library's:
 * `lowerCaseAsWords`; an ICU collation writes "İ" as two characters where the parser writes one) and the
 * typed word is parsed into itself (PLAIN_WORD; other terms add no condition). Null: no condition.
 */
export function holdsWords(text: RawBuilder<string>, query: TextQuery): RawBuilder<boolean> | null {
  const held = query.terms
    .filter((term) => term.every((word) => PLAIN_WORD.test(word)))
    .map((term) =>
      term.length === 1
        ? sql<boolean>`lower(${text}) LIKE ${`%${term[0]!}%`}`
        : sql<boolean>`lower(${text}) LIKE ANY (ARRAY[${sql.join(term.map((word) => `%${word}%`))}]::text[])`,
    );
  return held.length === 0 ? null : sql<boolean>`(${sql.join(held, sql` AND `)})`;
}

/**
 * Whether `lower` lower-cases a text as the word parser does on this database (holdsWords): its default
 * collation is the C library's, not ICU's (PostgreSQL 15 and later say which; asked in vain: no).
 */
export async function lowerCaseAsWords(db: Kysely<Database>): Promise<boolean> {
  try {
    const { rows } = await sql<{ provider: string }>`SELECT datlocprovider AS provider FROM pg_database WHERE datname = current_database()`.execute(db);
    return rows[0]?.provider === 'c';
  } catch {
    return false;
  }
}

/** Word starts, or a typo of the phrase somewhere in the text (a trigram index of `text` answers that part). */
export function matchesText(text: RawBuilder<string>, query: TextQuery): RawBuilder<boolean> {
  if (!query.typos) return hasWordStarts(text, query);
  return sql<boolean>`(${hasWordStarts(text, query)} OR ${text} %> ${query.phrase})`;
}

/**
 * One pass of a search: `words` finds the word starts; `typos` a typo of the phrase by trigrams (people
 * only: the other groups look their typos up as words, `withTypos`). The search asks the second only when
 * the first did not fill its page, and leaves out by id what the first found.
 */
export type MatchPass = 'words' | 'typos';

export function matchesIn(text: RawBuilder<string>, query: TextQuery, pass: MatchPass, prefilter = false): RawBuilder<boolean> {
  if (pass === 'words') {
    const held = prefilter ? holdsWords(text, query) : null;
    return held ? sql<boolean>`(${held} AND ${hasWordStarts(text, query)})` : hasWordStarts(text, query);
  }
  return sql<boolean>`(${text} %> ${query.phrase})`;
}

/** The typed words a typo may hide in: of letters, as long as the words the search keeps (migration 0023). */
export function typoCandidates(query: TextQuery): string[] {
  return query.typos ? query.words.filter((word) => word.length >= MIN_TYPO_LENGTH && word.length <= 32 && /^\p{L}+$/u.test(word)) : [];
}

/**
 * The query again with each typed word's similar stored words beside it (`(оплта:* | оплата | оплати)`);
 * marked in snippets like typed words. Null when no word has one.
 */
export function withTypos(query: TextQuery, similar: ReadonlyMap<string, readonly string[]>): TextQuery | null {
  const found = query.words.flatMap((word) => similar.get(word) ?? []);
  if (found.length === 0) return null;
  const terms = query.words.map((word) => [word, ...(similar.get(word) ?? [])]);
  const prefixes = terms.map(([word, ...others]) => `(${[`${word}:*`, ...others].join(' | ')})`).join(' & ');
  return { words: [...query.words, ...found], prefixes, phrase: query.phrase, typos: false, terms };
}

/** Not one of the ids a words pass found already (none: true). */
export function notAmong(column: string, ids: readonly number[]): RawBuilder<boolean> {
  return ids.length === 0 ? sql<boolean>`true` : sql<boolean>`${sql.ref(column)} NOT IN (${sql.join(ids)})`;
}

/** The expressions the indexes are built on, by what they index. */
export const SEARCHED = {
  taskName: (alias: string) => sql.ref<string>(`${alias}.name`),
  taskDescription: (alias: string) => sql.ref<string>(`${alias}.description`),
  offer: (alias: string) => sql<string>`${sql.ref(`${alias}.name`)} || ' ' || ${sql.ref(`${alias}.description`)}`,
  messageBody: (alias: string) => sql.ref<string>(`${alias}.body`),
} as const;

/** Whether a task's number starts with the typed digits (none typed: false). */
export function numberStarts(alias: string, digits: string | null): RawBuilder<boolean> {
  return digits === null ? sql<boolean>`false` : sql<boolean>`${sql.ref(`${alias}.number`)}::text LIKE ${`${digits}%`}`;
}

/** A task number typed as `12` or `#12`: the digits, or null when the text is not a number. */
export function taskNumberOf(input: string): string | null {
  const match = /^#?(\d{1,9})$/.exec(input.trim());
  return match ? match[1]! : null;
}

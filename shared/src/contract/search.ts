/**
 * "Find anything" (issue 38): `GET /search?q=…` over what the viewer may read — tasks (number, name),
 * task descriptions, offer documents, chat messages and, for staff, people. Without `kind` it answers
 * the first few of every group (the palette's overview); with `kind` one group, 20 a page from `offset`.
 * The answer holds codes (status, chat key, role), so the browser words it in the reader's language.
 */
import { z } from 'zod';
import { endpoint } from './endpoint.js';
import type { PersonRef, UnixSeconds } from './entities.js';
import type { AccountRole, ChatKey, TaskStatus } from './enums.js';
import { LENGTH, MAX_ID } from './limits.js';

export const SEARCH_KINDS = ['tasks', 'descriptions', 'documents', 'messages', 'people'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** One page of a group asked for by `kind`. */
export const SEARCH_PAGE_SIZE = 20;
/** Each group's share of the overview (no `kind`). */
export const SEARCH_OVERVIEW_SIZE = 5;
/** Searches beyond this many results of a group are not paged further: a narrower text is the answer. */
export const SEARCH_MAX_OFFSET = 1000;

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const searchQuery = z.object({
  q: z.preprocess(blankToUndefined, z.string().trim().max(LENGTH.name).optional()).catch(undefined),
  kind: z.preprocess(blankToUndefined, z.enum(SEARCH_KINDS).optional()).catch(undefined),
  /** Only this project (the board's filter). */
  projectId: z.preprocess(blankToUndefined, z.coerce.number().int().positive().max(MAX_ID).optional()).catch(undefined),
  offset: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(SEARCH_MAX_OFFSET).optional()).catch(undefined),
});
export type SearchQuery = z.infer<typeof searchQuery>;

/** A stretch of text with the matched words marked: `[start, end)` offsets into `text`. */
export interface SearchSnippet {
  text: string;
  marks: Array<[number, number]>;
}

export interface SearchTask {
  id: number;
  number: number;
  name: string;
  status: TaskStatus;
  projectId: number;
  projectName: string;
}

export type SearchHit =
  | { kind: 'tasks'; task: SearchTask; name: SearchSnippet }
  | { kind: 'descriptions'; task: SearchTask; snippet: SearchSnippet }
  | { kind: 'documents'; task: SearchTask; documentId: number; snippet: SearchSnippet }
  | {
      kind: 'messages';
      task: SearchTask;
      chatId: number;
      chatKey: ChatKey;
      messageId: number;
      author: PersonRef | null;
      dateCreate: UnixSeconds;
      snippet: SearchSnippet;
    }
  | { kind: 'people'; person: PersonRef & { nickname: string | null; email: string; role: AccountRole; avatarUrl: string | null }; snippet: SearchSnippet };

export interface SearchGroup {
  kind: SearchKind;
  list: SearchHit[];
  hasMore: boolean;
}

export interface SearchAnswer {
  q: string;
  /** The groups the viewer may search, in this order: tasks, descriptions, documents, messages, people. */
  groups: SearchGroup[];
}

/**
 * `GET /search`: only what the viewer may read, grouped; `kind` pages one group by 20. Beside the
 * endpoints table rather than in it, so the first screen's bundle (which holds the table) does not carry
 * its schema: only the palette's chunk and the server use it.
 */
export const searchEndpoint = endpoint('GET', '/search', { query: searchQuery }).answers<SearchAnswer>();

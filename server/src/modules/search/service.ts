/**
 * "Find anything" (issue 38): the viewer's scope is asked of the policy on every call, then each group
 * the scope allows is searched (all of them for the palette's overview, one when `kind` pages it).
 */
import type { SearchAnswer, SearchGroup, SearchHit, SearchKind, SearchQuery } from '@negayno/shared/contract';
import { SEARCH_KINDS, SEARCH_OVERVIEW_SIZE, SEARCH_PAGE_SIZE } from '@negayno/shared/contract/search';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { taskNumberOf, textQueryOf, type TextQuery } from '../../db/text-search.js';
import { toUnix } from '../../lib/time.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { ProjectsService } from '../projects/index.js';
import { kindsOf, searchScopeOf, type SearchScope } from './policy.js';
import { plainTextOf, snippetOf, toSearchTask, marksIn } from './presenters.js';
import { findDescriptions, findMessages, findOffers, findPeople, findTasks, newestMessageId, type Page } from './repo.js';

/**
 * How many of the newest messages a search walks down the key first, computing each one's words (about
 * 20 µs a message): a word in one message of a hundred fills the page there; a rarer one costs the walk
 * (10 ms) and is then found through the index, whose cost follows its matches (25 ms for 120,000).
 */
const KEY_WALK_WINDOW = 500;
const MESSAGE_WINDOW = 20_000;
/**
 * Typos are checked by word similarity on every text whose trigrams the phrase shares, a long text at a
 * time: among the newest 500 messages only, and not in descriptions (the benchmark: 0.1 s for 2,000
 * messages, 0.75 s for 10,000 descriptions). Names, offers and people are short.
 */
const TYPO_MESSAGE_WINDOW = 500;

/**
 * Where a group looks, in turn, until a page is full: messages first among the newest 500 walked down
 * the key (a common word is found in the first few), then among the newest 20,000 and then all through
 * the indexes (a rare word: the cost follows its matches); the other groups at once through the indexes.
 */
function windowsOf(kind: SearchKind, newest: number): Array<{ afterMessageId: number | null; byKey: boolean }> {
  if (kind !== 'messages') return [{ afterMessageId: null, byKey: false }];
  const windows = [KEY_WALK_WINDOW, MESSAGE_WINDOW]
    .filter((size) => newest > size)
    .map((size) => ({ afterMessageId: newest - size, byKey: size === KEY_WALK_WINDOW }));
  return [...windows, { afterMessageId: null, byKey: false }];
}

/** The id of a hit's own row: the group's key the typos pass leaves out. */
function idOfHit(hit: SearchHit): number {
  switch (hit.kind) {
    case 'tasks':
    case 'descriptions':
      return hit.task.id;
    case 'documents':
      return hit.documentId;
    case 'messages':
      return hit.messageId;
    case 'people':
      return hit.person.id;
  }
}

export class SearchService {
  constructor(
    private readonly db: Db,
    private readonly projects: Pick<ProjectsService, 'accessibleProjects'>,
  ) {}

  /** What the viewer may read that matches `q`; a text without a word (or a project they do not see) finds nothing. */
  async find(user: AuthUser, request: SearchQuery): Promise<SearchAnswer> {
    const q = request.q ?? '';
    const text = textQueryOf(q);
    if (!text) return { q, groups: [] };
    const scope = await this.scopeOf(user, request.projectId);
    const kinds = kindsOf(scope).filter((kind) => request.kind === undefined || kind === request.kind);
    const page: Page = request.kind
      ? { limit: SEARCH_PAGE_SIZE, offset: request.offset ?? 0, pass: 'words' }
      : { limit: SEARCH_OVERVIEW_SIZE, offset: 0, pass: 'words' };
    const groups = await Promise.all(kinds.map((kind) => this.group(kind, scope, text, taskNumberOf(q), page)));
    return { q, groups: groups.sort((a, b) => SEARCH_KINDS.indexOf(a.kind) - SEARCH_KINDS.indexOf(b.kind)) };
  }

  private async scopeOf(user: AuthUser, projectId: number | undefined): Promise<SearchScope> {
    const accesses = (await this.projects.accessibleProjects(user)).map((entry) => entry.access);
    const scope = searchScopeOf(
      user,
      accesses.filter((access) => projectId === undefined || access.projectId === projectId),
    );
    // Within one project (the board's filter) people are not what is looked for.
    return projectId === undefined ? scope : { ...scope, people: false };
  }

  /**
   * One group: the word starts, then — on a first page they did not fill — the typos (see TYPO_MESSAGE_WINDOW). Each pass reads
   * through the search's indexes, whatever the planner guesses of a prefix's frequency: the queries order
   * by `id + 0` (no walk down the primary key) and a sequential scan is off (and with it JIT), since either filters row by
   * row and took seconds for a word no message has (the benchmark).
   * Messages are looked for among the newest MESSAGE_WINDOW first, then among all when those did not fill the page.
   */
  private async group(kind: SearchKind, scope: SearchScope, text: TextQuery, number: string | null, page: Page): Promise<SearchGroup> {
    const newest = kind === 'messages' ? await newestMessageId(this.db) : 0;
    return this.db.transaction().execute(async (trx) => {
      // With sequential scans priced out, a plan's cost passes PostgreSQL's JIT threshold and each query
      // spent ~180 ms compiling itself (the benchmark: 146 ms for 8 people); JIT is off for the search.
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      await sql`SET LOCAL jit = off`.execute(trx);
      let hits: SearchHit[] = [];
      for (const window of windowsOf(kind, newest)) {
        hits = await this.hits(trx, kind, scope, text, number, { ...page, ...window });
        if (hits.length > page.limit) break;
      }
      const hasMore = hits.length > page.limit;
      if (!hasMore && page.offset === 0 && text.typos && kind !== 'descriptions') {
        const afterMessageId = kind === 'messages' ? Math.max(0, newest - TYPO_MESSAGE_WINDOW) : null;
        const found = hits.map(idOfHit);
        hits = [...hits, ...(await this.hits(trx, kind, scope, text, number, { limit: page.limit - hits.length, offset: 0, pass: 'typos', afterMessageId, found }))];
      }
      return { kind, list: hits.slice(0, page.limit), hasMore };
    });
  }

  private async hits(db: Db, kind: SearchKind, scope: SearchScope, text: TextQuery, number: string | null, page: Page): Promise<SearchHit[]> {
    const { words } = text;
    switch (kind) {
      case 'tasks':
        return (await findTasks(db, scope, text, number, page)).map((row) => ({
          kind,
          task: toSearchTask(row),
          name: { text: row.taskName, marks: marksIn(row.taskName, words) },
        }));
      case 'descriptions':
        return (await findDescriptions(db, scope, text, page)).map((row) => ({
          kind,
          task: toSearchTask(row),
          snippet: snippetOf(plainTextOf(row.description), words),
        }));
      case 'documents':
        return (await findOffers(db, scope, text, page)).map((row) => ({
          kind,
          task: toSearchTask(row),
          documentId: row.documentId,
          snippet: snippetOf(`${row.documentName}. ${row.documentDescription}`, words),
        }));
      case 'messages':
        return (await findMessages(db, scope, text, page)).map((row) => ({
          kind,
          task: toSearchTask(row),
          chatId: row.chatId,
          chatKey: row.chatKey,
          messageId: row.messageId,
          author: { id: row.authorId, firstname: row.firstname, lastname: row.lastname },
          dateCreate: toUnix(row.createdAt),
          snippet: snippetOf(row.body, words),
        }));
      case 'people':
        return (await findPeople(db, text, page)).map((person) => ({
          kind,
          person,
          snippet: snippetOf(`${person.firstname} ${person.lastname}${person.nickname ? ` @${person.nickname}` : ''} · ${person.email}`, words),
        }));
    }
  }
}

/**
 * "Find anything" (issue 38): the viewer's scope is asked of the policy on every call, then each group
 * the scope allows is searched (all of them for the palette's overview, one when `kind` pages it).
 */
import type { SearchAnswer, SearchGroup, SearchHit, SearchKind, SearchQuery } from '@negayno/shared/contract';
import { SEARCH_KINDS, SEARCH_OVERVIEW_SIZE, SEARCH_PAGE_SIZE } from '@negayno/shared/contract/search';
import { sql } from 'kysely';
import { withSessionSettings, type Db } from '../../db/connection.js';
import { taskNumberOf, textQueryOf, typoCandidates, withTypos, type TextQuery } from '../../db/text-search.js';
import { toUnix } from '../../lib/time.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { ProjectsService } from '../projects/index.js';
import { kindsOf, searchScopeOf, type SearchScope } from './policy.js';
import { plainTextOf, snippetOf, toSearchTask, marksIn } from './presenters.js';
import { SimilarWordsCache } from './similar-words.js';
import { findDescriptions, findMessages, findOffers, findPeople, findTasks, newestIds, similarWords, type Page } from './repo.js';

type Newest = Awaited<ReturnType<typeof newestIds>>;

/**
 * How many of the newest rows a group walks down the key first, computing each one's words (a name in a
 * few µs, a description or a message in about 20): a common word fills the page there at once, which is
 * most of what is searched; a rarer one costs the walk (1–4 ms) and is then found through the indexes,
 * whose cost follows its matches (25 ms for 120,000 messages). Messages look among the newest 20,000
 * through the index before all of them.
 */
const KEY_WALK_WINDOW = 200;
const MESSAGE_WINDOW = 20_000;

type Window = { afterId: number | null; byKey: boolean };

/** Where a group looks, in turn, until a page is full (people: at once, a few short rows). */
function windowsOf(kind: SearchKind, newest: Newest): Window[] {
  const all: Window = { afterId: null, byKey: false };
  const top = kind === 'messages' ? newest.messages : kind === 'documents' ? newest.offers : kind === 'people' ? 0 : newest.tasks;
  const sizes = kind === 'messages' ? [KEY_WALK_WINDOW, MESSAGE_WINDOW] : [KEY_WALK_WINDOW];
  return [...sizes.filter((size) => top > size).map((size) => ({ afterId: top - size, byKey: size === KEY_WALK_WINDOW })), all];
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

/**
 * The planner settings of every search statement. Each pass reads through the search's indexes, whatever
 * the planner guesses of a prefix's frequency, since a sequential scan, which filters row by row, took
 * seconds for a word no message has (the benchmark): it is off. With sequential scans priced out, a plan's
 * cost passes PostgreSQL's JIT and parallel query thresholds: each query spent ~180 ms compiling itself
 * (the benchmark: 146 ms for 8 people), or 5–10 ms starting a worker for a page of six rows. Both are off
 * for the search. A page is a few rows reached by key from the matches, so joins are nested loops in the
 * order the queries are written: guessing a prefix's matches at thousands, the planner hashed every task
 * in the scope (12 ms of a 14 ms query) to join a page of six.
 */
const SEARCH_SETTINGS = {
  enable_seqscan: 'off',
  jit: 'off',
  max_parallel_workers_per_gather: '0',
  enable_hashjoin: 'off',
  enable_mergejoin: 'off',
  join_collapse_limit: '1',
  from_collapse_limit: '1',
} as const;

export class SearchService {
  /** The search's own sessions, opened with SEARCH_SETTINGS (PostgreSQL; null on PGlite). */
  private readonly session: Db | null;
  /** The stored words like a typed word, kept for a short while (similar-words.ts). */
  private readonly similar = new SimilarWordsCache(similarWords);

  constructor(
    private readonly db: Db,
    private readonly projects: Pick<ProjectsService, 'accessibleProjects'>,
  ) {
    this.session = withSessionSettings(db, SEARCH_SETTINGS);
  }

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
    const groups = await this.inSearchSession(async (db) => {
      // The stored words like the typed ones are asked at once, beside the groups' word starts, for the
      // groups whose word starts do not fill their page (most searches for a rare word or a typo).
      const similar = this.similar.of(db, typoCandidates(text));
      // Awaited only by a group whose page the words did not fill: a failure nobody awaits is not unhandled.
      // The session (PGlite: a transaction) stays until the lookup is done: another search may wait for it.
      const settled = similar.catch(() => undefined);
      const newest = await newestIds(db);
      const found = await Promise.all(kinds.map((kind) => this.group(db, kind, scope, text, taskNumberOf(q), page, similar, newest)));
      await settled;
      return found;
    });
    return { q, groups: groups.sort((a, b) => SEARCH_KINDS.indexOf(a.kind) - SEARCH_KINDS.indexOf(b.kind)) };
  }

  /**
   * Runs the search's statements where its planner settings (SEARCH_SETTINGS) hold: on PostgreSQL the
   * connections of a pool of their own, opened with them (no transaction, no statement to set them); on
   * PGlite, one session every caller shares, one transaction that sets them locally for all the groups.
   */
  private inSearchSession<T>(run: (db: Db) => Promise<T>): Promise<T> {
    if (this.session) return run(this.session);
    return this.db.transaction().execute(async (trx) => {
      await sql`SELECT ${sql.join(Object.entries(SEARCH_SETTINGS).map(([name, value]) => sql`set_config(${name}, ${value}, true)`))}`.execute(trx);
      return run(trx);
    });
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
   * One group: the word starts, then — on a first page they did not fill — the typos: for people by
   * trigrams (a few short rows), for the others as words (the stored words like the typed ones, looked up
   * through the same indexes).
   */
  private async group(
    db: Db,
    kind: SearchKind,
    scope: SearchScope,
    text: TextQuery,
    number: string | null,
    page: Page,
    similar: Promise<Map<string, string[]>>,
    newest: Newest,
  ): Promise<SearchGroup> {
    const hits = await this.page(db, kind, scope, text, number, page, newest);
    const hasMore = hits.length > page.limit;
    if (hasMore || page.offset > 0 || !text.typos) return { kind, list: hits.slice(0, page.limit), hasMore };
    const rest: Page = { limit: page.limit - hits.length, offset: 0, pass: 'words', found: hits.map(idOfHit) };
    let more: SearchHit[] = [];
    if (kind === 'people') more = await this.hits(db, kind, scope, text, number, { ...rest, pass: 'typos' });
    else {
      const asTypos = withTypos(text, await similar);
      if (asTypos) more = await this.page(db, kind, scope, asTypos, null, rest, newest);
    }
    return { kind, list: [...hits, ...more].slice(0, page.limit), hasMore: false };
  }

  /** A page of one pass, among the newest first (windowsOf) until it is full; a number's tasks at once. */
  private async page(db: Db, kind: SearchKind, scope: SearchScope, text: TextQuery, number: string | null, page: Page, newest: Newest): Promise<SearchHit[]> {
    let hits: SearchHit[] = [];
    for (const window of number === null ? windowsOf(kind, newest) : [{ afterId: null, byKey: false }]) {
      hits = await this.hits(db, kind, scope, text, number, { ...page, ...window });
      if (hits.length > page.limit) break;
    }
    return hits;
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

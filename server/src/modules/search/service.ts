/**
 * "Find anything" (issue 38): the viewer's scope is asked of the policy on every call, then each group
 * the scope allows is searched (all of them for the palette's overview, one when `kind` pages it): one
 * statement for its word starts, a second for its typos when they did not fill a first page, in the
 * search's own sessions (SEARCH_SETTINGS).
 */
import type { SearchAnswer, SearchGroup, SearchHit, SearchKind, SearchQuery } from '@negayno/shared/contract';
import { SEARCH_KINDS, SEARCH_OVERVIEW_SIZE, SEARCH_PAGE_SIZE } from '@negayno/shared/contract/search';
import { sql } from 'kysely';
import { withSessionSettings, type Db } from '../../db/connection.js';
import { lowerCaseAsWords, taskNumberOf, textQueryOf, typoCandidates, withTypos, type TextQuery } from '../../db/text-search.js';
import { toUnix } from '../../lib/time.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { ProjectsService } from '../projects/index.js';
import { kindsOf, searchScopeOf, type SearchScope } from './policy.js';
import { plainTextOf, snippetOf, toSearchTask, marksIn } from './presenters.js';
import { SimilarWordsCache } from './similar-words.js';
import {
  findGroup,
  findTasks,
  newestIds,
  similarWords,
  type DescriptionFields,
  type MessageFields,
  type OfferFields,
  type GroupPage,
  type Page,
  type Pass,
  type PersonFields,
  type TaskFields,
  type Window,
} from './repo.js';

/**
 * How many of the newest rows a group walks down the key first, computing each one's words (a name in a
 * few µs, a description or a message in about 20, a fraction of that when their lower case does not hold
 * the typed words: holdsWords): a common word fills the page there at once, which is most of what is
 * searched; a rarer one costs the walk and is then found through the indexes, whose cost follows its
 * matches (25 ms for 120,000 messages). Messages look among the newest 20,000 through the index before all
 * of them. People are a few short rows, read at once.
 */
const KEY_WALK_WINDOW = 200;
const MESSAGE_WINDOW = 20_000;
/** How long the newest ids (the windows' bounds) are used again: any bound finds the same rows (windowsOf). */
const NEWEST_TTL_MS = 1000;

type Newest = Awaited<ReturnType<typeof newestIds>>;

/**
 * Where a group looks, in turn, until a page is full (people: at once, a few short rows): the windows of
 * one statement (repo.ts `windowed`). Each window holds every row above its bound, and the statement
 * reads them newest first as a whole, so the rows found do not depend on the bounds, only what reading
 * them costs: newest ids a second old (a few rows more to walk) serve as well as the current ones.
 */
function windowsOf(kind: SearchKind, newest: Newest): Window[] {
  if (kind === 'people') return [];
  const all: Window = { afterId: null, byKey: false };
  const top = kind === 'messages' ? newest.messages : kind === 'documents' ? newest.offers : newest.tasks;
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
  /** Whether the database lower-cases texts as the word parser does (asked once: holdsWords in db/text-search.ts). */
  private lowerCase: Promise<boolean> | null = null;
  private newest: { at: number; ids: Promise<Newest> } | null = null;
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
    this.lowerCase ??= lowerCaseAsWords(this.session ?? this.db);
    const prefilter = await this.lowerCase;
    const page: Page = request.kind
      ? { limit: SEARCH_PAGE_SIZE, offset: request.offset ?? 0, pass: 'words', prefilter }
      : { limit: SEARCH_OVERVIEW_SIZE, offset: 0, pass: 'words', prefilter };
    const number = taskNumberOf(q);
    const groups = await this.inSearchSession(async (db) => {
      // The stored words like the typed ones are asked at once (mostly kept from an earlier search:
      // similar-words.ts), beside the groups' word starts, for the groups whose word starts do not fill
      // their page (most searches for a rare word or a typo).
      const similar = this.similar.of(db, page.offset === 0 ? typoCandidates(text) : []);
      // Awaited only by a group whose page the words did not fill: a failure nobody awaits is not unhandled.
      // The session (PGlite: a transaction) stays until the lookup is done: another search may wait for it.
      const settled = similar.catch(() => undefined);
      const newest = await this.newestIds(db);
      const found = await Promise.all(kinds.map((kind) => this.group(db, kind, scope, text, number, page, similar, windowsOf(kind, newest))));
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

  /** The newest ids, asked at most once a NEWEST_TTL_MS (windowsOf: the bounds do not change what is found). */
  private newestIds(db: Db): Promise<Newest> {
    const now = Date.now();
    if (!this.newest || now - this.newest.at >= NEWEST_TTL_MS) {
      const newest = { at: now, ids: newestIds(db) };
      newest.ids.catch(() => {
        if (this.newest === newest) this.newest = null;
      });
      this.newest = newest;
    }
    return this.newest.ids;
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
   * One group, in one statement: the word starts, then — on a first page they did not fill — the typos:
   * for people by trigrams (a few short rows), for the others as words (the stored words like the typed
   * ones, looked up through the same indexes). A typed number's tasks are a statement of their own.
   */
  private async group(
    db: Db,
    kind: SearchKind,
    scope: SearchScope,
    text: TextQuery,
    number: string | null,
    page: Page,
    similar: Promise<Map<string, string[]>>,
    windows: Window[],
  ): Promise<SearchGroup> {
    const { limit, offset } = page;
    if (kind === 'tasks' && number !== null) {
      const hits = (await findTasks(db, scope, text, number, page)).map((row) => hitOf(kind, row, text.words));
      return { kind, list: hits.slice(0, limit), hasMore: hits.length > limit };
    }
    const group: GroupPage = { limit, offset, windows, prefilter: page.prefilter ?? false };
    const hits = (await findGroup<HitRow>(db, kind, scope, { text, pass: 'words' }, group)).map((row) => hitOf(kind, row, text.words));
    const hasMore = hits.length > limit;
    if (hasMore || offset > 0 || !text.typos) return { kind, list: hits.slice(0, limit), hasMore };
    const rest: GroupPage = { ...group, limit: limit - hits.length, found: hits.map(idOfHit) };
    let typos: Pass | null = { text, pass: 'typos' };
    if (kind !== 'people') {
      const asTypos = withTypos(text, await similar);
      typos = asTypos ? { text: asTypos, pass: 'words' } : null;
    }
    const more = typos ? (await findGroup<HitRow>(db, kind, scope, typos, rest)).map((row) => hitOf(kind, row, typos.text.words)) : [];
    return { kind, list: [...hits, ...more].slice(0, limit), hasMore: false };
  }
}

/** The columns of any group's row (each kind reads its own). */
type HitRow = TaskFields & Partial<DescriptionFields & OfferFields & MessageFields & PersonFields>;

/** A row as the group's hit: marks and snippets for the words it was matched by. */
function hitOf(kind: SearchKind, row: HitRow, words: string[]): SearchHit {
  switch (kind) {
    case 'tasks':
      return { kind, task: toSearchTask(row), name: { text: row.taskName, marks: marksIn(row.taskName, words) } };
    case 'descriptions':
      return { kind, task: toSearchTask(row), snippet: snippetOf(plainTextOf(row.description!), words) };
    case 'documents':
      return { kind, task: toSearchTask(row), documentId: row.documentId!, snippet: snippetOf(`${row.documentName!}. ${row.documentDescription!}`, words) };
    case 'messages':
      return {
        kind,
        task: toSearchTask(row),
        chatId: row.chatId!,
        chatKey: row.chatKey!,
        messageId: row.messageId!,
        author: { id: row.authorId!, firstname: row.firstname!, lastname: row.lastname! },
        dateCreate: toUnix(row.createdAt!),
        snippet: snippetOf(row.body!, words),
      };
    case 'people': {
      const person = row as unknown as PersonFields;
      return {
        kind,
        person,
        snippet: snippetOf(`${person.firstname} ${person.lastname}${person.nickname ? ` @${person.nickname}` : ''} · ${person.email}`, words),
      };
    }
  }
}

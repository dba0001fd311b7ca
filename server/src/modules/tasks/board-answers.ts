/**
 * Board answers re-used while nothing they show has changed (issue 15). Reading a 2,000-card board is
 * about 130 ms of work on two cores (the database building 2 MB of JSON, Node parsing, presenting,
 * serialising and compressing it), so a team opening the same boards all morning queued behind each
 * other. Each answer is kept, serialised and encoded, with the stamp it was read under
 * (repo.ts boardStamp); a request asks the viewer's access first, as always, then the stamp (one
 * indexed round trip) and sends the kept answer when the stamp is the same.
 *
 * Why it is exact: the stamp is read before the cards, so an answer is never kept under a stamp newer
 * than what it shows; every change a board shows is announced to the project's live room (whose
 * number is in the stamp) before its caller is answered (app.ts), or is in the stamp itself (names,
 * avatars, the viewer's read marks, the tasks' count and newest change); and the colours that change
 * with time alone end the answer's life at the first such change. A kept answer is also dropped after
 * MAX_AGE_MS, a bound for writes this process cannot see coming.
 */
import type { TaskCard, TaskFilterQuery } from '@negayno/shared/contract';
import { PreparedAnswer } from '../../http/prepared-answer.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { BoardView, TasksService } from './service.js';

/** How long a kept answer may be sent at most, whatever its stamp says (as long as a resolved session is kept, auth/session-cache.ts). */
export const MAX_AGE_MS = 10_000;
/** The kept answers' bytes (JSON and encodings) at most: about 25 boards of 2,000 cards. */
export const MAX_BYTES = 128 * 1024 * 1024;

interface Kept {
  stamp: string;
  answer: PreparedAnswer<TaskCard[]>;
  /** Milliseconds since the epoch: the answer's life ends then (age or a colour's change). */
  until: number;
}

export interface BoardAnswerOptions {
  clock?: () => number;
  maxBytes?: number;
}

export class BoardAnswers {
  /** In the order of use, least recent first (a Map keeps insertion order). */
  private readonly kept = new Map<string, Kept>();
  /** Reads under way, by key and stamp: viewers asking at once share one read. */
  private readonly reading = new Map<string, Promise<Kept>>();
  private readonly clock: () => number;
  private readonly maxBytes: number;
  /** Answers sent from what was kept, for the benchmark and the tests. */
  hits = 0;

  constructor(
    private readonly tasks: TasksService,
    options: BoardAnswerOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
    this.maxBytes = options.maxBytes ?? MAX_BYTES;
  }

  async project(user: AuthUser, projectId: number, filter: TaskFilterQuery): Promise<PreparedAnswer<TaskCard[]>> {
    return this.answer(user, await this.tasks.projectBoard(user, projectId, filter));
  }

  async allProjects(user: AuthUser, filter: TaskFilterQuery): Promise<PreparedAnswer<TaskCard[]>> {
    return this.answer(user, await this.tasks.allProjectsBoard(user, filter));
  }

  private async answer(user: AuthUser, view: BoardView): Promise<PreparedAnswer<TaskCard[]>> {
    const key = keyOf(user, view);
    const stamp = await this.tasks.boardStamp(user, view);
    const held = this.kept.get(key);
    if (held && held.stamp === stamp && this.clock() < held.until) {
      this.hits += 1;
      this.kept.delete(key);
      this.kept.set(key, held);
      return held.answer;
    }
    const readKey = `${key}#${stamp}`;
    let read = this.reading.get(readKey);
    if (!read) {
      read = this.read(user, view, stamp).finally(() => this.reading.delete(readKey));
      this.reading.set(readKey, read);
      read.then((fresh) => this.keep(key, fresh)).catch(() => {});
    }
    return (await read).answer;
  }

  private async read(user: AuthUser, view: BoardView, stamp: string): Promise<Kept> {
    const now = this.clock();
    const { cards, colorsChangeAt } = await this.tasks.boardCards(user, view, new Date(now));
    return { stamp, answer: new PreparedAnswer(cards), until: Math.min(now + MAX_AGE_MS, colorsChangeAt ?? Infinity) };
  }

  private keep(key: string, fresh: Kept): void {
    this.kept.delete(key);
    this.kept.set(key, fresh);
    // Encodings are made after this: counted at twice the JSON, the bound holds for one of them.
    let bytes = 0;
    for (const kept of this.kept.values()) bytes += kept.answer.json.length * 2;
    for (const [oldKey, old] of this.kept) {
      if (bytes <= this.maxBytes) break;
      this.kept.delete(oldKey);
      bytes -= old.answer.json.length * 2;
    }
  }
}

/** One viewer's board: who (their role decides columns and permissions), which projects as what, which filter. */
function keyOf(user: AuthUser, view: BoardView): string {
  const projects = [...view.accesses.values()].map((access) => `${access.projectId}:${access.role}`).join(',');
  return `${user.id}/${user.role}/${projects}/${JSON.stringify(view.filter)}`;
}

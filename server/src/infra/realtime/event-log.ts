/**
 * The live events' log (issue 13, docs/decisions.md "Live events are numbered per room"): every event
 * that carries data takes the next number of each room it goes to and is written here before it is
 * sent, so a browser that missed some (a reconnect, a gap in the numbers) reads them back with
 * `GET /api/events?room=…&after=N`. Numbers come from one counter row per room, taken under its row
 * lock, so they are unique and without holes per room even with several server processes.
 */
import { EVENTS_PAGE_MAX, type EventsPage, type LoggedEvent, type LoggedEventName, type RoomName, type RoomSeqs } from '@negayno/shared/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

/** An event waiting to be numbered: its rooms, its name and its payload. */
export interface PendingEvent {
  rooms: RoomName[];
  name: LoggedEventName;
  payload: object;
}

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters (four per row). */
const INSERT_CHUNK = 1000;

export class EventLog {
  constructor(private readonly db: Db) {}

  /** Numbers and writes one event for each of its rooms in one transaction; answers the numbers. */
  async append(roomNames: RoomName[], name: LoggedEventName, payload: object): Promise<RoomSeqs> {
    const [seqs] = await this.appendMany([{ rooms: roomNames, name, payload }]);
    return seqs!;
  }

  /**
   * Numbers and writes a batch of events in one transaction, in the batch's order; answers each one's
   * numbers. One counter update per room for the whole batch: under load a process logs its events
   * as fast as they come instead of queueing them one transaction each (issue 18: a queue is what a
   * killed process loses).
   */
  async appendMany(entries: PendingEvent[]): Promise<RoomSeqs[]> {
    const counts = new Map<RoomName, number>();
    const roomsOf = entries.map((entry) => [...new Set(entry.rooms)]);
    for (const roomNames of roomsOf) for (const room of roomNames) counts.set(room, (counts.get(room) ?? 0) + 1);
    // Sorted, so that two batches for the same rooms lock their counters in the same order.
    const sorted = [...counts.keys()].sort();
    return this.db.transaction().execute(async (trx) => {
      const next = new Map<RoomName, number>();
      for (const room of sorted) {
        const count = counts.get(room)!;
        const { seq } = await trx
          .insertInto('live_rooms')
          .values({ room, seq: count })
          .onConflict((oc) => oc.column('room').doUpdateSet({ seq: sql<number>`live_rooms.seq + ${count}` }))
          .returning('seq')
          .executeTakeFirstOrThrow();
        next.set(room, Number(seq) - count + 1);
      }
      const seqs = roomsOf.map((roomNames) => {
        const numbered: RoomSeqs = {};
        for (const room of roomNames) {
          const seq = next.get(room)!;
          next.set(room, seq + 1);
          numbered[room] = seq;
        }
        return numbered;
      });
      const rows = entries.flatMap((entry, i) =>
        roomsOf[i]!.map((room) => ({ room, seq: seqs[i]![room]!, name: entry.name, payload: JSON.stringify(entry.payload) })),
      );
      for (let first = 0; first < rows.length; first += INSERT_CHUNK)
        await trx
          .insertInto('live_events')
          .values(rows.slice(first, first + INSERT_CHUNK))
          .execute();
      return seqs;
    });
  }

  /** The room's current number: every event up to it has been sent (0 before the first). */
  async current(room: RoomName): Promise<number> {
    const row = await this.db.selectFrom('live_rooms').select('seq').where('room', '=', room).executeTakeFirst();
    return row ? Number(row.seq) : 0;
  }

  /**
   * The events after `after`, oldest first. `resync` when some of them are gone from the log (older than
   * its keeping time), when there are more than a page, or when `after` is ahead of the room (a browser
   * that remembers another database).
   */
  async since(room: RoomName, after: number): Promise<EventsPage> {
    const last = await this.current(room);
    if (after > last) return { room, events: [], last, resync: true };
    if (after === last) return { room, events: [], last, resync: false };
    const rows = await this.db
      .selectFrom('live_events')
      .select(['seq', 'name', 'payload', sql<number>`extract(epoch from created_at)::integer`.as('date')])
      .where('room', '=', room)
      .where('seq', '>', after)
      .orderBy('seq')
      .limit(EVENTS_PAGE_MAX + 1)
      .execute();
    const complete = rows.length > 0 && Number(rows[0]!.seq) === after + 1 && rows.length <= EVENTS_PAGE_MAX;
    if (!complete) return { room, events: [], last, resync: true };
    const events = rows.map(
      (row) =>
        ({
          seq: Number(row.seq),
          name: row.name as LoggedEventName,
          payload: (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as LoggedEvent['payload'],
          date: Number(row.date),
        }) as LoggedEvent,
    );
    return { room, events, last, resync: false };
  }

  /** Drops events older than the keeping time (the counters stay: numbers never repeat). */
  async prune(olderThan: Date): Promise<number> {
    const result = await this.db.deleteFrom('live_events').where('created_at', '<', olderThan).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

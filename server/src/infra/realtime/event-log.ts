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

export class EventLog {
  constructor(private readonly db: Db) {}

  /** Numbers and writes one event for each of its rooms in one transaction; answers the numbers. */
  async append(roomNames: RoomName[], name: LoggedEventName, payload: object): Promise<RoomSeqs> {
    // Sorted, so that two events for the same rooms lock their counters in the same order.
    const sorted = [...new Set(roomNames)].sort();
    return this.db.transaction().execute(async (trx) => {
      const seqs: RoomSeqs = {};
      for (const room of sorted) {
        const { seq } = await trx
          .insertInto('live_rooms')
          .values({ room, seq: 1 })
          .onConflict((oc) => oc.column('room').doUpdateSet({ seq: sql<number>`live_rooms.seq + 1` }))
          .returning('seq')
          .executeTakeFirstOrThrow();
        seqs[room] = Number(seq);
      }
      await trx
        .insertInto('live_events')
        .values(sorted.map((room) => ({ room, seq: seqs[room]!, name, payload: JSON.stringify(payload) })))
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

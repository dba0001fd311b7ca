/**
 * No live event is lost (issue 13). Every event the server logs carries its number in each room it went
 * to (`seq`); this keeps the last number applied per room. When a number skips one (an event lost on a
 * bad connection) or a rejoin after a reconnect answers a higher number than ours, it asks
 * `GET /api/events?room=…&after=N` and hands the missed events to the socket's own listeners, as if they
 * had just arrived. Listeners only name what changed and read it again, so an event applied twice is
 * harmless. Only when the server's log cannot fill the gap (`resync`: too old or too many) are the
 * resync listeners told to reload what they show.
 */
import type { EventsPage, JoinResult, RoomName } from '@negayno/shared/contract';
import type { Socket } from 'socket.io-client';

/** How long a failed catch-up waits before it tries again (the network may still be down). */
const RETRY_MS = 1_000;

export type EventsFetcher = (room: RoomName, after: number) => Promise<EventsPage>;

export class LiveRooms {
  private readonly last = new Map<RoomName, number>();
  private readonly running = new Map<RoomName, Promise<void>>();
  /** A catch-up was asked for while one ran: run once more after it (the numbers moved on). */
  private readonly again = new Set<RoomName>();

  constructor(
    private readonly socket: Socket,
    private readonly fetchEvents: EventsFetcher,
    private readonly onResync: (room: RoomName) => void,
  ) {
    socket.onAny((_name: string, payload: unknown) => this.seen(payload));
    socket.on('live.hello', (hello: { room: RoomName; seq: number }) => this.joined(hello.room, { ok: true, seq: hello.seq }));
  }

  /** The last number applied in a room (undefined before its first join). */
  lastOf(room: RoomName): number | undefined {
    return this.last.get(room);
  }

  /**
   * A join's answer. The first one sets where the room starts (whatever the browser loads now holds
   * every event up to it); a rejoin after a reconnect catches up from where we were. An answer below our
   * number is asked of the log too, not taken for a reset: the server joins the socket to the room before
   * it reads the number, so an event committed meanwhile can arrive before an answer read just before it
   * (seen under load on PostgreSQL); the log says `resync` only if it truly cannot follow us (another
   * database, or events gone).
   */
  joined(room: RoomName, result: JoinResult): void {
    if (!result.ok || result.seq === undefined) return;
    const known = this.last.get(room);
    if (known === undefined) this.last.set(room, result.seq);
    else if (result.seq !== known) void this.catchUp(room);
  }

  /** The room was left: its number is forgotten (a later join starts afresh). */
  forget(room: RoomName): void {
    this.last.delete(room);
    this.again.delete(room);
  }

  /** Asks the log for what came after our number, applies it, and repeats while more was asked for meanwhile. */
  catchUp(room: RoomName): Promise<void> {
    const current = this.running.get(room);
    if (current) {
      this.again.add(room);
      return current;
    }
    const run = this.fetchMissed(room).finally(() => {
      this.running.delete(room);
      if (this.again.delete(room) && this.last.has(room)) void this.catchUp(room);
    });
    this.running.set(room, run);
    return run;
  }

  private seen(payload: unknown): void {
    const seqs = (payload as { seq?: Partial<Record<RoomName, number>> } | null)?.seq;
    if (!seqs || typeof seqs !== 'object') return;
    for (const [room, seq] of Object.entries(seqs) as Array<[RoomName, number]>) {
      const known = this.last.get(room);
      if (known === undefined || seq <= known) continue;
      if (seq === known + 1 && !this.running.has(room)) this.last.set(room, seq);
      else void this.catchUp(room);
    }
  }

  private async fetchMissed(room: RoomName): Promise<void> {
    const after = this.last.get(room);
    if (after === undefined) return;
    let page: EventsPage;
    try {
      page = await this.fetchEvents(room, after);
    } catch {
      // Offline or refused for now: try again shortly while the room is still wanted.
      setTimeout(() => {
        if (this.last.has(room)) void this.catchUp(room);
      }, RETRY_MS);
      return;
    }
    if (!this.last.has(room)) return;
    if (page.resync) return this.resync(room, page.last);
    for (const event of page.events) {
      if (event.seq <= (this.last.get(room) ?? 0)) continue;
      this.last.set(room, event.seq);
      const replayed = { ...event.payload, seq: { [room]: event.seq } };
      for (const listener of this.socket.listeners(event.name)) (listener as (payload: unknown) => void)(replayed);
    }
  }

  private resync(room: RoomName, seq: number): void {
    this.last.set(room, seq);
    this.onResync(room);
  }
}

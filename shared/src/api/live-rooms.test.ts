import type { EventsPage, RoomName } from '@negayno/shared/contract';
import type { Socket } from 'socket.io-client';
import { LiveRooms } from './live-rooms';

/** The part of a socket.io client LiveRooms uses: events told to `onAny` first, then to their listeners. */
class SocketDouble {
  private readonly any: Array<(name: string, payload: unknown) => void> = [];
  private readonly byName = new Map<string, Array<(payload: unknown) => void>>();

  onAny(listener: (name: string, payload: unknown) => void): void {
    this.any.push(listener);
  }

  on(name: string, listener: (payload: unknown) => void): void {
    this.byName.set(name, [...(this.byName.get(name) ?? []), listener]);
  }

  listeners(name: string): Array<(payload: unknown) => void> {
    return this.byName.get(name) ?? [];
  }

  receive(name: string, payload: unknown): void {
    for (const listener of this.any) listener(name, payload);
    for (const listener of this.listeners(name)) listener(payload);
  }
}

const ROOM: RoomName = 'chat:7';

/** A log of the room's events 1…last, answering as the server's `since` does. */
function logUpTo(last: number): { fetch: (room: RoomName, after: number) => Promise<EventsPage>; asked: number[] } {
  const asked: number[] = [];
  return {
    asked,
    fetch: async (room, after) => {
      asked.push(after);
      if (after > last) return { room, events: [], last, resync: true };
      const events = Array.from({ length: last - after }, (_, i) => ({
        seq: after + i + 1,
        name: 'message.update' as const,
        payload: { chatId: 7, messageId: 100 + after + i + 1 } as never,
        date: 0,
      }));
      return { room, events, last, resync: false };
    },
  };
}

function setUp(last: number) {
  const socket = new SocketDouble();
  const log = logUpTo(last);
  const resyncs: RoomName[] = [];
  const live = new LiveRooms(socket as unknown as Socket, log.fetch, (room) => resyncs.push(room));
  const applied: number[] = [];
  socket.on('message.update', (payload) => applied.push((payload as { messageId: number }).messageId));
  return { socket, live, log, resyncs, applied };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('LiveRooms', () => {
  it('replays what a gap in the numbers missed, from the log', async () => {
    const { socket, live, log, resyncs, applied } = setUp(5);
    live.joined(ROOM, { ok: true, seq: 2 });
    socket.receive('message.update', { messageId: 105, seq: { [ROOM]: 5 } });
    await settled();
    expect(log.asked).toEqual([2]);
    expect(applied).toEqual([105, 103, 104, 105]);
    expect(live.lastOf(ROOM)).toBe(5);
    expect(resyncs).toEqual([]);
  });

  it('takes a rejoin answered below its number (an event that overtook the answer) without reloading', async () => {
    const { socket, live, log, resyncs } = setUp(4);
    live.joined(ROOM, { ok: true, seq: 3 });
    // The cut connection's replacement: the event numbered 4 arrives before the join's answer read just before it.
    socket.receive('message.update', { messageId: 104, seq: { [ROOM]: 4 } });
    live.joined(ROOM, { ok: true, seq: 3 });
    await settled();
    expect(log.asked).toEqual([4]);
    expect(resyncs).toEqual([]);
    expect(live.lastOf(ROOM)).toBe(4);
  });

  it('reloads when the log cannot follow a number it never gave (another database)', async () => {
    const { live, resyncs } = setUp(2);
    live.joined(ROOM, { ok: true, seq: 9 });
    live.joined(ROOM, { ok: true, seq: 2 });
    await settled();
    expect(resyncs).toEqual([ROOM]);
    expect(live.lastOf(ROOM)).toBe(2);
  });

  it('catches up after a rejoin answered above its number', async () => {
    const { live, log, applied, resyncs } = setUp(6);
    live.joined(ROOM, { ok: true, seq: 4 });
    live.joined(ROOM, { ok: true, seq: 6 });
    await settled();
    expect(log.asked).toEqual([4]);
    expect(applied).toEqual([105, 106]);
    expect(resyncs).toEqual([]);
  });
});

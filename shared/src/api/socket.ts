/**
 * One socket per page. Rooms are reference-counted so that two views of one project share the join,
 * and they are joined again after a reconnect. Missed events are caught up from the server's event log
 * (live-rooms.ts) and handed to the listeners as if they had just arrived; a view reloads what it shows
 * only when the log cannot fill the gap (`onReconnect`, now called on a resync rather than on every reconnect).
 *
 * socket.io-client (13 kB gzip) is fetched only when a session starts (`connectSocket`): a signed-out
 * visitor never downloads it. Until it has arrived, `getSocket()` answers a stand-in that keeps the
 * listeners and hands them to the real socket, so views may subscribe before the first sign-in.
 */
import type { Socket } from 'socket.io-client';
import {
  SOCKET_PATH,
  SOCKET_RECONNECT_DELAY_MAX_MS,
  endpoints,
  type ClientToServerEvents,
  type JoinResult,
  type RoomName,
  type ServerToClientEvents,
} from '@negayno/shared/contract';
import { call } from './client.js';
import { LiveRooms } from './live-rooms.js';

export type NegaynoSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
/** What views do with the socket: listen and stop listening. */
export type LiveSocket = Pick<NegaynoSocket, 'on' | 'off'>;

type AnyListener = (...args: unknown[]) => void;
type Untyped = { on(event: string, listener: AnyListener): unknown; off(event: string, listener: AnyListener): unknown };

let socket: NegaynoSocket | null = null;
let live: LiveRooms | null = null;
let loading: Promise<NegaynoSocket> | null = null;
/** Whether a session wants the socket connected (it may end while the client is still arriving). */
let wanted = false;
/** Listeners added before the socket existed, by event, handed over when it arrives. */
const waiting = new Map<string, Set<AnyListener>>();
const roomRefs = new Map<RoomName, number>();
const resyncListeners = new Set<(room: RoomName) => void>();
const connectListeners = new Set<() => void>();

/** Called when a join of their room is answered (see joinRoom's `onJoined`). */
const joinedListeners = new Map<RoomName, Set<() => void>>();

function join(current: NegaynoSocket, room: RoomName): void {
  current.emit('join', room, (result: JoinResult) => {
    live?.joined(room, result);
    if (result.ok) for (const listener of joinedListeners.get(room) ?? []) listener();
  });
}

const standIn: Untyped = {
  on(event, listener) {
    if (socket) (socket as unknown as Untyped).on(event, listener);
    else waiting.set(event, (waiting.get(event) ?? new Set()).add(listener));
    return standIn;
  },
  off(event, listener) {
    if (socket) (socket as unknown as Untyped).off(event, listener);
    else waiting.get(event)?.delete(listener);
    return standIn;
  },
};

export function getSocket(): LiveSocket {
  return standIn as unknown as LiveSocket;
}

function loadSocket(): Promise<NegaynoSocket> {
  loading ??= import('socket.io-client').then(({ io }) => {
    const created: NegaynoSocket = io({
      path: SOCKET_PATH,
      withCredentials: true,
      autoConnect: false,
      transports: ['websocket', 'polling'],
      reconnectionDelayMax: SOCKET_RECONNECT_DELAY_MAX_MS,
    });
    live = new LiveRooms(
      created as unknown as Socket,
      (room, after) => call(endpoints.events.list, { query: { room, after } }),
      (room) => {
        for (const listener of resyncListeners) listener(room);
      },
    );
    // A reconnect rejoins every room; each join's answer catches up what was missed meanwhile.
    created.on('connect', () => {
      for (const room of roomRefs.keys()) join(created, room);
      for (const listener of connectListeners) listener();
    });
    for (const [event, listeners] of waiting) for (const listener of listeners) (created as unknown as Untyped).on(event, listener);
    waiting.clear();
    socket = created;
    return created;
  });
  return loading;
}

/** Connects once the client has arrived, unless the session ended meanwhile. */
export function connectSocket(): void {
  wanted = true;
  void loadSocket().then((current) => {
    if (wanted && !current.connected) current.connect();
  });
}

export function disconnectSocket(): void {
  wanted = false;
  for (const room of roomRefs.keys()) live?.forget(room);
  roomRefs.clear();
  socket?.disconnect();
}

/**
 * Joins a room (the server checks the policy); returns the function that leaves it. `onJoined` is called
 * each time a join of the room is answered (the first, and after a reconnect): what was read before the
 * join may miss a change made before the room's numbering started for this tab, so a view reads again then.
 */
export function joinRoom(room: RoomName, onJoined?: () => void): () => void {
  const count = roomRefs.get(room) ?? 0;
  roomRefs.set(room, count + 1);
  if (onJoined) joinedListeners.set(room, (joinedListeners.get(room) ?? new Set()).add(onJoined));
  if (count === 0 && socket?.connected) join(socket, room);
  let left = false;
  return () => {
    if (left) return;
    left = true;
    if (onJoined) joinedListeners.get(room)?.delete(onJoined);
    const remaining = (roomRefs.get(room) ?? 1) - 1;
    if (remaining > 0) roomRefs.set(room, remaining);
    else {
      roomRefs.delete(room);
      live?.forget(room);
      if (socket?.connected) socket.emit('leave', room);
    }
  };
}

/**
 * Called when live events of a room were missed and the server's log could not replay them (it keeps
 * them for a limited time): a chance to reload what is shown. A plain reconnect no longer calls it, as
 * the missed events are replayed to the listeners instead.
 */
export function onReconnect(listener: (room: RoomName) => void): () => void {
  resyncListeners.add(listener);
  return () => resyncListeners.delete(listener);
}

/** Called on every connect of the socket, the first and each reconnect: the connection is back. */
export function onConnected(listener: () => void): () => void {
  connectListeners.add(listener);
  return () => connectListeners.delete(listener);
}

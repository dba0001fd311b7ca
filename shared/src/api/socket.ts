/**
 * One socket per page. Rooms are reference-counted so that two views of one project share the
 * join, and they are joined again after a reconnect; listeners then refetch what they show.
 */
import { io, type Socket } from 'socket.io-client';
import { SOCKET_PATH, type ClientToServerEvents, type RoomName, type ServerToClientEvents } from '@negayno/shared/contract';

export type NegaynoSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: NegaynoSocket | null = null;
const roomRefs = new Map<RoomName, number>();
const reconnectListeners = new Set<() => void>();

export function getSocket(): NegaynoSocket {
  if (!socket) {
    socket = io({ path: SOCKET_PATH, withCredentials: true, autoConnect: false, transports: ['websocket', 'polling'] });
    let connectedBefore = false;
    socket.on('connect', () => {
      for (const room of roomRefs.keys()) socket?.emit('join', room, () => undefined);
      if (connectedBefore) for (const listener of reconnectListeners) listener();
      connectedBefore = true;
    });
  }
  return socket;
}

export function connectSocket(): void {
  const current = getSocket();
  if (!current.connected) current.connect();
}

export function disconnectSocket(): void {
  roomRefs.clear();
  socket?.disconnect();
}

/** Joins a room (the server checks the policy); returns the function that leaves it. */
export function joinRoom(room: RoomName): () => void {
  const count = roomRefs.get(room) ?? 0;
  roomRefs.set(room, count + 1);
  const current = getSocket();
  if (count === 0 && current.connected) current.emit('join', room, () => undefined);
  let left = false;
  return () => {
    if (left) return;
    left = true;
    const remaining = (roomRefs.get(room) ?? 1) - 1;
    if (remaining > 0) roomRefs.set(room, remaining);
    else {
      roomRefs.delete(room);
      if (current.connected) current.emit('leave', room);
    }
  };
}

/** Called after every reconnect (not the first connect): a chance to refetch what may have been missed. */
export function onReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

/**
 * What other modules call to push live events. Rooms: user:{id} (every socket of a user), project:{id}
 * and task:{id} (joined after a policy check). With one process the default in-memory adapter is all
 * there is; several processes need a shared adapter (@socket.io/postgres-adapter or the Redis one),
 * passed to buildApp as `socketAdapter`: nothing here changes, since rooms and fetchSockets go
 * through the adapter.
 */
import { rooms, type ClientToServerEvents, type RoomName, type ServerEventName, type ServerToClientEvents } from '@negayno/shared/contract';
import type { Server } from 'socket.io';
import type { AuthUser } from '../auth/auth-user.js';

export interface SocketData {
  user: AuthUser;
  /** The session the socket was opened with: logging that session out closes the socket. */
  tokenHash: string;
}

export type SocketServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

type EventName = ServerEventName;
type EventArgs<E extends EventName> = Parameters<ServerToClientEvents[E]>;

export class Realtime {
  constructor(private readonly io: SocketServer) {}

  emitToUser<E extends EventName>(userId: number, event: E, ...args: EventArgs<E>): void {
    this.emit(rooms.user(userId), event, args);
  }

  emitToProject<E extends EventName>(projectId: number, event: E, ...args: EventArgs<E>): void {
    this.emit(rooms.project(projectId), event, args);
  }

  emitToTask<E extends EventName>(taskId: number, event: E, ...args: EventArgs<E>): void {
    this.emit(rooms.task(taskId), event, args);
  }

  /** One event to several rooms: a socket in more than one of them still gets it once. */
  emitToRooms<E extends EventName>(roomNames: RoomName[], event: E, ...args: EventArgs<E>): void {
    if (roomNames.length > 0) this.emit(roomNames, event, args);
  }

  /** Tells the sockets of one ended session, then closes them. */
  async endSession(userId: number, tokenHash: string): Promise<void> {
    const sockets = await this.io.in(rooms.user(userId)).fetchSockets();
    for (const socket of sockets) {
      if (socket.data.tokenHash !== tokenHash) continue;
      socket.emit('session.end');
      socket.disconnect(true);
    }
  }

  private emit<E extends EventName>(room: string | string[], event: E, args: EventArgs<E>): void {
    this.io.to(room).emit(event, ...args);
  }
}

/**
 * What other modules call to push live events. Rooms: user:{id} (every socket of a user), project:{id},
 * task:{id} and chat:{id} (joined after a policy check). Every event that carries data is numbered per
 * room and written to the event log first (event-log.ts), then sent with its numbers (`seq`); the sends
 * of one process go out one after another, so each room's numbers leave this process in order. With one process the default in-memory adapter is all
 * there is; several processes need a shared adapter (@socket.io/postgres-adapter or the Redis one),
 * passed to buildApp as `socketAdapter`: nothing here changes, since rooms and fetchSockets go
 * through the adapter.
 */
import {
  rooms,
  type ClientToServerEvents,
  type LiveEventPayloads,
  type LoggedEventName,
  type RoomName,
  type ServerToClientEvents,
} from '@negayno/shared/contract';
import type { Server } from 'socket.io';
import type { AuthUser } from '../../lib/auth-user.js';
import type { EventLog, PendingEvent } from './event-log.js';

/** Events logged in one transaction at most. */
const BATCH_MAX = 500;
import { mayJoinRoom, type RoomChecks } from './policy.js';

export interface SocketData {
  user: AuthUser;
  /** The session the socket was opened with: logging that session out closes the socket. */
  tokenHash: string;
}

export type SocketServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

type EventName = LoggedEventName;
type EventArgs<E extends EventName> = [payload: LiveEventPayloads[E]];

/** What Realtime asks to keep rooms and sessions honest; given once the domain services exist (they are built after Realtime). */
export interface RealtimeGuards {
  rooms: RoomChecks;
  /** Which of these session token hashes still belong to a live session. */
  activeSessions(tokenHashes: string[]): Promise<Set<string>>;
}

export class Realtime {
  private guards: RealtimeGuards | null = null;
  /** The sends under way, one batch after another (a failure is logged and the next goes on). */
  private queue: Promise<void> = Promise.resolve();
  /** Events asked for and not yet logged: the next batch. */
  private pending: PendingEvent[] = [];
  private flushScheduled = false;

  constructor(
    private readonly io: SocketServer,
    readonly log: EventLog,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  useGuards(guards: RealtimeGuards): void {
    this.guards = guards;
  }

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

  /**
   * Takes the users' sockets out of every project and task room they may no longer see (a removed
   * member, a role that may not see a task, a deleted project): the room policy answers again, as on a
   * join, and a socket leaves at once where it says no. Called after the change committed.
   */
  async recheckRooms(userIds: number[]): Promise<void> {
    const guards = this.requireGuards();
    for (const userId of new Set(userIds)) {
      for (const socket of await this.io.in(rooms.user(userId)).fetchSockets()) {
        for (const room of socket.rooms) {
          if (room === socket.id || room === rooms.user(userId)) continue;
          if (!(await mayJoinRoom(socket.data.user, room, guards.rooms))) socket.leave(room);
        }
      }
    }
  }

  /** Every socket leaves a room that no longer exists (a deleted project's). */
  emptyRoom(room: RoomName): void {
    this.io.in(room).socketsLeave(room);
  }

  /**
   * Closes the sockets whose session ended without a logout (it expired, or reached its absolute cap,
   * or was ended by another server process). Run periodically; logout and recovery close theirs at once.
   */
  async endLapsedSessions(): Promise<void> {
    // Every process sweeps its own sockets (asking the others would make each sweep N times over).
    const sockets = await this.io.local.fetchSockets();
    if (sockets.length === 0) return;
    const active = await this.requireGuards().activeSessions([...new Set(sockets.map((socket) => socket.data.tokenHash))]);
    for (const socket of sockets) {
      if (active.has(socket.data.tokenHash)) continue;
      socket.emit('session.end');
      socket.disconnect(true);
    }
  }

  private requireGuards(): RealtimeGuards {
    if (!this.guards) throw new Error('Realtime has no guards: attach the socket handlers first');
    return this.guards;
  }

  /** The users with a socket in a room now (a chat's readers who have it open). */
  async usersIn(room: RoomName): Promise<Set<number>> {
    // With several processes the question goes to all of them; when one cannot answer (killed a moment
    // ago, the adapter still waiting for it) this process's own sockets answer: a reader missed here
    // only gets a notification too many, where failing would fail the caller's send.
    const sockets = await this.io
      .in(room)
      .fetchSockets()
      .catch((error: unknown) => {
        this.onError(error);
        return this.io.local.in(room).fetchSockets();
      });
    return new Set(sockets.map((socket) => socket.data.user.id));
  }

  /**
   * Resolves once the events asked for until now are logged and sent (the queue's tail holds the batch
   * that takes them); later ones are not waited for, so a caller under steady load is not held up.
   */
  logged(): Promise<void> {
    return this.queue;
  }

  /** Resolves once every event asked for so far, and any asked for meanwhile, has been logged and sent (tests, shutdown). */
  async settled(): Promise<void> {
    // A batch may schedule the next while we wait: wait until the queue stops growing.
    for (let current = this.queue; ; current = this.queue) {
      await current;
      if (current === this.queue) return;
    }
  }

  /**
   * Called after the change committed. The event joins the next batch; a batch is numbered and logged
   * in one transaction (event-log.ts), then its events are sent to their rooms in order (a socket in
   * several rooms of one event gets it once, with each room's number).
   */
  private emit<E extends EventName>(room: RoomName | RoomName[], event: E, [payload]: EventArgs<E>): void {
    this.pending.push({ rooms: Array.isArray(room) ? room : [room], name: event, payload });
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    this.queue = this.queue.then(() => this.flush());
  }

  private async flush(): Promise<void> {
    this.flushScheduled = false;
    const batch = this.pending.splice(0, BATCH_MAX);
    try {
      const seqs = await this.log.appendMany(batch);
      batch.forEach((entry, i) => (this.io.to(entry.rooms).emit as (name: string, payload: unknown) => void)(entry.name, { ...entry.payload, seq: seqs[i] }));
    } catch (error) {
      this.onError(error);
    }
    if (this.pending.length > 0) this.scheduleFlush();
  }
}

/**
 * socket.io attached straight to Fastify's HTTP server at /socket.io. The handshake must carry a valid
 * session cookie and come from our own origin (checked on the transport's first request, and again on
 * joining the namespace); every socket joins its user's room at once and other
 * rooms only through `join`, which the room policy answers. A refused handshake is closed at once, a
 * connection that never asks in is dropped after a few seconds, and a socket sending more events than
 * a screen could (a flood of `join`s) is disconnected.
 */
import type { Server as HttpServer } from 'node:http';
import { SOCKET_PATH, rooms } from '@negayno/shared/contract';
import { Server, type ServerOptions } from 'socket.io';
import { isCrossSiteRequest } from '../../http/same-origin.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { EventLog } from './event-log.js';
import { mayJoinRoom, type RoomChecks } from './policy.js';
import type { SocketServer } from './realtime.js';

export type SocketAdapter = ServerOptions['adapter'];

/** What a closing process tells its sockets: reconnect after about a second (socket.io-client's own first delay). */
const RECONNECT_HINT_MS = 1_000;

/** socket.io waits 45 s by default for a connection to ask into the namespace; a browser asks at once. */
const CONNECT_TIMEOUT_MS = 5_000;
const EVENT_WINDOW_MS = 10_000;

export function createSocketServer(httpServer: HttpServer, adapter?: SocketAdapter): SocketServer {
  return new Server(httpServer, {
    path: SOCKET_PATH,
    serveClient: false,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // Nobody is let in until attachSocketHandlers admits by session (admitOnlySessions).
    allowRequest: (_request, callback) => callback(null, false),
    ...(adapter ? { adapter } : {}),
  });
}

/** The auth module's sessions, as the handshake needs them (infra does not import feature modules). */
export interface SessionResolver {
  resolve(token: string): Promise<{ user: AuthUser; tokenHash: string } | null>;
}

export interface SocketHandlerDeps {
  sessions: SessionResolver;
  rooms: RoomChecks;
  /** The live events' log: a join answers the room's current number, so the browser knows where it starts. */
  events: Pick<EventLog, 'current'>;
  /** The session token in a handshake's Cookie header. */
  sessionTokenOf: (cookieHeader: string) => string | undefined;
  /** Events one socket may send per 10 seconds. */
  eventsPer10Seconds: number;
  log: (error: unknown) => void;
}

/**
 * Issue 35 H9: the transport's handshake itself needs a live session (engine.io answers 403 without
 * one), so no connection opens for a stranger. Refusing only at the namespace left a polling handshake
 * that never polled again open for 35 s: the connect timeout, then its transport's 30-second close wait.
 * Sessions exist only once the services do, after the server was created: hence set here.
 */
function admitOnlySessions(io: SocketServer, deps: Pick<SocketHandlerDeps, 'sessions' | 'sessionTokenOf' | 'log'>): void {
  io.engine.opts.allowRequest = (request, callback) => {
    if (isCrossSiteRequest(request.headers)) return callback(null, false);
    const token = deps.sessionTokenOf(request.headers.cookie ?? '');
    if (!token) return callback(null, false);
    deps.sessions.resolve(token).then(
      (session) => callback(null, session !== null),
      (error: unknown) => {
        deps.log(error);
        callback(null, false);
      },
    );
  };
}

/** Counts a socket's events in fixed 10-second windows; answers false once the window's count is over the limit. */
function eventBudget(limit: number): () => boolean {
  let windowStart = Date.now();
  let count = 0;
  return () => {
    const now = Date.now();
    if (now - windowStart >= EVENT_WINDOW_MS) {
      windowStart = now;
      count = 0;
    }
    count += 1;
    return count <= limit;
  };
}

export function attachSocketHandlers(io: SocketServer, deps: SocketHandlerDeps): void {
  admitOnlySessions(io, deps);
  io.use(async (socket, next) => {
    try {
      const token = deps.sessionTokenOf(socket.request.headers.cookie ?? '');
      const session = token ? await deps.sessions.resolve(token) : null;
      if (!session) {
        // Once the refusal has gone out (socket.io sends it on the next tick), the connection ends
        // instead of staying open until the connect timeout.
        socket.conn.once('drain', () => socket.conn.close());
        next(new Error('request_denied'));
        return;
      }
      socket.data.user = session.user;
      socket.data.tokenHash = session.tokenHash;
      next();
    } catch (error) {
      deps.log(error);
      next(new Error('server_error'));
    }
  });

  io.on('connection', (socket) => {
    const userRoom = rooms.user(socket.data.user.id);
    void socket.join(userRoom);
    // Joined first, then read: an event numbered after this number reaches the socket live.
    deps.events.current(userRoom).then(
      (seq) => socket.emit('live.hello', { room: userRoom, seq }),
      (error: unknown) => deps.log(error),
    );

    const withinBudget = eventBudget(deps.eventsPer10Seconds);
    socket.use((_event, next) => {
      if (withinBudget()) return next();
      socket.disconnect(true);
    });

    socket.on('join', async (room, ack) => {
      if (typeof ack !== 'function') return;
      const allowed = await mayJoinRoom(socket.data.user, room, deps.rooms).catch((error: unknown) => {
        deps.log(error);
        return false;
      });
      if (!allowed) return ack({ ok: false });
      await socket.join(room);
      // The number after joining: whatever the browser loads now already holds every event up to it.
      const seq = await deps.events.current(room).catch((error: unknown) => {
        deps.log(error);
        return undefined;
      });
      ack(seq === undefined ? { ok: true } : { ok: true, seq });
    });

    socket.on('leave', (room) => {
      if (typeof room === 'string' && room !== rooms.user(socket.data.user.id)) void socket.leave(room);
    });
  });
}

/**
 * A stopping process (a deploy, issue 18) hands its sockets over: each is told `server.closing` and
 * its connection is closed under it. A socket.io disconnect would tell the client to stay away; a
 * closed connection makes it reconnect by itself, through the load balancer to a process still up,
 * and rejoin its rooms, catching up from the event log.
 */
export function closeSocketsForRestart(io: SocketServer): void {
  for (const socket of io.of('/').sockets.values()) {
    socket.emit('server.closing', { reconnectInMs: RECONNECT_HINT_MS });
    // engine.io closes once what was written (the hint, events before it) has gone out.
    socket.conn.close();
  }
}

/**
 * socket.io attached straight to Fastify's HTTP server at /socket.io. The handshake must carry a valid
 * session cookie and come from our own origin; every socket joins its user's room at once and other
 * rooms only through `join`, which the room policy answers.
 */
import type { Server as HttpServer } from 'node:http';
import { SOCKET_PATH, rooms } from '@negayno/shared/contract';
import { Server, type ServerOptions } from 'socket.io';
import { isCrossSiteRequest } from '../../http/same-origin.js';
import type { SessionService } from '../auth/sessions.js';
import { mayJoinRoom, type RoomChecks } from './policy.js';
import type { SocketServer } from './realtime.js';

export type SocketAdapter = ServerOptions['adapter'];

export function createSocketServer(httpServer: HttpServer, adapter?: SocketAdapter): SocketServer {
  return new Server(httpServer, {
    path: SOCKET_PATH,
    serveClient: false,
    allowRequest: (request, callback) => callback(null, !isCrossSiteRequest(request.headers)),
    ...(adapter ? { adapter } : {}),
  });
}

export interface SocketHandlerDeps {
  sessions: SessionService;
  rooms: RoomChecks;
  /** The session token in a handshake's Cookie header. */
  sessionTokenOf: (cookieHeader: string) => string | undefined;
  log: (error: unknown) => void;
}

export function attachSocketHandlers(io: SocketServer, deps: SocketHandlerDeps): void {
  io.use(async (socket, next) => {
    try {
      const token = deps.sessionTokenOf(socket.request.headers.cookie ?? '');
      const session = token ? await deps.sessions.resolve(token) : null;
      if (!session) return next(new Error('request_denied'));
      socket.data.user = session.user;
      socket.data.tokenHash = session.tokenHash;
      next();
    } catch (error) {
      deps.log(error);
      next(new Error('server_error'));
    }
  });

  io.on('connection', (socket) => {
    void socket.join(rooms.user(socket.data.user.id));

    socket.on('join', async (room, ack) => {
      if (typeof ack !== 'function') return;
      const allowed = await mayJoinRoom(socket.data.user, room, deps.rooms).catch((error: unknown) => {
        deps.log(error);
        return false;
      });
      if (allowed) await socket.join(room);
      ack({ ok: allowed });
    });

    socket.on('leave', (room) => {
      if (typeof room === 'string' && room !== rooms.user(socket.data.user.id)) void socket.leave(room);
    });
  });
}

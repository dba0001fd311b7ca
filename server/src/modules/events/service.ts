/**
 * The live events' catch-up (`GET /api/events?room=…&after=N`): what a browser missed in one room. The
 * room is asked of the same policy as a socket's join, so nobody reads a room's log they could not listen to.
 */
import type { EventsPage, RoomName } from '@negayno/shared/contract';
import { AppError } from '../../http/app-error.js';
import type { EventLog } from '../../infra/realtime/event-log.js';
import { mayJoinRoom, type RoomChecks } from '../../infra/realtime/policy.js';
import type { AuthUser } from '../../lib/auth-user.js';

export class EventsService {
  private checks: RoomChecks | null = null;

  constructor(private readonly log: Pick<EventLog, 'since'>) {}

  /** Given by app.ts once the modules that answer the room policy exist. */
  useRoomChecks(checks: RoomChecks): void {
    this.checks = checks;
  }

  async since(user: AuthUser, room: RoomName, after: number): Promise<EventsPage> {
    if (!this.checks) throw new Error('EventsService has no room checks');
    if (!(await mayJoinRoom(user, room, this.checks))) throw new AppError('access_denied');
    return this.log.since(room, after);
  }
}

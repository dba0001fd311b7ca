/** Live events (spec 7 "Live events") and the rooms they go to. */
export interface ServerToClientEvents {
  'user.transaction.update': (payload: { number: number }) => void;
  'user.bonus.transaction.update': (payload: { number: number }) => void;
  'project.transaction.update': (payload: { projectId: number; number: number }) => void;
  'project.update': (payload: { projectId: number; deleted?: boolean }) => void;
  'task.update': (payload: { taskId: number; projectId: number; dateUpdate: number }) => void;
  'task.documents.update': (payload: { taskId: number }) => void;
  'task.files.update': (payload: { taskId: number }) => void;
  'message.update': (payload: { messageId: number; chatId: number }) => void;
  'notification.new': (payload: { id: number }) => void;
  'session.end': () => void;
}

export type ServerEventName = keyof ServerToClientEvents;

/** The payload of a live event, for handlers written apart from `socket.on` (stores, hooks). */
export type ServerEvent<Name extends ServerEventName> = Parameters<ServerToClientEvents[Name]>[0];

export interface ClientToServerEvents {
  /** Ask to join a room; the answer says whether the server's policy allowed it. */
  join: (room: RoomName, ack: (result: { ok: boolean }) => void) => void;
  leave: (room: RoomName) => void;
}

export type RoomName = `project:${number}` | `task:${number}` | `chat:${number}` | `user:${number}`;

export const rooms = {
  user: (id: number): RoomName => `user:${id}`,
  project: (id: number): RoomName => `project:${id}`,
  task: (id: number): RoomName => `task:${id}`,
  chat: (id: number): RoomName => `chat:${id}`,
};

export function parseRoom(room: string): { kind: 'project' | 'task' | 'chat' | 'user'; id: number } | null {
  const match = /^(project|task|chat|user):(\d+)$/.exec(room);
  if (!match) return null;
  return { kind: match[1] as 'project' | 'task' | 'chat' | 'user', id: Number(match[2]) };
}

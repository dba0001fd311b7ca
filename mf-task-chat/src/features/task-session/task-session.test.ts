/**
 * The open task's session (issue 32): one join of the task's room, each event read by the part it
 * names and by no other, this tab's own echo skipped, a resync of the room reading everything again.
 * The reads go through the real API client to a loopback server; the socket is an in-memory emitter.
 */
import { TAB_ORIGIN, type LiveSocket } from '@negayno/shared/api';
import type { RoomName, Task, TaskActions } from '@negayno/shared/contract';
import { apiServerForFile, card } from '@negayno/shared/testing';
import { TaskWorkflowStore } from '@negayno/shared/work-stores';
import { waitFor } from '@testing-library/react';
import { FilesStore } from '../task-drawer/attachments/files-store';
import { DescriptionStore } from '../task-drawer/description/description-store';
import { TaskDrawerStore } from '../task-drawer/task-drawer-store';
import { TaskSession, type LiveChannel } from './task-session';

const server = apiServerForFile();
const ME = 5;

function task(overrides: Partial<Task> = {}): Task {
  const dates = { dateStartCalc: null, dateSend: null, datePublishExpiration: null, dateDiscussExpiration: null, dateCalcExpiration: null };
  const more = { dateSendToTest: null, dateSendToProd: null, dateAcceptOnTest: null, dateRejectOnProd: null, dateRejectCalc: null };
  const last = {
    dateFinishCalc: null,
    dateApproval: null,
    dateSubDeadline: null,
    dateOfferExpiration: null,
    dateProdExpiration: null,
    dateTestExpiration: null,
  };
  return { ...card(7, 2), description: '<p>Landing</p>', ...dates, ...more, ...last, ...overrides };
}

const ACTIONS: TaskActions = { taskId: 7, actions: ['to-estimation'], performers: [], seeLedger: false, seeEstimates: false, tip: false };

/** A socket's listeners by event, and what the session joined, left and resynced. */
function liveChannel() {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const socket = {
    on(event: string, listener: (payload: unknown) => void) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener));
    },
    off(event: string, listener: (payload: unknown) => void) {
      listeners.get(event)?.delete(listener);
    },
  };
  const joined: RoomName[] = [];
  const left: RoomName[] = [];
  const resync = new Set<(room: RoomName) => void>();
  const live: LiveChannel = {
    socket: socket as unknown as LiveSocket,
    join(room) {
      joined.push(room);
      return () => left.push(room);
    },
    onResync(listener) {
      resync.add(listener);
      return () => resync.delete(listener);
    },
    me: () => ME,
  };
  return {
    live,
    joined,
    left,
    emit: (event: string, payload: unknown) => listeners.get(event)?.forEach((listener) => listener(payload)),
    resync: (room: RoomName) => resync.forEach((listener) => listener(room)),
    listening: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0),
  };
}

function parts() {
  return { task: new TaskDrawerStore(), workflow: new TaskWorkflowStore(), files: new FilesStore(), description: new DescriptionStore() };
}

/** The reads made since `from`, as `METHOD /path`, sorted (parallel reads land in any order). */
function readsSince(from: number): string[] {
  return server.requests
    .slice(from)
    .map((request) => `${request.method} ${request.path}`)
    .sort();
}

const TASK_READS = ['GET /task/7', 'GET /task/7/actions', 'GET /task/7/documents'];

beforeEach(() => {
  server.routes = {
    'GET /task/7': { data: task() },
    'GET /task/7/actions': { data: ACTIONS },
    'GET /task/7/documents': { data: [] },
    'GET /task/7/files': { data: [] },
  };
});

async function openedSession() {
  const channel = liveChannel();
  const session = new TaskSession(parts(), channel.live);
  const stop = session.open(7);
  await waitFor(() => expect(session.parts.workflow.status).toBe('ready'));
  await waitFor(() => expect(session.parts.files.status).toBe('ready'));
  expect(session.parts.task.status).toBe('ready');
  return { channel, session, stop };
}

describe('one session per open task (issue 32)', () => {
  it('reads the task, its life cycle and its files side by side when it opens, and joins the task room once', async () => {
    const from = server.requests.length;
    const { channel, session } = await openedSession();
    expect(readsSince(from)).toEqual([...TASK_READS, 'GET /task/7/files'].sort());
    expect(channel.joined).toEqual(['task:7']);
    expect(session.parts.task.task?.name).toBe('Task 7');
    expect(session.parts.workflow.actions?.actions).toEqual(['to-estimation']);
  });

  it("reads the task and its life cycle once on another tab's task.update, the life cycle alone on task.documents.update, the files alone on task.files.update", async () => {
    const { channel, session } = await openedSession();
    server.routes['GET /task/7'] = { data: task({ name: 'Renamed', dateUpdate: 2 }) };
    let from = server.requests.length;
    channel.emit('task.update', { taskId: 7, projectId: 1, dateUpdate: 2 });
    await waitFor(() => expect(session.parts.task.task?.name).toBe('Renamed'));
    await waitFor(() => expect(readsSince(from)).toEqual(TASK_READS));

    from = server.requests.length;
    channel.emit('task.documents.update', { taskId: 7, projectId: 1 });
    await waitFor(() => expect(readsSince(from)).toEqual(['GET /task/7/actions', 'GET /task/7/documents']));

    from = server.requests.length;
    channel.emit('task.files.update', { taskId: 7 });
    await waitFor(() => expect(readsSince(from)).toEqual(['GET /task/7/files']));
  });

  it("skips this tab's own echo and other tasks' events", async () => {
    const { channel } = await openedSession();
    const from = server.requests.length;
    channel.emit('task.update', { taskId: 7, projectId: 1, dateUpdate: 2, origin: `${ME}:${TAB_ORIGIN}` });
    channel.emit('task.documents.update', { taskId: 7, projectId: 1, origin: `${ME}:${TAB_ORIGIN}` });
    channel.emit('task.update', { taskId: 8, projectId: 1, dateUpdate: 2 });
    channel.emit('task.files.update', { taskId: 8 });
    // The files' event as a marker, twice: a read those events had started would have been sent before it.
    channel.emit('task.files.update', { taskId: 7 });
    await waitFor(() => expect(readsSince(from)).toEqual(['GET /task/7/files']));
    channel.emit('task.files.update', { taskId: 7 });
    await waitFor(() => expect(readsSince(from)).toEqual(['GET /task/7/files', 'GET /task/7/files']));
  });

  it("reads everything again when the task room's missed events could not be replayed, and nothing for another room", async () => {
    const { channel } = await openedSession();
    const from = server.requests.length;
    channel.resync('project:1');
    channel.resync('task:7');
    await waitFor(() => expect(readsSince(from)).toEqual([...TASK_READS, 'GET /task/7/files'].sort()));
  });

  it('stops listening and leaves the room when the drawer goes, keeping what it shows; clear forgets it', async () => {
    const { channel, session, stop } = await openedSession();
    stop();
    expect(channel.left).toEqual(['task:7']);
    expect(channel.listening()).toBe(0);
    expect(session.parts.task.task?.id).toBe(7);
    session.clear();
    expect(session.parts.task.task).toBeNull();
    expect(session.parts.workflow.actions).toBeNull();
    expect(session.parts.files.taskId).toBeNull();
  });
});

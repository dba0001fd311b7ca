/**
 * The event log numbers a batch of events (issue 18: one transaction per batch) exactly as it would
 * number them one by one: per room, consecutive and in the batch's order, continuing the room's count;
 * an event to several rooms takes the next number of each.
 */
import type { DatabaseHandle } from '../../db/connection.js';
import { openTestDatabase } from '../../test/test-database.js';
import { EventLog } from './event-log.js';

describe('EventLog.appendMany', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('numbers a batch per room in order, after what the room already had, and logs every event', async () => {
    const log = new EventLog(database.db);
    expect(await log.append(['chat:1'], 'message.update', { messageId: 1, chatId: 1 })).toEqual({ 'chat:1': 1 });
    const seqs = await log.appendMany([
      { rooms: ['chat:1'], name: 'message.update', payload: { messageId: 2, chatId: 1 } },
      { rooms: ['project:1', 'task:1'], name: 'task.update', payload: { taskId: 1, projectId: 1, dateUpdate: 1 } },
      { rooms: ['chat:1', 'chat:1'], name: 'message.update', payload: { messageId: 3, chatId: 1 } },
      { rooms: ['task:1'], name: 'task.files.update', payload: { taskId: 1 } },
    ]);
    expect(seqs).toEqual([{ 'chat:1': 2 }, { 'project:1': 1, 'task:1': 1 }, { 'chat:1': 3 }, { 'task:1': 2 }]);
    const page = await log.since('chat:1', 0);
    expect(page).toMatchObject({ last: 3, resync: false });
    expect(page.events.map((event) => [event.seq, (event.payload as { messageId: number }).messageId])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect((await log.since('task:1', 0)).events.map((event) => event.name)).toEqual(['task.update', 'task.files.update']);
  });
});

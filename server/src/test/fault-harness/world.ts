/**
 * The fault harness's world on a fresh PostgreSQL database: projects of twenty people each (all
 * administrators of their project, so each may edit tasks, write in the chat and top up the project),
 * a few tasks per project and one task chat per project that all of its people write in.
 */
import { openPostgres } from '../../db/connection.js';
import type { TaskRow, UserRow } from '../../db/schema.js';
import { addMember, createChats, createProject, createTask, createUser } from '../../seed/builders.js';

export const PEOPLE_PER_PROJECT = 20;
const TASKS_PER_PROJECT = 4;

export interface Person {
  index: number;
  userId: number;
  email: string;
  projectId: number;
  /** The project's owner hears the project's money events (they go to the owners' own rooms). */
  isOwner: boolean;
  taskIds: number[];
  /** Tasks still with the client (column 1, drafts): the ones a person may rename. */
  editableTaskIds: number[];
  chatId: number;
}

export async function buildWorld(databaseUrl: string, people: number): Promise<Person[]> {
  const handle = openPostgres(databaseUrl, { max: 2 });
  try {
    const { db } = handle;
    const world: Person[] = [];
    for (let first = 0; first < people; first += PEOPLE_PER_PROJECT) {
      const count = Math.min(PEOPLE_PER_PROJECT, people - first);
      const users: UserRow[] = [];
      for (let i = 0; i < count; i++) users.push(await createUser(db, { email: `harness-${first + i}@test.test` }));
      const project = await createProject(db, { owner: users[0]!, name: `Harness ${first / PEOPLE_PER_PROJECT + 1}` });
      for (const user of users.slice(1)) await addMember(db, project, user, 'administrator');
      const tasks: TaskRow[] = [];
      // The first task is in discussion, with the chat everyone writes in; the others are drafts to edit.
      for (let t = 0; t < TASKS_PER_PROJECT; t++) tasks.push(await createTask(db, { project, author: users[0]!, status: t === 0 ? 'discussion' : 'draft' }));
      const chats = await createChats(db, tasks[0]!);
      users.forEach((user, i) =>
        world.push({
          index: first + i,
          userId: user.id,
          email: user.email,
          projectId: project.id,
          isOwner: i === 0,
          taskIds: tasks.map((task) => task.id),
          editableTaskIds: tasks.slice(1).map((task) => task.id),
          chatId: chats.main,
        }),
      );
    }
    return world;
  } finally {
    await handle.close();
  }
}

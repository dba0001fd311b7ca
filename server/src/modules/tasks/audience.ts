/**
 * Who hears of a task's event (the notifications module asks through NotificationAudience, wired in
 * services.ts): the task's participants (its author, its performers, the project's am/pm/sm) and, with
 * notifyAllTasks, every member of its project; of those, only the people who may see the task now
 * (a draft is the client's own, a performer sees only the tasks they perform).
 */
import type { Db } from '../../db/connection.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { NotificationAudience, TaskAudienceAnswer } from '../notifications/index.js';
import { peopleOfProject, projectAccessesIn, projectNameOf } from '../projects/index.js';
import { findUserById } from '../users/index.js';
import { canSeeTask } from './policy.js';
import { findTaskRow } from './repo.js';

async function ofTask(db: Db, taskId: number): Promise<TaskAudienceAnswer | null> {
  const task = await findTaskRow(db, taskId);
  if (!task) return null;
  const [projectName, people, performers] = await Promise.all([
    projectNameOf(db, task.project_id),
    peopleOfProject(db, task.project_id),
    db.selectFrom('task_performers').select('user_id').where('task_id', '=', taskId).execute(),
  ]);
  const performerIds = new Set(performers.map((row) => row.user_id));
  const candidates = new Map<number, AuthUser>();
  for (const person of people) {
    if (person.isStaff || person.notifyAllTasks || person.userId === task.author_id)
      candidates.set(person.userId, { id: person.userId, role: person.role, email: person.email });
  }
  for (const userId of [task.author_id, ...performerIds]) {
    if (candidates.has(userId)) continue;
    const user = await findUserById(db, userId);
    if (user) candidates.set(userId, { id: user.id, role: user.role, email: user.email });
  }
  const accesses = await projectAccessesIn(db, [...candidates.values()], task.project_id);
  const recipients = [...candidates.values()]
    .filter((user) => canSeeTask(user, accesses.get(user.id) ?? null, task, performerIds.has(user.id)))
    .map((user) => user.id);
  return { projectId: task.project_id, projectName: projectName ?? '', taskNumber: task.number, taskName: task.name, recipients };
}

export const taskAudience: NotificationAudience = {
  ofTask,
  projectName: projectNameOf,
};

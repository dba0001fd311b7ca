import { projectPath, taskPath } from '@negayno/shared/contract';

/** Where a notification leads, as a full address to put in a message: the task, else the project, else nowhere. */
export function notificationUrl(publicUrl: string, target: { taskId: number | null; projectId: number | null }): string | null {
  if (target.taskId !== null) return `${publicUrl}${taskPath(target.taskId, { projectId: target.projectId ?? undefined })}`;
  if (target.projectId !== null) return `${publicUrl}${projectPath(target.projectId)}`;
  return null;
}

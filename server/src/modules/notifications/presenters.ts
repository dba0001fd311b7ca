import type { Notification } from '@negayno/shared/contract';
import type { NotificationRow } from './repo.js';

function seconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    payload: row.payload,
    taskId: row.taskId,
    projectId: row.projectId,
    dateCreate: seconds(row.createdAt),
    dateViewed: row.dateViewed ? seconds(row.dateViewed) : null,
  };
}

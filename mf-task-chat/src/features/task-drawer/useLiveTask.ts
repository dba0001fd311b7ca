import { rooms, type ServerEvent } from '@negayno/shared/contract';
import { getSocket, isOwnEcho, joinRoom, onReconnect } from '@negayno/shared/api';
import { rootStore } from '@negayno/shared/stores';
import { useEffect, useRef } from 'react';

export interface LiveTaskHandlers {
  /** `task.update`: the task (name, importance, description) changed. */
  onTask: () => void;
  /** `task.files.update`: a file was added, renamed or deleted. */
  onFiles: () => void;
}

/**
 * Keeps an open task live (spec 4): joins `task:{id}` (the server checks the policy), hands the
 * task's events to the drawer's stores and reloads both after a reconnect, as events may have been missed.
 */
export function useLiveTask(taskId: number, handlers: LiveTaskHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    const leave = joinRoom(rooms.task(taskId));
    const socket = getSocket();
    // A step taken in this tab was drawn from its answer (issue 32): its own echo is skipped.
    const onTask = (event: ServerEvent<'task.update'>) =>
      event.taskId === taskId && !isOwnEcho(event, rootStore.session.user?.id ?? null) && latest.current.onTask();
    const onFiles = (event: ServerEvent<'task.files.update'>) => event.taskId === taskId && latest.current.onFiles();
    socket.on('task.update', onTask);
    socket.on('task.files.update', onFiles);
    const stopReconnect = onReconnect(() => {
      latest.current.onTask();
      latest.current.onFiles();
    });
    return () => {
      socket.off('task.update', onTask);
      socket.off('task.files.update', onFiles);
      stopReconnect();
      leave();
    };
  }, [taskId]);
}

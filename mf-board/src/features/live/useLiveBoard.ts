import { rooms, type ServerEvent } from '@negayno/shared/contract';
import { getSocket, joinRoom, onReconnect } from '@negayno/shared/api';
import { useEffect, useRef } from 'react';
import { useWorkStores } from '@negayno/shared/work-stores';

/**
 * Keeps the board shown live: joins `project:{id}` for each project it shows (the server checks the
 * policy) and hands `task.update` to the board; after a reconnect the board reloads what it may have missed.
 * Rooms are joined and left one by one as the projects shown change: leaving and joining them all again
 * missed the events between. A project that appears while the board is open (a new client's, staffed to
 * this person) is read again once its room's join is answered: a task published before that was in
 * neither the first read nor the room (the staffing spec failed so under load).
 */
export function useLiveBoard(projectIds: readonly number[], reload: () => void): void {
  const { board } = useWorkStores();
  const key = [...projectIds].sort((a, b) => a - b).join(',');
  const joined = useRef(new Map<number, () => void>());
  const reloadRef = useRef(reload);
  reloadRef.current = reload;

  useEffect(() => {
    const wanted = new Set(key ? key.split(',').map(Number) : []);
    const firstJoins = joined.current.size === 0;
    for (const [id, leave] of joined.current) {
      if (wanted.has(id)) continue;
      leave();
      joined.current.delete(id);
    }
    // One read for the projects that appeared together, at the first join answered; none for those the
    // board was first shown with (its own first read has them), nor for a reconnect (onReconnect reads).
    let read = firstJoins;
    const readOnce = () => {
      if (read) return;
      read = true;
      reloadRef.current();
    };
    for (const id of wanted) {
      if (joined.current.has(id)) continue;
      joined.current.set(id, joinRoom(rooms.project(id), readOnce));
    }
  }, [key]);

  useEffect(() => {
    const open = joined.current;
    return () => {
      for (const leave of open.values()) leave();
      open.clear();
    };
  }, []);

  useEffect(() => {
    const socket = getSocket();
    const onTask = (event: ServerEvent<'task.update'>) => void board.onTaskUpdate(event);
    socket.on('task.update', onTask);
    // A new message changes the card's unread counters and whose move (issue 13).
    const onChats = (event: ServerEvent<'task.chats.update'>) => void board.onTaskChats(event);
    socket.on('task.chats.update', onChats);
    const stopReconnect = onReconnect(() => reloadRef.current());
    return () => {
      socket.off('task.update', onTask);
      socket.off('task.chats.update', onChats);
      stopReconnect();
    };
  }, [board]);
}

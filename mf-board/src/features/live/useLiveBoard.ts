import { rooms, type ServerEvent } from '@negayno/shared/contract';
import { getSocket, joinRoom, onReconnect } from '@negayno/shared/api';
import { useEffect } from 'react';
import { useWorkStores } from '@negayno/shared/work-stores';

/**
 * Keeps the board shown live: joins `project:{id}` for each project it shows (the server checks the
 * policy) and hands `task.update` to the board; after a reconnect the board reloads what it may have missed.
 */
export function useLiveBoard(projectIds: readonly number[], reload: () => void): void {
  const { board } = useWorkStores();
  const key = [...projectIds].sort((a, b) => a - b).join(',');

  useEffect(() => {
    const leave = key ? key.split(',').map((id) => joinRoom(rooms.project(Number(id)))) : [];
    const socket = getSocket();
    const onTask = (event: ServerEvent<'task.update'>) => void board.onTaskUpdate(event);
    socket.on('task.update', onTask);
    // A new message changes the card's unread counters and whose move (issue 13).
    const onChats = (event: ServerEvent<'task.chats.update'>) => void board.onTaskChats(event);
    socket.on('task.chats.update', onChats);
    const stopReconnect = onReconnect(reload);
    return () => {
      socket.off('task.update', onTask);
      socket.off('task.chats.update', onChats);
      stopReconnect();
      for (const dispose of leave) dispose();
    };
    // `reload` is read on reconnect only; a new closure per render must not rejoin the rooms.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, board]);
}

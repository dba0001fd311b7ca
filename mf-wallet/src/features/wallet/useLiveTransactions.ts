import { getSocket, onReconnect } from '@negayno/shared/api';
import type { ServerEvent } from '@negayno/shared/contract';
import { useEffect } from 'react';
import type { WalletStore } from './wallet-store';

/**
 * Keeps a wallet's statement live: the server sends the owner (their own room, joined at the handshake)
 * each transaction that changed, with its row and the balance as they see them (issue 32); the store
 * puts it in place (or reads that one row, when the event came without it). After a reconnect the whole
 * wallet reloads, as events may have been missed.
 */
export function useLiveTransactions(store: WalletStore): void {
  useEffect(() => {
    const socket = getSocket();
    const target = store.target;
    const onUser = (event: ServerEvent<'user.transaction.update'>) => void store.onTransaction(event.number, event.posted);
    const onProject = (event: ServerEvent<'project.transaction.update'>) => {
      if (target.kind === 'project' && event.projectId === target.projectId) void store.onTransaction(event.number, event.posted);
    };
    const onBonus = (event: ServerEvent<'user.bonus.transaction.update'>) => store.onBonusBalance(event.posted);
    if (target.kind === 'user') {
      socket.on('user.transaction.update', onUser);
      socket.on('user.bonus.transaction.update', onBonus);
    }
    if (target.kind === 'bonus') socket.on('user.bonus.transaction.update', onUser);
    if (target.kind === 'project') socket.on('project.transaction.update', onProject);
    const stopReconnect = onReconnect(() => void store.load());
    return () => {
      socket.off('user.transaction.update', onUser);
      socket.off('user.bonus.transaction.update', onUser);
      socket.off('user.bonus.transaction.update', onBonus);
      socket.off('project.transaction.update', onProject);
      stopReconnect();
    };
  }, [store]);
}

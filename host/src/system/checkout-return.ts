import type { RootStore } from '@negayno/shared/stores';

/**
 * The return from a card checkout (`?payment={orderId}`; on a project's page for its balance) opens
 * the wallet drawer, which shows how the payment ended. Called once the remotes are registered and the
 * session is known; the parameter leaves the address so a reload does not open it again.
 */
export function openWalletOnCheckoutReturn(store: RootStore): void {
  const url = new URL(window.location.href);
  const orderId = url.searchParams.get('payment');
  if (!orderId) return;
  url.searchParams.delete('payment');
  window.history.replaceState(window.history.state, '', url);
  if (!store.session.isAuthenticated) return;
  const projectId = Number(/^\/project\/(\d+)/.exec(url.pathname)?.[1]);
  store.ui.openWallet(projectId ? { kind: 'project', projectId, orderId } : { kind: 'user', orderId });
}

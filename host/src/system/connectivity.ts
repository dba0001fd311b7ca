/** Offline and online events drive the offline banner (spec 4). */
import type { RootStore } from '@negayno/shared/stores';

export function listenToConnectivity(root: RootStore): () => void {
  const online = () => root.ui.setOffline(false);
  const offline = () => root.ui.setOffline(true);
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
}

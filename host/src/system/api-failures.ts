/**
 * Global handling of failed API answers (spec 8): maintenance on 502/503, sign-out on 401, an alert
 * with the code's text otherwise. A `quiet` failure (the caller shows it) gets no alert.
 */
import { bus, type ApiFailure } from '@negayno/shared/bus';
import type { RootStore } from '@negayno/shared/stores';

export function handleApiFailure(root: RootStore, failure: ApiFailure): void {
  const { status, code } = failure;
  if (status === 502 || status === 503 || code === 'maintenance_mode') {
    root.ui.setMaintenance(true);
    return;
  }
  if (status === 401) {
    const wasSignedIn = root.session.isAuthenticated;
    root.session.clear();
    if (wasSignedIn && !failure.quiet) root.alerts.push({ intent: 'error', textKey: 'request_denied' });
    return;
  }
  if (failure.quiet) return;
  if (status === 0) {
    // Losing the network shows the offline banner; a server that does not answer gets an alert.
    if (!root.ui.offline) root.alerts.push({ intent: 'error', textKey: 'server_error' });
    return;
  }
  if (status >= 500) {
    root.alerts.push({ intent: 'error', textKey: 'server_error' });
    return;
  }
  root.alerts.push({ intent: 'error', textKey: code, fallback: failure.message });
}

export function listenToApiFailures(root: RootStore): () => void {
  const handler = (failure: ApiFailure) => handleApiFailure(root, failure);
  bus.on('api:failure', handler);
  return () => bus.off('api:failure', handler);
}

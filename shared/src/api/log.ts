/** The log beacon (POST /log/new): fire and forget, survives page unload. */
import { API_ROOT, endpoints } from '@negayno/shared/contract';

export function sendLog(code: string, message: string): void {
  const payload = JSON.stringify({ code, message: message.slice(0, 2000) });
  const url = `${API_ROOT}${endpoints.system.log.path}`;
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, payload)) return;
    void fetch(url, { method: 'POST', body: payload, keepalive: true, credentials: 'same-origin', headers: { 'Content-Type': 'application/json' } }).catch(
      () => undefined,
    );
  } catch {
    // Logging must never break the caller.
  }
}

/** The log beacon (POST /log/new): fire and forget, survives page unload. */
import { API_ROOT, endpoints, remoteVersionLabel } from '@negayno/shared/contract';

/** The version of each remote this page loaded (the host says, as it registers them), by package name. */
const remoteVersions = new Map<string, string>();

export function setRemoteVersion(remotePackage: string, version: string): void {
  remoteVersions.set(remotePackage, version);
}

/** `remote` (`mf-board`) tags the report with the version this page runs, so failures are counted per release. */
export function sendLog(code: string, message: string, remote?: string): void {
  const version = remote === undefined ? undefined : remoteVersions.get(remote);
  const payload = JSON.stringify({
    code,
    message: message.slice(0, 2000),
    ...(remote !== undefined && version !== undefined ? { remote: remoteVersionLabel(remote, version) } : {}),
  });
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

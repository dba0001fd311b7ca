/**
 * Reloads the page when the deployed version changes (spec 4): at start, every few minutes and
 * when the tab comes back. The version is kept in local and session storage; a reload for a given
 * version happens once, so a server that flip-flops cannot cause a reload loop.
 */
import { call } from '@negayno/shared/api';
import { VERSION_CHECK_INTERVAL_MS, endpoints, type VersionInfo } from '@negayno/shared/contract';
import { readStorage, STORAGE_KEYS, writeStorage } from '@negayno/shared/lib';

const RELOADED_FOR = 'appVersionReloadedFor';

export async function checkVersion(
  reload: () => void = () => window.location.reload(),
  announce: (info: VersionInfo) => void = () => undefined,
): Promise<'same' | 'first' | 'reloading'> {
  const info = await call(endpoints.system.version, {}, { name: 'get-version', quiet: true });
  announce(info);
  const { version } = info;
  const known = readStorage(STORAGE_KEYS.version);
  writeStorage(STORAGE_KEYS.version, version);
  writeStorage(STORAGE_KEYS.version, version, sessionStorage);
  if (known === null) return 'first';
  if (known === version || readStorage(RELOADED_FOR, sessionStorage) === version) return 'same';
  writeStorage(RELOADED_FOR, version, sessionStorage);
  await clearCaches();
  reload();
  return 'reloading';
}

async function clearCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const keys = await caches.keys();
  await Promise.all(keys.map((key) => caches.delete(key)));
}

/**
 * `alsoCheck` (the remotes' versions: remotes/updates.ts) runs at the same moments but the start: the
 * page has just registered its remotes from the remotes.json it loaded.
 */
export function startVersionChecks(alsoCheck: () => Promise<void> = async () => undefined, announce?: (info: VersionInfo) => void): () => void {
  const run = () => {
    void checkVersion(undefined, announce).catch(() => undefined);
    void alsoCheck().catch(() => undefined);
  };
  void checkVersion(undefined, announce).catch(() => undefined);
  const timer = setInterval(run, VERSION_CHECK_INTERVAL_MS);
  const onVisible = () => {
    if (document.visibilityState === 'visible') run();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

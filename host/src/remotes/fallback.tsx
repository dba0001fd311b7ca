/** What a remote that failed to load shows instead: a contained card with a retry button. */
import { remotePackageOf } from '@negayno/shared/contract';
import { createRemoteLifecycles, StatusCard } from '@negayno/shared/ui';
import { useTranslation } from '@negayno/shared/i18n';
import type { LifeCycles } from 'single-spa';
import type { RemoteName } from './registry';

const retryHandlers = new Map<RemoteName, () => void>();

/** The app or parcel that mounts a remote says how to retry it. */
export function onRemoteRetry(remote: RemoteName, handler: () => void): void {
  retryHandlers.set(remote, handler);
}

function RemoteLoadError(props: { remote: RemoteName }) {
  const { t } = useTranslation('common');
  const name = remotePackageOf(props.remote);
  return (
    <StatusCard
      title={t('remoteError.title', { name: t(`remotes.${name}`) })}
      text={t('remoteError.text')}
      onRetry={() => retryHandlers.get(props.remote)?.()}
      testId={`remote-error-${name}`}
    />
  );
}

/** A module shaped like the remote's exposed lifecycles, rendering the error card. */
export function fallbackLifecycles(remote: RemoteName): LifeCycles {
  return createRemoteLifecycles(`fallback-${remote}`, () => <RemoteLoadError remote={remote} />) as LifeCycles;
}

import { useTranslation } from '@negayno/shared/i18n';
import { StatusCard } from './StatusCard.js';

/**
 * What a screen or a list shows when its data did not load: that it failed, and a retry (never an
 * empty state, which would say there is nothing). `role="alert"` comes from the card.
 */
export function LoadFailed(props: { onRetry: () => void; title?: string; text?: string; testId?: string }) {
  const { t } = useTranslation('common');
  return (
    <StatusCard
      title={props.title ?? t('loadFailed.title')}
      text={props.text ?? t('loadFailed.text')}
      onRetry={props.onRetry}
      testId={props.testId ?? 'load-failed'}
    />
  );
}

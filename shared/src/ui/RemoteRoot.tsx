import { FluentProvider, IdPrefixProvider, makeStyles } from '@negayno/shared/fluent';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from '@negayno/shared/i18n';
import { useStores } from '@negayno/shared/stores';
import { ErrorBoundary } from './ErrorBoundary.js';
import { StatusCard } from './StatusCard.js';
import { themes } from './theme.js';

// Fluent copies the provider's classes onto its portal mount nodes (they need the theme's CSS
// variables), so this class must be harmless there: no sizing, only a see-through background.
const useStyles = makeStyles({
  provider: { backgroundColor: 'transparent' },
});

/**
 * Wraps every React root of the page (the host and each remote mount their own root): the shared
 * Fluent theme, an id prefix so generated ids of two roots never collide, and an error boundary.
 */
export const RemoteRoot = observer(function RemoteRoot(props: { name: string; children: ReactNode }) {
  const { ui } = useStores();
  const styles = useStyles();
  return (
    <IdPrefixProvider value={`${props.name}-`}>
      <FluentProvider theme={themes[ui.effectiveTheme]} className={styles.provider} data-theme={ui.effectiveTheme}>
        <ErrorBoundary name={props.name} fallback={(retry) => <CrashCard onRetry={retry} />}>
          {props.children}
        </ErrorBoundary>
      </FluentProvider>
    </IdPrefixProvider>
  );
});

function CrashCard(props: { onRetry: () => void }) {
  const { t } = useTranslation('common');
  return <StatusCard title={t('crashed.title')} text={t('crashed.text')} onRetry={props.onRetry} testId="remote-crash" />;
}

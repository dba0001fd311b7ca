import { API_ROOT, endpoints } from '@negayno/shared/contract';
import { Button, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { WrenchRegular } from '@fluentui/react-icons';
import { Logo } from '@negayno/shared/ui';
import { useEffect } from 'react';
import { useTranslation } from '@negayno/shared/i18n';

const RETRY_MS = 60_000;

const useStyles = makeStyles({
  page: { minHeight: '100vh', display: 'grid', placeItems: 'center', padding: tokens.spacingHorizontalL, boxSizing: 'border-box' },
  box: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalL, textAlign: 'center', maxWidth: '460px' },
  icon: { fontSize: '56px', color: tokens.colorBrandForeground1 },
});

/** 502/503: the server is being updated. It retries on its own (spec 8). */
export function MaintenancePage() {
  const { t } = useTranslation('common');
  const styles = useStyles();
  useEffect(() => {
    const timer = setInterval(() => void probeAndReload(), RETRY_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className={styles.page} data-testid="maintenance-page">
      <div className={styles.box}>
        <Logo />
        <WrenchRegular className={styles.icon} aria-hidden />
        <Text as="h1" size={700} weight="semibold">
          {t('maintenance.title')}
        </Text>
        <Text size={400}>{t('maintenance.text')}</Text>
        <Button appearance="primary" onClick={() => void probeAndReload()}>
          {t('maintenance.retryNow')}
        </Button>
      </div>
    </div>
  );
}

async function probeAndReload(): Promise<void> {
  try {
    // A bare fetch, not `call`: the probe wants the HTTP status alone, without alerts or sign-out.
    const response = await fetch(`${API_ROOT}${endpoints.users.profile.path}`, { credentials: 'same-origin', cache: 'no-store' });
    if (response.status !== 502 && response.status !== 503) window.location.reload();
  } catch {
    // Still unreachable: try again at the next tick.
  }
}

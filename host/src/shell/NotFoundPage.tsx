import { Button, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { CompassNorthwestRegular } from '@fluentui/react-icons';
import { ROUTES } from '@negayno/shared/contract';
import { navigate } from '@negayno/shared/lib';
import { useTranslation } from '@negayno/shared/i18n';

const useStyles = makeStyles({
  page: { display: 'grid', placeItems: 'center', padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalL}` },
  box: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalM, textAlign: 'center', maxWidth: '460px' },
  code: { fontSize: '64px', fontWeight: tokens.fontWeightBold, color: tokens.colorBrandForeground1, lineHeight: 1 },
  icon: { fontSize: '40px', color: tokens.colorNeutralForeground3 },
});

export function NotFoundPage() {
  const { t } = useTranslation('common');
  const styles = useStyles();
  return (
    <div className={styles.page} data-testid="not-found-page">
      <div className={styles.box}>
        <CompassNorthwestRegular className={styles.icon} aria-hidden />
        <span className={styles.code}>404</span>
        <Text as="h1" size={600} weight="semibold">
          {t('notFound.title')}
        </Text>
        <Text>{t('notFound.text')}</Text>
        <Button
          appearance="primary"
          as="a"
          href={ROUTES.home}
          onClick={(event) => {
            event.preventDefault();
            navigate(ROUTES.home);
          }}
        >
          {t('notFound.goHome')}
        </Button>
      </div>
    </div>
  );
}

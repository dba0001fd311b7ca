import { Card, DrawerBody, Skeleton, SkeletonItem, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { GiftRegular, WalletRegular } from '@fluentui/react-icons';
import { DRAWER_MAX_WIDTH } from '@negayno/shared/contract';
import { formatMoney } from '@negayno/shared/lib';
import { useStores, type WalletKind } from '@negayno/shared/stores';
import { SideDrawer } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WalletStore } from './wallet-store';

const useStyles = makeStyles({
  drawer: { width: `min(${DRAWER_MAX_WIDTH}px, 100vw)` },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  card: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'row', alignItems: 'center', gap: tokens.spacingHorizontalL },
  icon: { fontSize: '32px', color: tokens.colorBrandForeground1 },
  amount: { fontSize: tokens.fontSizeHero700, fontWeight: tokens.fontWeightSemibold, lineHeight: tokens.lineHeightHero700 },
});

export interface WalletDrawerProps {
  kind: WalletKind;
  projectId?: number;
  onClose: () => void;
}

/** The wallet drawer: the user's wallet and bonus balances, or a project's balance. */
export const WalletDrawer = observer(function WalletDrawer(props: WalletDrawerProps) {
  const { t } = useTranslation('wallet');
  const { ui, projects } = useStores();
  const styles = useStyles();
  const [store] = useState(() => new WalletStore());
  const isProject = props.kind === 'project';
  const project = isProject && projects.current?.id === props.projectId ? projects.current : null;
  const language = ui.language;

  useEffect(() => {
    if (!isProject) void store.loadUserWallet();
  }, [isProject, store]);

  const loading = isProject ? !project : store.status === 'loading';

  return (
    <SideDrawer title={isProject ? t('projectTitle') : t('title')} onClose={props.onClose} className={styles.drawer} testId="wallet-drawer">
      <DrawerBody className={styles.body}>
        {loading ? (
          <Skeleton aria-label={t('common:loading')}>
            <SkeletonItem size={72} style={{ marginBottom: 12 }} />
            <SkeletonItem size={72} />
          </Skeleton>
        ) : (
          <>
            <Card className={styles.card}>
              <WalletRegular className={styles.icon} aria-hidden />
              <div>
                <Text block>{isProject ? t('balance') : t('total')}</Text>
                <Text className={styles.amount} data-testid="wallet-balance">
                  {isProject
                    ? formatMoney(project?.balance ?? 0, project?.currency ?? 'UAH', language)
                    : formatMoney(store.balance?.balance ?? 0, store.balance?.currency ?? 'UAH', language)}
                </Text>
              </div>
            </Card>
            {!isProject && (
              <Card className={styles.card}>
                <GiftRegular className={styles.icon} aria-hidden />
                <div>
                  <Text block>{t('bonusBalance')}</Text>
                  <Text className={styles.amount} data-testid="wallet-bonus">
                    {formatMoney(store.bonus?.balance ?? 0, store.bonus?.currency ?? 'UAH', language)}
                  </Text>
                  <Text size={200} block>
                    {t('bonusHint')}
                  </Text>
                </div>
              </Card>
            )}
          </>
        )}
      </DrawerBody>
    </SideDrawer>
  );
});

import { MessageBar, MessageBarBody, makeStyles, tokens } from '@negayno/shared/fluent';
import { DrawerBody } from '@negayno/shared/fluent-panels';
import { Tab, TabList } from '@negayno/shared/fluent-drawers';
import { DRAWER_MAX_WIDTH, type PaymentOrderState } from '@negayno/shared/contract';
import { formatMoney } from '@negayno/shared/lib';
import { useStores, type WalletKind } from '@negayno/shared/stores';
import { SideDrawer } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from '@negayno/shared/i18n';
import { PartnerProgram } from './PartnerProgram';
import { WalletPanel } from './WalletPanel';
import { WalletStore } from './wallet-store';

const useStyles = makeStyles({
  drawer: { width: `min(${DRAWER_MAX_WIDTH}px, 100vw)` },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, paddingBottom: tokens.spacingVerticalXL },
  // Three tabs do not fit one line of a phone in Ukrainian: the last one wraps under the others.
  tabs: { flexWrap: 'wrap' },
});

export interface WalletDrawerProps {
  kind: WalletKind;
  projectId?: number;
  /** The card order the payer came back from (`?payment=` on the return address). */
  orderId?: string;
  /** The task page a top-up started from its tips dialog comes back to (issue 33). */
  returnTo?: string;
  onClose: () => void;
}

type UserTab = 'user' | 'bonus' | 'partner';

/** The wallet drawer: the user's wallet, bonus and partner program, or a project's balance (its administrators only). */
export const WalletDrawer = observer(function WalletDrawer(props: WalletDrawerProps) {
  const { t } = useTranslation('wallet');
  const styles = useStyles();
  const isProject = props.kind === 'project' && props.projectId !== undefined;
  const [tab, setTab] = useState<UserTab>(props.kind === 'bonus' ? 'bonus' : 'user');
  const [stores] = useState(() => ({
    user: new WalletStore({ kind: 'user' }, props.returnTo),
    bonus: new WalletStore({ kind: 'bonus' }),
    project: props.projectId !== undefined ? new WalletStore({ kind: 'project', projectId: props.projectId }) : null,
  }));

  return (
    <SideDrawer title={isProject ? t('projectTitle') : t('title')} onClose={props.onClose} className={styles.drawer} testId="wallet-drawer">
      <DrawerBody className={styles.body}>
        {props.orderId && <OrderResult orderId={props.orderId} store={isProject ? stores.project! : stores.user} />}
        {isProject ? (
          <WalletPanel store={stores.project!} />
        ) : (
          <>
            <TabList className={styles.tabs} selectedValue={tab} onTabSelect={(_event, data) => setTab(data.value as UserTab)} data-testid="wallet-tabs">
              <Tab value="user">{t('tabs.wallet')}</Tab>
              <Tab value="bonus">{t('tabs.bonus')}</Tab>
              <Tab value="partner">{t('tabs.partner')}</Tab>
            </TabList>
            {tab === 'partner' ? <PartnerProgram /> : <WalletPanel key={tab} store={stores[tab]} />}
          </>
        )}
      </DrawerBody>
    </SideDrawer>
  );
});

/** How the card payment the payer came back from ended; a pending one is asked again shortly. */
const OrderResult = observer(function OrderResult(props: { orderId: string; store: WalletStore }) {
  const { t } = useTranslation('wallet');
  const { ui } = useStores();
  const { store, orderId } = props;
  useEffect(() => {
    void store.loadOrder(orderId);
    const timer = setInterval(() => {
      if (store.order?.status === 'pending') void store.loadOrder(orderId);
    }, 3000);
    return () => clearInterval(timer);
  }, [store, orderId]);
  const order: PaymentOrderState | null = store.order;
  if (!order) return null;
  const intent = order.status === 'completed' ? 'success' : order.status === 'rejected' ? 'error' : 'warning';
  return (
    <MessageBar intent={intent} data-testid="payment-result" data-status={order.status}>
      <MessageBarBody>{t(`payment.${order.status}`, { amount: formatMoney(order.amount, order.currency, ui.language) })}</MessageBarBody>
    </MessageBar>
  );
});

import { MessageBar, MessageBarBody, Skeleton, SkeletonItem, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { Card } from '@negayno/shared/fluent-panels';
import { GiftRegular, WalletRegular } from '@fluentui/react-icons';
import { currencySign, formatMoney } from '@negayno/shared/lib';
import { useStores } from '@negayno/shared/stores';
import { StatusCard } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect } from 'react';
import { useTranslation } from '@negayno/shared/i18n';
import { AmountForm } from './AmountForm';
import { goToCheckout } from './checkout';
import { MonthChart } from './MonthChart';
import { TransactionList } from './TransactionList';
import { useLiveTransactions } from './useLiveTransactions';
import type { WalletStore } from './wallet-store';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  card: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'row', alignItems: 'center', gap: tokens.spacingHorizontalL },
  icon: { fontSize: '32px', color: tokens.colorBrandForeground1, flexShrink: 0 },
  amount: { fontSize: tokens.fontSizeHero700, fontWeight: tokens.fontWeightSemibold, lineHeight: tokens.lineHeightHero700 },
  heading: { fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold, margin: 0 },
});

/** One balance: its total, what its owner may do with it (spec 6), the month chart and the statement. */
export const WalletPanel = observer(function WalletPanel(props: { store: WalletStore }) {
  const { t } = useTranslation('wallet');
  const { ui } = useStores();
  const styles = useStyles();
  const { store } = props;
  const kind = store.target.kind;
  useLiveTransactions(store);

  useEffect(() => {
    void store.load();
  }, [store]);

  const hintOf = useCallback(
    async (amount: number | string) => {
      await store.calculate(amount);
      const calculation = store.calculation!;
      return t('topUpHint', {
        total: formatMoney(calculation.total, calculation.currency, ui.language),
        fee: formatMoney(calculation.fee, calculation.currency, ui.language),
        balance: formatMoney(calculation.balance, calculation.currency, ui.language),
      });
    },
    [store, t, ui],
  );

  if (store.status === 'loading') {
    return (
      <Skeleton aria-label={t('common:loading')}>
        <SkeletonItem size={72} style={{ marginBottom: 12 }} />
        <SkeletonItem size={40} />
      </Skeleton>
    );
  }
  if (store.status !== 'ready' || !store.balance) {
    return <StatusCard title={t('loadFailed')} text={t('loadFailedText')} onRetry={() => void store.load()} testId="wallet-error" />;
  }
  const balance = store.balance;
  const can =
    kind === 'project'
      ? { topUp: true, payout: false, tipsStatistics: false }
      : kind === 'bonus'
        ? { topUp: false, payout: false, tipsStatistics: false }
        : store.wallet!.can;
  const unit = currencySign(balance.currency);

  return (
    <div className={styles.panel}>
      <Card className={styles.card}>
        {kind === 'bonus' ? <GiftRegular className={styles.icon} aria-hidden /> : <WalletRegular className={styles.icon} aria-hidden />}
        <div>
          <Text block>{kind === 'bonus' ? t('bonusBalance') : kind === 'project' ? t('balance') : t('total')}</Text>
          <Text className={styles.amount} data-testid="wallet-balance">
            {formatMoney(balance.balance, balance.currency, ui.language)}
          </Text>
          {kind === 'bonus' && (
            <Text size={200} block>
              {t('bonusHint')}
            </Text>
          )}
        </div>
      </Card>

      {can.topUp && (
        <AmountForm
          label={t('topUpAmount')}
          submitLabel={t('topUp')}
          unit={unit}
          hintOf={hintOf}
          onSubmit={async (amount, key) => goToCheckout(await store.pay(amount, key))}
          testId="top-up-form"
        />
      )}
      {can.payout && (
        <AmountForm
          label={t('payoutAmount')}
          submitLabel={t('withdrawalRequest')}
          unit={unit}
          onSubmit={(amount, key) => store.requestPayout(amount, key)}
          testId="payout-form"
        />
      )}
      {kind === 'user' && !can.topUp && !can.payout && store.wallet?.billingEmail && (
        <MessageBar intent="info" data-testid="billing-hint">
          <MessageBarBody>{t('topUpDisabled', { email: store.wallet.billingEmail })}</MessageBarBody>
        </MessageBar>
      )}

      <section aria-labelledby="wallet-chart-title">
        <h3 id="wallet-chart-title" className={styles.heading}>
          {t('statistics')}
        </h3>
        <MonthChart store={store} showTips={can.tipsStatistics} earner={can.payout} />
      </section>

      <section aria-labelledby="wallet-transactions-title">
        <h3 id="wallet-transactions-title" className={styles.heading}>
          {t('transactions')}
        </h3>
        <TransactionList store={store} />
      </section>
    </div>
  );
});

import { Button, Spinner, Skeleton, SkeletonItem, Text, makeStyles, mergeClasses, tokens } from '@negayno/shared/fluent';
import { ReceiptRegular } from '@fluentui/react-icons';
import type { Transaction } from '@negayno/shared/contract';
import { formatMoney, toDate } from '@negayno/shared/lib';
import { useStores } from '@negayno/shared/stores';
import { EmptyState, StatusCard } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { useRef } from 'react';
import { useTranslation } from '@negayno/shared/i18n';
import type { WalletStore } from './wallet-store';

const useStyles = makeStyles({
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    width: '100%',
    // The list takes the focus when a cancelled payout's button goes: a ring clear of the rows' text.
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: tokens.spacingHorizontalXXS,
      borderRadius: tokens.borderRadiusMedium,
    },
  },
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalS} 0`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  title: { overflowWrap: 'anywhere' },
  meta: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  amount: { textAlign: 'end', fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap' },
  status: { textAlign: 'end' },
  pending: { color: tokens.colorStatusWarningForeground1 },
  // Foreground1 is 4.16:1 on the dark theme's background (small text needs 4.5): 3 passes in both themes.
  rejected: { color: tokens.colorStatusDangerForeground3 },
  more: { alignSelf: 'center', marginTop: tokens.spacingVerticalS },
  footer: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalS },
});

/** What a row is called (spec 3 types; a payout's wording follows its status, spec 4). */
function titleKey(row: Transaction): string {
  if (row.paymentType === 'payout') return `payout.${row.status}`;
  return `types.${row.paymentType}.${row.type}`;
}

const TransactionRow = observer(function TransactionRow(props: { row: Transaction; onCancel: (number: number) => void }) {
  const { t } = useTranslation('wallet');
  const { ui } = useStores();
  const styles = useStyles();
  const { row } = props;
  const sign = row.type === 'income' ? '+' : '−';
  const who = row.type === 'income' ? row.sender : row.recipient;
  const details = [
    `#${row.number}`,
    toDate(row.date).toLocaleString(ui.language === 'uk' ? 'uk-UA' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }),
    row.project?.name,
    row.task ? `#${row.task.number} ${row.task.name}` : undefined,
    who ? `${who.firstname} ${who.lastname}` : undefined,
  ].filter(Boolean);
  return (
    <li className={styles.row} data-testid="transaction-row" data-number={row.number} data-status={row.status}>
      <Text className={styles.title} weight="medium">
        {t(titleKey(row))}
      </Text>
      <Text className={styles.amount}>
        {sign}
        {formatMoney(row.amount, row.currency, ui.language)}
      </Text>
      <Text size={200} className={styles.meta}>
        {details.join(' · ')}
      </Text>
      <Text size={200} className={mergeClasses(styles.status, row.status === 'pending' && styles.pending, row.status === 'rejected' && styles.rejected)}>
        {t(`status.${row.status}`)}
      </Text>
      {row.settlementNote && (
        <Text size={200} className={styles.meta} data-testid="settlement-note">
          {t(row.status === 'rejected' ? 'settlementReason' : 'settlementReference', { note: row.settlementNote })}
        </Text>
      )}
      {row.can.cancel && (
        <Button size="small" appearance="subtle" onClick={() => props.onCancel(row.number)} data-testid="cancel-payout">
          {t('cancelPayout')}
        </Button>
      )}
    </li>
  );
});

/** The statement: 20 rows, then "show more"; a skeleton while loading, the empty state, a retry on failure. */
export const TransactionList = observer(function TransactionList(props: { store: WalletStore }) {
  const { t } = useTranslation('wallet');
  const styles = useStyles();
  const { store } = props;
  const list = useRef<HTMLUListElement>(null);
  // The cancel button leaves with the pending state (its event may come before the call's answer): the
  // list takes the focus as it is pressed, so the keyboard stays in the drawer.
  const onCancel = (number: number) => {
    list.current?.focus();
    store.cancelPayout(number).catch(() => undefined);
  };

  if (store.listStatus === 'loading') {
    return (
      <Skeleton aria-label={t('common:loading')}>
        {[0, 1, 2].map((index) => (
          <SkeletonItem key={index} size={40} style={{ marginBottom: 8 }} />
        ))}
      </Skeleton>
    );
  }
  if (store.listStatus === 'error' || store.listStatus === 'gone') {
    return (
      <StatusCard
        title={t('transactionsFailed')}
        text={t('transactionsFailedText')}
        onRetry={() => void store.loadTransactions()}
        testId="transactions-error"
      />
    );
  }
  if (store.transactions.length === 0)
    return <EmptyState icon={<ReceiptRegular />} title={t('noTransactions')} text={t('noTransactionsText')} testId="transactions-empty" />;
  return (
    <div className={styles.footer}>
      <ul ref={list} tabIndex={-1} className={styles.list} aria-label={t('transactions')} data-testid="transactions">
        {store.transactions.map((row) => (
          <TransactionRow key={row.number} row={row} onCancel={onCancel} />
        ))}
      </ul>
      {store.moreStatus === 'error' && <Text role="alert">{t('moreFailed')}</Text>}
      {store.hasMore && (
        <Button
          className={styles.more}
          onClick={() => void store.loadMore()}
          disabled={store.moreStatus === 'loading'}
          icon={store.moreStatus === 'loading' ? <Spinner size="tiny" /> : undefined}
          data-testid="transactions-more"
        >
          {t('showMore')}
        </Button>
      )}
    </div>
  );
});

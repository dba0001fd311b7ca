import { Badge, Button, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { Card, Switch } from '@negayno/shared/fluent-panels';
import { ChevronDownRegular, ChevronUpRegular, MoneyRegular } from '@fluentui/react-icons';
import { LENGTH, type Currency, type OpsPayout } from '@negayno/shared/contract';
import { formatDateTime, formatMoney, fullName } from '@negayno/shared/lib';
import { useTranslation } from '@negayno/shared/i18n';
import { useStores } from '@negayno/shared/stores';
import { LoadFailed } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { ConfirmDialog, ListFrame, useOpsStyles } from '../parts';
import { PayoutsStore } from './payouts-store';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, listStyleType: 'none', margin: 0, padding: 0 },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  who: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  amount: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  history: { display: 'flex', flexDirection: 'column', gap: '2px', borderTop: `1px solid ${tokens.colorNeutralStroke2}`, paddingTop: tokens.spacingVerticalS },
  tx: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  income: { color: tokens.colorPaletteGreenForeground1 },
});

/** Payouts: pending requests oldest first, each with the payee's wallet and its history; complete with a reference or reject with a reason. */
export const PayoutsSection = observer(function PayoutsSection(props: { store?: PayoutsStore }) {
  const { t } = useTranslation('ops');
  const { ui } = useStores();
  const styles = useOpsStyles();
  const own = useStyles();
  const [store] = useState(() => props.store ?? new PayoutsStore());
  const [open, setOpen] = useState<Set<number>>(new Set());
  const [settling, setSettling] = useState<{ payout: OpsPayout; action: 'complete' | 'reject' } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { list } = store;
  const money = (amount: number, currency: string) => formatMoney(amount, currency as Currency, ui.language);

  useEffect(() => void list.load(), [list]);

  const toggle = (payout: OpsPayout) => {
    const next = new Set(open);
    if (next.has(payout.number)) next.delete(payout.number);
    else {
      next.add(payout.number);
      void store.loadHistory(payout.payee.id);
    }
    setOpen(next);
  };

  return (
    <section className={styles.section} data-testid="ops-payouts">
      <div className={styles.toolbar}>
        <Switch
          label={t('payouts.showSettled')}
          checked={list.filters.status === 'settled'}
          onChange={(_event, data) => void list.setFilters({ status: data.checked ? 'settled' : 'pending' })}
          data-testid="payouts-settled"
        />
      </div>
      {notice && (
        <MessageBar intent="success" data-testid="payouts-notice">
          <MessageBarBody>{notice}</MessageBarBody>
        </MessageBar>
      )}
      <ListFrame list={list} empty={{ title: t('payouts.emptyTitle'), text: t('payouts.emptyText'), icon: <MoneyRegular /> }} testId="payouts">
        <ul className={own.list} aria-label={t('section.payouts')}>
          {list.items.map((payout) => {
            const history = store.histories.get(payout.payee.id);
            const expanded = open.has(payout.number);
            return (
              <li key={payout.number}>
                <Card data-testid="payout-row" data-number={payout.number}>
                  <div className={own.head}>
                    <div className={own.who}>
                      <Text weight="semibold">
                        №{payout.number} · {fullName(payout.payee)} <span className={styles.muted}>({t(`role.${payout.payee.role}`)})</span>
                      </Text>
                      <Text size={200} className={styles.muted}>
                        {payout.payee.email} · {t('payouts.date')} {formatDateTime(payout.dateCreate, ui.language)}
                      </Text>
                      <Text size={200} className={styles.muted}>
                        {t('payouts.wallet')}: {money(payout.walletBalance, payout.currency)}
                      </Text>
                      {payout.settlementNote && (
                        <Text size={200} data-testid="payout-note">
                          {t('payouts.note', { note: payout.settlementNote })}
                        </Text>
                      )}
                    </div>
                    <Text className={own.amount}>{money(payout.amount, payout.currency)}</Text>
                  </div>
                  <div className={styles.rowActions}>
                    {payout.status === 'pending' ? (
                      <>
                        <Button appearance="primary" size="small" onClick={() => setSettling({ payout, action: 'complete' })} data-testid="payout-complete">
                          {t('payouts.complete')}
                        </Button>
                        <Button size="small" onClick={() => setSettling({ payout, action: 'reject' })} data-testid="payout-reject">
                          {t('payouts.reject')}
                        </Button>
                      </>
                    ) : (
                      <Badge appearance="tint" color={payout.status === 'completed' ? 'success' : 'subtle'} data-testid="payout-status">
                        {t(`payouts.statuses.${payout.status}`)}
                      </Badge>
                    )}
                    <Button
                      size="small"
                      appearance="subtle"
                      icon={expanded ? <ChevronUpRegular /> : <ChevronDownRegular />}
                      aria-expanded={expanded}
                      onClick={() => toggle(payout)}
                      data-testid="payout-history-toggle"
                    >
                      {expanded ? t('payouts.hideHistory') : t('payouts.history')}
                    </Button>
                  </div>
                  {expanded && (
                    <div className={own.history} data-testid="payout-history">
                      {!history || history.status === 'loading' ? (
                        <Spinner size="tiny" />
                      ) : history.status !== 'ready' ? (
                        <LoadFailed onRetry={() => void store.loadHistory(payout.payee.id)} />
                      ) : history.list.length === 0 ? (
                        <Text size={200} className={styles.muted}>
                          {t('payouts.historyEmpty')}
                        </Text>
                      ) : (
                        history.list.map((tx) => (
                          <div key={tx.number} className={own.tx}>
                            <Text size={200} className={styles.muted}>
                              {formatDateTime(tx.date, ui.language)} · {t(`payouts.${tx.type}`)} · {t(`payouts.statuses.${tx.status}`)}
                              {tx.project ? ` · ${tx.project.name}` : ''}
                            </Text>
                            <Text size={200} className={tx.type === 'income' ? own.income : undefined}>
                              {tx.type === 'income' ? '+' : '−'}
                              {money(tx.amount, tx.currency)} → {money(tx.balanceAfter, tx.currency)}
                            </Text>
                          </div>
                        ))
                      )}
                    </div>
                  )}
                </Card>
              </li>
            );
          })}
        </ul>
      </ListFrame>
      {settling && (
        <ConfirmDialog
          key={`${settling.action}-${settling.payout.number}`}
          title={
            settling.action === 'complete'
              ? t('payouts.completeTitle', { number: settling.payout.number, amount: money(settling.payout.amount, settling.payout.currency) })
              : t('payouts.rejectTitle', { number: settling.payout.number })
          }
          field={
            settling.action === 'complete'
              ? { label: t('payouts.reference'), name: 'reference', maxLength: LENGTH.name }
              : { label: t('payouts.reason'), name: 'reason', maxLength: LENGTH.name }
          }
          confirmLabel={settling.action === 'complete' ? t('payouts.complete') : t('payouts.reject')}
          testId={settling.action === 'complete' ? 'complete-dialog' : 'reject-dialog'}
          onClose={() => setSettling(null)}
          onConfirm={async (value) => {
            const { payout, action } = settling;
            if (action === 'complete') {
              await store.complete(payout, value);
              setNotice(t('payouts.completed', { number: payout.number }));
            } else {
              await store.reject(payout, value);
              setNotice(t('payouts.rejected', { number: payout.number }));
            }
          }}
        />
      )}
    </section>
  );
});

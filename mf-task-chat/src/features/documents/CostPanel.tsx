/** What the task has cost so far (`GET /task/{id}/ledger`), for the client administrator and staff. */
import type { TaskLedger } from '@negayno/shared/contract';
import { Text } from '@negayno/shared/fluent';
import { Card } from '@negayno/shared/fluent-panels';
import { CardHeader } from '@negayno/shared/fluent-drawers';
import { currentLanguage, useTranslation } from '@negayno/shared/i18n';
import { formatMoney } from '@negayno/shared/lib';

/** Whether any money of the task has moved yet: committed, held, paid out, refunded or tipped. */
export function hasMoved(ledger: TaskLedger): boolean {
  return ledger.committed > 0 || ledger.inEscrow > 0 || ledger.released.length > 0 || ledger.refunded > 0 || ledger.tips > 0;
}

export function CostPanel(props: { ledger: TaskLedger }) {
  const { t } = useTranslation('workflow');
  const language = currentLanguage();
  const { ledger } = props;
  const money = (amount: number) => formatMoney(amount, ledger.currency, language);
  const released = ledger.released.reduce((sum, entry) => sum + entry.amount, 0);
  const rows: Array<[string, number]> = [
    ['committed', ledger.committed],
    ['inEscrow', ledger.inEscrow],
    ['released', released],
    ['refunded', ledger.refunded],
    ['tips', ledger.tips],
  ];
  return (
    <Card data-testid="cost-panel">
      <CardHeader header={<Text weight="semibold">{t('ledger.title')}</Text>} />
      <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto auto', gap: '4px 16px' }}>
        {rows.map(([key, amount]) => (
          <div key={key} style={{ display: 'contents' }} data-testid={`cost-${key}`}>
            <dt>{t(`ledger.${key}`)}</dt>
            <dd style={{ margin: 0 }}>{money(amount)}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

import { Button, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { Card, Switch } from '@negayno/shared/fluent-panels';
import { MoneyRegular } from '@fluentui/react-icons';
import { CHART_HEIGHT, type Currency } from '@negayno/shared/contract';
import { formatMoney } from '@negayno/shared/lib';
import { useTranslation } from '@negayno/shared/i18n';
import { useStores } from '@negayno/shared/stores';
import { EmptyState, LoadFailed } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { VictoryAxis, VictoryBar, VictoryChart, VictoryGroup } from 'victory';
import { ListSkeleton, useOpsStyles } from '../parts';
import { MONEY_SERIES, MoneyStore, type MoneySeries } from './money-store';

const COLORS: Record<MoneySeries, string> = {
  revenue: 'var(--colorBrandBackground)',
  escrow: 'var(--colorPaletteMarigoldBorderActive)',
  payoutsPending: 'var(--colorPaletteRedBorderActive)',
  payoutsPaid: 'var(--colorPaletteGreenBorderActive)',
  topUps: 'var(--colorPaletteBerryBorderActive)',
};

const AXIS_ROOM = 58;
const axisStyle = {
  axis: { stroke: 'var(--colorNeutralStroke1)' },
  tickLabels: { fill: 'var(--colorNeutralForeground2)', fontSize: 10, fontFamily: 'inherit' },
  grid: { stroke: 'none' },
};

const useStyles = makeStyles({
  cards: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: tokens.spacingHorizontalM },
  total: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  swatch: { display: 'inline-block', width: '10px', height: '10px', borderRadius: '2px', marginInlineEnd: tokens.spacingHorizontalXS },
  legend: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
  chart: { maxWidth: '900px' },
});

/** Money: totals and a bar chart per month (revenue, escrow, payouts pending and paid, top-ups); each series can be hidden. */
export const MoneySection = observer(function MoneySection(props: { store?: MoneyStore }) {
  const { t } = useTranslation('ops');
  const { ui } = useStores();
  const styles = useOpsStyles();
  const own = useStyles();
  const [store] = useState(() => props.store ?? new MoneyStore());

  useEffect(() => void store.load(), [store]);

  if (store.status === 'idle' || store.status === 'loading') return <ListSkeleton />;
  if (store.status !== 'ready' || !store.money) return <LoadFailed onRetry={() => void store.load()} testId="money-failed" />;

  const { money } = store;
  const currency = money.currency as Currency;
  const locale = ui.language === 'uk' ? 'uk-UA' : 'en-GB';
  const label = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleString(locale, { month: 'short', year: '2-digit', timeZone: 'UTC' });
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  const months = store.months;
  const series = store.series;

  return (
    <section className={styles.section} data-testid="ops-money">
      <Text as="h2" size={500} weight="semibold">
        {t('money.totals')}
      </Text>
      <div className={own.cards}>
        {MONEY_SERIES.map((key) => (
          <Card key={key} data-testid={`money-total-${key}`}>
            <Text size={200} className={styles.muted}>
              <span className={own.swatch} style={{ backgroundColor: COLORS[key] }} aria-hidden />
              {t(`money.${key}`)}
            </Text>
            <Text className={own.total}>{formatMoney(money.totals[key], currency, ui.language)}</Text>
          </Card>
        ))}
      </div>
      <Text as="h2" size={500} weight="semibold">
        {t('money.perMonth')}
      </Text>
      {months.length === 0 ? (
        <EmptyState icon={<MoneyRegular />} title={t('money.emptyTitle')} testId="money-empty" />
      ) : (
        <>
          <div className={own.legend} role="group" aria-label={t('money.chart')}>
            {MONEY_SERIES.map((key) => (
              <Switch
                key={key}
                checked={!store.hidden.has(key)}
                onChange={() => store.toggle(key)}
                label={t(`money.${key}`)}
                data-testid={`money-series-${key}`}
              />
            ))}
          </div>
          <div className={own.chart} data-testid="money-chart">
            <VictoryChart
              title={t('money.chart')}
              height={CHART_HEIGHT + 60}
              width={600}
              padding={{ top: 12, bottom: 28, left: AXIS_ROOM, right: 8 }}
              domainPadding={{ x: 30 }}
            >
              <VictoryAxis tickValues={months.map((month) => month.month)} tickFormat={label} style={axisStyle} />
              <VictoryAxis dependentAxis tickFormat={(value: number) => compact.format(value / 100)} style={axisStyle} tickCount={4} />
              {series.length > 0 && (
                <VictoryGroup offset={Math.max(4, 40 / series.length)}>
                  {series.map((key) => (
                    <VictoryBar
                      key={key}
                      barWidth={Math.max(3, 36 / series.length)}
                      style={{ data: { fill: COLORS[key] } }}
                      data={months.map((month) => ({ x: month.month, y: month[key] }))}
                    />
                  ))}
                </VictoryGroup>
              )}
            </VictoryChart>
          </div>
          {store.hasMore && (
            <Button className={styles.more} onClick={() => store.more()} data-testid="money-more">
              {t('more')}
            </Button>
          )}
        </>
      )}
    </section>
  );
});

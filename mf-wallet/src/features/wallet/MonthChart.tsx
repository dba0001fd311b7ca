import { Skeleton, SkeletonItem, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { CHART_HEIGHT, type BalanceStatMonth } from '@negayno/shared/contract';
import { useStores } from '@negayno/shared/stores';
import { StatusCard } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { useTranslation } from '@negayno/shared/i18n';
import { VictoryAxis, VictoryBar, VictoryChart, VictoryGroup, VictoryLegend } from 'victory';
import type { WalletStore } from './wallet-store';

// Room left of the bars for the widest compact label ("1,5 тис.", "999.9K") at the axis font size.
const AXIS_ROOM = 58;

type Series = { key: string; color: string; value: (month: BalanceStatMonth) => number };

const SERIES: Record<'in' | 'projects' | 'tasks' | 'tips', Series> = {
  in: { key: 'chart.debit', color: 'var(--colorBrandBackground)', value: (month) => month.debit },
  projects: { key: 'chart.projects', color: 'var(--colorPaletteMarigoldBorderActive)', value: (month) => month.debits.projects },
  tasks: { key: 'chart.tasks', color: 'var(--colorBrandBackground)', value: (month) => month.credits.tasks },
  tips: { key: 'chart.tips', color: 'var(--colorPaletteGreenBorderActive)', value: (month) => month.credits.tips },
};

const useStyles = makeStyles({
  empty: { color: tokens.colorNeutralForeground3 },
});

const axisStyle = {
  axis: { stroke: 'var(--colorNeutralStroke1)' },
  tickLabels: { fill: 'var(--colorNeutralForeground2)', fontSize: 10, fontFamily: 'inherit' },
  grid: { stroke: 'none' },
};

/** The monthly bar chart of a balance (spec 2, height 180): money in and out, or earnings for tasks and tips. */
export const MonthChart = observer(function MonthChart(props: { store: WalletStore; showTips: boolean; earner: boolean }) {
  const { t } = useTranslation('wallet');
  const { ui } = useStores();
  const styles = useStyles();
  const { store } = props;

  if (store.monthsStatus === 'loading') {
    return (
      <Skeleton aria-label={t('common:loading')}>
        <SkeletonItem size={128} />
      </Skeleton>
    );
  }
  if (store.monthsStatus !== 'ready')
    return <StatusCard title={t('chartFailed')} text={t('loadFailedText')} onRetry={() => void store.loadMonths()} testId="chart-error" />;

  const series = props.earner ? [SERIES.tasks, ...(props.showTips ? [SERIES.tips] : [])] : [SERIES.in, SERIES.projects];
  const months = store.months.slice(-6);
  const locale = ui.language === 'uk' ? 'uk-UA' : 'en-GB';
  const label = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleString(locale, { month: 'short', timeZone: 'UTC' });
  // Whole units, compact (40K, 40 тис.): the axis has no room for full amounts on a phone.
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  const nothing = months.every((month) => series.every((one) => one.value(month) === 0));

  return (
    <div data-testid="wallet-chart">
      {/* The title names the chart's svg (role img) for screen readers. */}
      <VictoryChart
        title={t('chartLabel')}
        height={CHART_HEIGHT}
        width={450}
        padding={{ top: 28, bottom: 24, left: AXIS_ROOM, right: 8 }}
        domainPadding={{ x: 20 }}
      >
        <VictoryLegend
          x={AXIS_ROOM}
          y={0}
          orientation="horizontal"
          gutter={16}
          style={{ labels: { fill: 'var(--colorNeutralForeground1)', fontSize: 10, fontFamily: 'inherit' } }}
          data={series.map((one) => ({ name: t(one.key), symbol: { fill: one.color, type: 'square' } }))}
        />
        <VictoryAxis tickValues={months.map((month) => month.month)} tickFormat={label} style={axisStyle} />
        <VictoryAxis dependentAxis tickFormat={(value: number) => compact.format(value / 100)} style={axisStyle} tickCount={3} />
        <VictoryGroup offset={series.length > 1 ? 12 : 0}>
          {series.map((one) => (
            <VictoryBar
              key={one.key}
              barWidth={10}
              style={{ data: { fill: one.color } }}
              data={months.map((month) => ({ x: month.month, y: one.value(month) }))}
            />
          ))}
        </VictoryGroup>
      </VictoryChart>
      {nothing && (
        <Text size={200} className={styles.empty} block>
          {t('chartEmpty')}
        </Text>
      )}
    </div>
  );
});

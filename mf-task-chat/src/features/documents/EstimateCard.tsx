/**
 * The performer's estimate in the drawer, for the staff only (issue 33): the current one in full (who
 * and when, hours, base hours, delay, job items, the automatic send for review) and the previous ones
 * folded under it, so the sm writes the offer from it and the pm sees what changed. It comes in the
 * staff chunk: a client's drawer never loads it (the server never answers them the estimates either).
 */
import type { TaskEstimate } from '@negayno/shared/contract';
import { Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { Card } from '@negayno/shared/fluent-panels';
import { CardHeader } from '@negayno/shared/fluent-drawers';
import { currentLanguage, useTranslation } from '@negayno/shared/i18n';
import { formatDateTime, fullName } from '@negayno/shared/lib';

const useStyles = makeStyles({
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
  text: { wordBreak: 'break-word', whiteSpace: 'pre-wrap' },
  estimate: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  previous: {
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    paddingTop: tokens.spacingVerticalS,
    '& > summary': { cursor: 'pointer', color: tokens.colorBrandForeground1 },
    '& > summary:focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, borderRadius: tokens.borderRadiusSmall },
  },
  older: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, marginTop: tokens.spacingVerticalS },
});

function Estimate(props: { estimate: TaskEstimate; testId: string }) {
  const { t } = useTranslation('workflow');
  const styles = useStyles();
  const language = currentLanguage();
  const { estimate } = props;
  const date = formatDateTime(estimate.dateCreate, language);
  const hours = (count: number) => t('estimate.hours', { count });
  return (
    <section className={styles.estimate} data-testid={props.testId}>
      <Text size={200} data-testid="estimate-by">
        {estimate.performer ? t('estimate.by', { name: fullName(estimate.performer), date }) : date}
      </Text>
      <Text className={styles.text}>{estimate.estimate}</Text>
      <dl className={styles.facts}>
        <dt className={styles.term}>{t('estimate.executionTime')}</dt>
        <dd className={styles.value} data-testid="estimate-hours">
          {hours(estimate.executionTime)}
        </dd>
        <dt className={styles.term}>{t('estimate.executionTimeBase')}</dt>
        <dd className={styles.value}>{hours(estimate.executionTimeBase)}</dd>
        <dt className={styles.term}>{t('estimate.delayStart')}</dt>
        <dd className={styles.value}>{hours(estimate.delayStart)}</dd>
        <dt className={styles.term}>{t('estimate.autoSend')}</dt>
        <dd className={styles.value}>
          {estimate.dateAutoSendForCheck === null ? t('estimate.autoSendNone') : formatDateTime(estimate.dateAutoSendForCheck, language)}
        </dd>
      </dl>
      <Text weight="semibold">{t('estimate.jobItems')}</Text>
      <ol className={styles.list} data-testid="estimate-job-items">
        {estimate.jobItem.map((item, index) => (
          <li key={index} className={styles.text}>
            {item}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function EstimateCard(props: { estimates: TaskEstimate[] }) {
  const { t } = useTranslation('workflow');
  const styles = useStyles();
  const [current, ...previous] = props.estimates;
  if (!current) return null;
  return (
    <Card data-testid="estimate-card">
      <CardHeader header={<Text weight="semibold">{t('estimate.title')}</Text>} />
      <Estimate estimate={current} testId="estimate-current" />
      {previous.length > 0 && (
        <details className={styles.previous} data-testid="estimate-previous">
          <summary>{t('estimate.previous', { count: previous.length })}</summary>
          <div className={styles.older}>
            {previous.map((estimate) => (
              <Estimate key={estimate.id} estimate={estimate} testId={`estimate-${estimate.id}`} />
            ))}
          </div>
        </details>
      )}
    </Card>
  );
}

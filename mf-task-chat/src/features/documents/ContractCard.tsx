/** The contract card (spec 2, 6): cost to those who may see it ("By arrangement" at 0), progress, pause, deadline, performers, numbered work items. */
import type { TaskDocument } from '@negayno/shared/contract';
import { Badge, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { Card } from '@negayno/shared/fluent-panels';
import { CardHeader, ProgressBar } from '@negayno/shared/fluent-drawers';
import { currentLanguage, useTranslation } from '@negayno/shared/i18n';
import { formatDateTime, formatMoney } from '@negayno/shared/lib';

const useStyles = makeStyles({
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
  text: { wordBreak: 'break-word' },
});

export function ContractCard(props: { document: TaskDocument }) {
  const { t } = useTranslation('workflow');
  const styles = useStyles();
  const language = currentLanguage();
  const { document } = props;
  return (
    <Card data-testid="contract-card">
      <CardHeader
        header={
          <Text weight="semibold">
            {t('contract.title')}: {document.name}
          </Text>
        }
        description={
          document.datePause !== null ? (
            <Badge color="warning" data-testid="contract-paused">
              {t('contract.paused')}
            </Badge>
          ) : undefined
        }
      />
      {document.cost !== null && (
        <Text data-testid="contract-cost">
          {t('contract.cost')}: {document.cost === 0 ? t('contract.byArrangement') : formatMoney(document.cost, document.currency, language)}
        </Text>
      )}
      {document.dateDeadline !== null && <Text>{t('contract.deadline', { date: formatDateTime(document.dateDeadline, language) })}</Text>}
      <Text data-testid="contract-progress">{t('contract.progress', { progress: document.progress })}</Text>
      <ProgressBar value={document.progress / 100} thickness="large" aria-label={t('contract.progress', { progress: document.progress })} />
      {document.performers.length > 0 && (
        <Text>
          {t('contract.performers')}: {document.performers.map((p) => `${p.firstname} ${p.lastname}`).join(', ')}
        </Text>
      )}
      <Text weight="semibold">{t('offer.details')}</Text>
      <ol className={styles.list}>
        {document.workList.map((item, index) => (
          <li key={index} className={styles.text}>
            {item}
          </li>
        ))}
      </ol>
    </Card>
  );
}

import { Button, Skeleton, SkeletonItem, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { Card } from '@negayno/shared/fluent-panels';
import { CopyRegular } from '@fluentui/react-icons';
import { call } from '@negayno/shared/api';
import { endpoints, type PartnerProgram as Program } from '@negayno/shared/contract';
import { formatMoney } from '@negayno/shared/lib';
import { settle, useStores, type LoadStatus } from '@negayno/shared/stores';
import { StatusCard } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '@negayno/shared/i18n';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  code: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  value: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, fontFamily: tokens.fontFamilyMonospace },
  figures: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))', gap: tokens.spacingHorizontalM },
});

/** The partner program: one's promo code (it also invites clients), how many came by it, the bonus it earned. */
export const PartnerProgram = observer(function PartnerProgram() {
  const { t } = useTranslation('wallet');
  const { ui } = useStores();
  const styles = useStyles();
  const [program, setProgram] = useState<Program | null>(null);
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [copied, setCopied] = useState(false);

  const load = useCallback(async () => {
    setStatus('loading');
    const result = await settle(call(endpoints.money.partner, {}));
    if (result.status === 'ready') setProgram(result.answer);
    setStatus(result.status);
  }, []);
  useEffect(() => void load(), [load]);

  if (status === 'loading') {
    return (
      <Skeleton aria-label={t('common:loading')}>
        <SkeletonItem size={96} />
      </Skeleton>
    );
  }
  if (status !== 'ready' || !program)
    return <StatusCard title={t('loadFailed')} text={t('loadFailedText')} onRetry={() => void load()} testId="partner-error" />;

  const copy = async () => {
    if (!program.promoCode) return;
    await navigator.clipboard.writeText(program.promoCode).catch(() => undefined);
    setCopied(true);
  };

  return (
    <Card className={styles.card} data-testid="partner-program">
      <Text>{t('partner.intro', { percent: program.bonusPercent })}</Text>
      <div className={styles.code}>
        <Text className={styles.value} data-testid="promo-code">
          {program.promoCode ?? '—'}
        </Text>
        {program.promoCode && (
          <Button icon={<CopyRegular />} onClick={() => void copy()} data-testid="copy-promo-code">
            {copied ? t('partner.copied') : t('partner.copy')}
          </Button>
        )}
      </div>
      <div className={styles.figures}>
        <div>
          <Text block size={200}>
            {t('partner.invited')}
          </Text>
          <Text weight="semibold" data-testid="partner-invited">
            {program.invitedCount}
          </Text>
        </div>
        <div>
          <Text block size={200}>
            {t('partner.earned')}
          </Text>
          <Text weight="semibold" data-testid="partner-earned">
            {formatMoney(program.bonusEarned, program.currency, ui.language)}
          </Text>
        </div>
      </div>
    </Card>
  );
});

import { Text } from '@negayno/shared/fluent';
import type { UserProfile } from '@negayno/shared/contract';
import { ROUTES } from '@negayno/shared/contract';
import { useTranslation } from '@negayno/shared/i18n';
import { CopyField } from './CopyField';
import { SectionCard } from './SectionCard';

/** The partner program (decisions 5): the promo code, which also works as an invitation code. */
export function PartnerCard({ user }: { user: UserProfile }) {
  const { t } = useTranslation('profile');
  const code = user.promoCode;
  return (
    <SectionCard title={t('partner.title')} testId="profile-partner">
      <Text>{t('partner.text')}</Text>
      {code ? (
        <>
          <CopyField label={t('partner.code')} value={code} testId="partner-code" />
          <CopyField label={t('partner.link')} value={`${window.location.origin}${ROUTES.register}?code=${encodeURIComponent(code)}`} testId="partner-link" />
        </>
      ) : (
        <Text>{t('partner.none')}</Text>
      )}
    </SectionCard>
  );
}

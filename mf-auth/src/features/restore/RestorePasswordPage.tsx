import { Text } from '@negayno/shared/fluent';
import { ROUTES } from '@negayno/shared/contract';
import { useStores } from '@negayno/shared/stores';
import { AppLink, useSearchParams } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from '@negayno/shared/i18n';
import { FlowStore } from '../flow/flow-store';
import { FlowView } from '../flow/FlowView';

/**
 * Password recovery (spec 2): email, the mailed code (send again, back to login), the new password twice.
 * The email typed on the login screen comes along (`?email=…`) so it need not be typed again.
 */
export const RestorePasswordPage = observer(function RestorePasswordPage() {
  const { session } = useStores();
  const params = useSearchParams();
  const [store] = useState(() => new FlowStore('restore', session, { email: params.get('email')?.trim() ?? '' }));
  const { t } = useTranslation('auth');
  return (
    <FlowView
      store={store}
      testId="restore-card"
      texts={{ title: 'restore.title', submitLabel: 'restore.password.submit' }}
      footer={
        <>
          <AppLink href={ROUTES.login} data-testid="restore-back-to-login">
            {t('restore.backToLogin')}
          </AppLink>
          <Text align="center">
            {t('flow.noAccount')} <AppLink href={ROUTES.register}>{t('flow.createAccount')}</AppLink>
          </Text>
        </>
      }
    />
  );
});

import { Text } from '@negayno/shared/fluent';
import { ROUTES } from '@negayno/shared/contract';
import { useStores } from '@negayno/shared/stores';
import { AppLink } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from '@negayno/shared/i18n';
import { FlowStore } from '../flow/flow-store';
import { FlowView } from '../flow/FlowView';

/** Performer registration (`/wregister`, spec 2): code, email, code, about you, nickname, password. */
export const PerformerRegisterPage = observer(function PerformerRegisterPage() {
  const { session } = useStores();
  const [store] = useState(() => new FlowStore('performer', session));
  const { t } = useTranslation('auth');
  return (
    <FlowView
      store={store}
      testId="performer-register-card"
      texts={{ title: 'register.performerTitle' }}
      footer={
        <>
          <Text align="center">
            {t('flow.haveAccount')} <AppLink href={ROUTES.login}>{t('flow.signIn')}</AppLink>
          </Text>
          {store.stepNumber === 1 && (
            <Text size={200} align="center">
              {t('register.clientLink')} <AppLink href={ROUTES.register}>{t('register.clientRegister')}</AppLink>
            </Text>
          )}
        </>
      }
    />
  );
});

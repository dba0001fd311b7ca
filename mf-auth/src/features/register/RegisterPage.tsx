import { Link, Text } from '@negayno/shared/fluent';
import { ROUTES } from '@negayno/shared/contract';
import { useStores } from '@negayno/shared/stores';
import { AppLink, useSearchParams } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from '@negayno/shared/i18n';
import { FlowStore } from '../flow/flow-store';
import { FlowView } from '../flow/FlowView';

/**
 * Client registration (spec 2): 6 steps with an invitation code, or 4 for an email a project invited
 * (`/register?email=…`, the link of the invitation mail, or "register without a code").
 * `/register?code=…` (a partner's link from their profile) fills the invitation code in.
 */
export const RegisterPage = observer(function RegisterPage() {
  const { session } = useStores();
  const params = useSearchParams();
  const invitedEmail = params.get('email')?.trim() ?? '';
  const sharedCode = params.get('code')?.trim() ?? '';
  const [store] = useState(() => new FlowStore(invitedEmail ? 'invited-client' : 'client', session, { email: invitedEmail, invitationCode: sharedCode }));
  const { t } = useTranslation('auth');
  const firstScreen = store.stepNumber === 1;
  const invited = store.definition.name === 'invited-client';

  return (
    <FlowView
      store={store}
      testId="register-card"
      texts={{ title: 'register.title' }}
      footer={
        <>
          {firstScreen && (
            <Text align="center">
              {invited ? null : `${t('register.invitation.invitedByEmail')} `}
              <Link as="button" type="button" onClick={() => store.switchTo(invited ? 'client' : 'invited-client')} data-testid="register-switch-variant">
                {invited ? t('register.invitation.withCode') : t('register.invitation.registerWithEmail')}
              </Link>
            </Text>
          )}
          <Text align="center">
            {t('flow.haveAccount')} <AppLink href={ROUTES.login}>{t('flow.signIn')}</AppLink>
          </Text>
          {firstScreen && (
            <Text size={200} align="center">
              {t('register.performerLink')} <AppLink href={ROUTES.wregister}>{t('register.performerRegister')}</AppLink>
            </Text>
          )}
        </>
      }
    />
  );
});

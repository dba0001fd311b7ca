/**
 * `/ops` and `/ops/{section}`: the operators' console for an operator's browser, the not-found page
 * for anyone else, whose browser never asks for the console's chunk (the server answers its calls
 * 404 to them anyway).
 */
import { Button, Spinner } from '@negayno/shared/fluent';
import { ROUTES } from '@negayno/shared/contract';
import { useTranslation } from '@negayno/shared/i18n';
import { useStores } from '@negayno/shared/stores';
import { EmptyState } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { Suspense } from 'react';
import { OpsConsole } from './role-chunks';

export const OpsRoute = observer(function OpsRoute() {
  const { session } = useStores();
  const { t } = useTranslation('common');
  if (!session.user?.can.ops) {
    return (
      <EmptyState
        title={t('notFound.title')}
        text={t('notFound.text')}
        testId="not-found-page"
        action={
          <Button appearance="primary" as="a" href={ROUTES.home}>
            {t('notFound.goHome')}
          </Button>
        }
      />
    );
  }
  return (
    <Suspense fallback={<Spinner label={t('loading')} style={{ margin: 'auto', paddingTop: '20vh' }} />}>
      <OpsConsole />
    </Suspense>
  );
});

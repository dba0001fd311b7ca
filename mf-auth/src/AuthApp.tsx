import { ROUTES } from '@negayno/shared/contract';
import { Spinner, makeStyles } from '@negayno/shared/fluent';
import { lazy, Suspense } from 'react';
import { useTranslation } from '@negayno/shared/i18n';
import { isRoute, usePathname } from '@negayno/shared/ui';
import { LoginPage } from './features/login/LoginPage';

// The login form is the first screen of most visits: it comes with the remote. The other screens
// (registration steps, recovery, login by code) are fetched when their route is opened.
const LoginAsPage = lazy(() => import('./features/login-as/LoginAsPage').then((module) => ({ default: module.LoginAsPage })));
const RegisterPage = lazy(() => import('./features/register/RegisterPage').then((module) => ({ default: module.RegisterPage })));
const PerformerRegisterPage = lazy(() => import('./features/register/PerformerRegisterPage').then((module) => ({ default: module.PerformerRegisterPage })));
const RestorePasswordPage = lazy(() => import('./features/restore/RestorePasswordPage').then((module) => ({ default: module.RestorePasswordPage })));

const useStyles = makeStyles({ loading: { marginTop: '20vh' } });

function Loading() {
  const { t } = useTranslation('common');
  return <Spinner label={t('loading')} className={useStyles().loading} />;
}

/** The screen of each route; any other path the app is shown on is the login form. */
const SCREENS = [
  [ROUTES.loginAs, LoginAsPage],
  [ROUTES.register, RegisterPage],
  [ROUTES.wregister, PerformerRegisterPage],
  [ROUTES.restorePassword, RestorePasswordPage],
] as const;

/** The authorization screens (spec 2), one route each. */
export function AuthApp() {
  const pathname = usePathname();
  const Screen = SCREENS.find(([route]) => isRoute(pathname, route))?.[1] ?? LoginPage;
  return (
    <Suspense fallback={<Loading />}>
      <Screen />
    </Suspense>
  );
}

import { ROUTES } from '@negayno/shared/contract';
import { Spinner, makeStyles } from '@negayno/shared/fluent';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
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

/** The authorization screens (spec 2), one route each. */
export function AuthApp() {
  return (
    <BrowserRouter>
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route path={ROUTES.login} element={<LoginPage />} />
          <Route path={ROUTES.loginAs} element={<LoginAsPage />} />
          <Route path={ROUTES.register} element={<RegisterPage />} />
          <Route path={ROUTES.wregister} element={<PerformerRegisterPage />} />
          <Route path={ROUTES.restorePassword} element={<RestorePasswordPage />} />
          <Route path="*" element={<LoginPage />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}

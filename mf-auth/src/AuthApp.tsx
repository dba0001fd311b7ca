import { ROUTES } from '@negayno/shared/contract';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { LoginAsPage } from './features/login-as/LoginAsPage';
import { LoginPage } from './features/login/LoginPage';
import { PerformerRegisterPage } from './features/register/PerformerRegisterPage';
import { RegisterPage } from './features/register/RegisterPage';
import { RestorePasswordPage } from './features/restore/RestorePasswordPage';

/** The authorization screens (spec 2), one route each. */
export function AuthApp() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path={ROUTES.login} element={<LoginPage />} />
        <Route path={ROUTES.loginAs} element={<LoginAsPage />} />
        <Route path={ROUTES.register} element={<RegisterPage />} />
        <Route path={ROUTES.wregister} element={<PerformerRegisterPage />} />
        <Route path={ROUTES.restorePassword} element={<RestorePasswordPage />} />
        <Route path="*" element={<LoginPage />} />
      </Routes>
    </BrowserRouter>
  );
}

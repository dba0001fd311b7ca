import { ROUTES } from '@negayno/shared/contract';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ProfilePage } from './features/profile/ProfilePage';

export function ProfileApp() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path={ROUTES.profile} element={<ProfilePage />} />
      </Routes>
    </BrowserRouter>
  );
}

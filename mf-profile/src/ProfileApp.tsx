import { ROUTES } from '@negayno/shared/contract';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { NotificationsPage } from './features/notifications/NotificationsPage';
import { ProfilePage } from './features/profile/ProfilePage';

export function ProfileApp() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path={ROUTES.profile} element={<ProfilePage />} />
        <Route path={ROUTES.notifications} element={<NotificationsPage />} />
      </Routes>
    </BrowserRouter>
  );
}

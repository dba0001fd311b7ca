import { ROUTES } from '@negayno/shared/contract';
import { isRoute, usePathname } from '@negayno/shared/ui';
import { NotificationsPage } from './features/notifications/NotificationsPage';
import { ProfilePage } from './features/profile/ProfilePage';

/** The profile and the notifications page (spec 2), one route each. */
export function ProfileApp() {
  const pathname = usePathname();
  if (isRoute(pathname, ROUTES.profile)) return <ProfilePage />;
  if (isRoute(pathname, ROUTES.notifications)) return <NotificationsPage />;
  return null;
}

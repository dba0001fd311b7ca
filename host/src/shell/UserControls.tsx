/**
 * The header's controls for a signed-in person (notifications, wallet, theme, the user menu), in a
 * chunk of their own that the sign-in page never fetches (Header.tsx loads it once a session starts).
 */
import {
  Avatar,
  Button,
  CounterBadge,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Text,
  Tooltip,
  makeStyles,
  tokens,
} from '@negayno/shared/fluent-kit';
import {
  AlertRegular,
  PersonRegular,
  ShieldKeyholeRegular,
  SignOutRegular,
  WalletRegular,
  WeatherMoonRegular,
  WeatherSunnyRegular,
} from '@fluentui/react-icons';
import { BREAKPOINTS, ROUTES } from '@negayno/shared/contract';
import { formatMoney, fullName, navigate } from '@negayno/shared/lib';
import { useStores } from '@negayno/shared/stores';
import { observer } from 'mobx-react-lite';
import { useTranslation } from '@negayno/shared/i18n';
import { go } from './go';

const useStyles = makeStyles({
  wideOnly: { [`@media (max-width: ${BREAKPOINTS.sm - 1}px)`]: { display: 'none' } },
  compact: { minWidth: 'auto' },
  userButton: { minWidth: 'auto', paddingInline: tokens.spacingHorizontalXS },
  bell: { position: 'relative', minWidth: 'auto' },
  badge: { position: 'absolute', top: '2px', right: '0px', pointerEvents: 'none' },
  menuHeader: { display: 'flex', flexDirection: 'column', padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}` },
});

/** Notifications, wallet and theme, before the language menu. */
export const UserTools = observer(function UserTools() {
  const { session, ui } = useStores();
  const { t } = useTranslation('common');
  const styles = useStyles();
  const user = session.user;
  if (!user) return null;
  return (
    <>
      <Tooltip content={t('nav.notifications')} relationship="description">
        <Button
          as="a"
          href={ROUTES.notifications}
          onClick={go(ROUTES.notifications)}
          appearance="subtle"
          className={styles.bell}
          icon={<AlertRegular />}
          aria-label={user.notificationCount > 0 ? t('nav.notificationsCount', { count: user.notificationCount }) : t('nav.notifications')}
          data-testid="header-notifications"
        >
          {user.notificationCount > 0 && (
            <CounterBadge
              className={styles.badge}
              count={user.notificationCount}
              overflowCount={99}
              size="small"
              color="danger"
              data-testid="notification-badge"
            />
          )}
        </Button>
      </Tooltip>
      <Tooltip content={t('nav.wallet')} relationship="description">
        <Button
          appearance="subtle"
          className={styles.compact}
          icon={<WalletRegular />}
          onClick={() => ui.openWallet({ kind: 'user' })}
          // A phone hides the balance, leaving only the icon: the name says both.
          aria-label={`${t('nav.wallet')}: ${formatMoney(user.balance, user.currency, ui.language)}`}
          data-testid="header-wallet"
        >
          <span className={styles.wideOnly}>{formatMoney(user.balance, user.currency, ui.language)}</span>
        </Button>
      </Tooltip>
      <Tooltip content={ui.theme === 'dark' ? t('theme.toggleToLight') : t('theme.toggleToDark')} relationship="label">
        <Button
          appearance="subtle"
          className={styles.compact}
          icon={ui.theme === 'dark' ? <WeatherSunnyRegular /> : <WeatherMoonRegular />}
          onClick={() => ui.toggleTheme()}
          data-testid="theme-toggle"
        />
      </Tooltip>
    </>
  );
});

/** The avatar's menu: the profile, the operators' console (operators only) and signing out. */
export const UserMenu = observer(function UserMenu() {
  const { session } = useStores();
  const { t } = useTranslation('common');
  const styles = useStyles();
  const user = session.user;
  if (!user) return null;
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="subtle" className={styles.userButton} aria-label={t('nav.menu')} data-testid="user-menu">
          <Avatar name={fullName(user)} color="colorful" size={32} image={user.avatarUrl ? { src: user.avatarUrl } : undefined} />
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <div className={styles.menuHeader}>
          <Text weight="semibold">{fullName(user)}</Text>
          <Text size={200}>{user.email}</Text>
        </div>
        <MenuList>
          <MenuItem icon={<PersonRegular />} onClick={() => navigate(ROUTES.profile)} data-testid="menu-profile">
            {t('nav.profile')}
          </MenuItem>
          {user.can.ops && (
            <MenuItem icon={<ShieldKeyholeRegular />} onClick={() => navigate(ROUTES.ops)} data-testid="menu-ops">
              {t('nav.ops')}
            </MenuItem>
          )}
          <MenuItem icon={<SignOutRegular />} onClick={() => void session.logout()} data-testid="menu-logout">
            {t('nav.logout')}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
});

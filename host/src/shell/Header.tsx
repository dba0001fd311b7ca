import {
  Avatar,
  Button,
  CounterBadge,
  Menu,
  MenuItem,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Text,
  Tooltip,
  makeStyles,
  tokens,
} from '@negayno/shared/fluent';
import {
  AlertRegular,
  LocalLanguageRegular,
  PersonRegular,
  SignOutRegular,
  WalletRegular,
  WeatherMoonRegular,
  WeatherSunnyRegular,
} from '@fluentui/react-icons';
import { BREAKPOINTS, LANGUAGES, ROUTES, type Language } from '@negayno/shared/contract';
import { formatMoney, fullName, navigate } from '@negayno/shared/lib';
import { useStores } from '@negayno/shared/stores';
import { Logo } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  header: {
    position: 'sticky',
    top: 0,
    zIndex: 100,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    height: '56px',
    padding: `0 ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    boxSizing: 'border-box',
  },
  home: { display: 'inline-flex', borderRadius: tokens.borderRadiusMedium, textDecoration: 'none' },
  spacer: { flexGrow: 1 },
  wideOnly: { [`@media (max-width: ${BREAKPOINTS.sm - 1}px)`]: { display: 'none' } },
  // Fluent buttons are at least 96 px wide: too much for five of them in a phone's top bar.
  compact: { minWidth: 'auto' },
  userButton: { minWidth: 'auto', paddingInline: tokens.spacingHorizontalXS },
  bell: { position: 'relative', minWidth: 'auto' },
  badge: { position: 'absolute', top: '2px', right: '0px', pointerEvents: 'none' },
  menuHeader: { display: 'flex', flexDirection: 'column', padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}` },
});

function go(url: string) {
  return (event: MouseEvent) => {
    event.preventDefault();
    navigate(url);
  };
}

/** The top bar: home, notifications, wallet, theme, language and the user menu. Signed out, only the language. */
export const Header = observer(function Header() {
  const { session, ui, notifications } = useStores();
  const { t } = useTranslation('common');
  const styles = useStyles();
  const user = session.user;
  const userId = user?.id;
  // Live notifications for as long as someone is signed in on this page.
  useEffect(() => (userId === undefined ? undefined : notifications.listen()), [notifications, userId]);

  return (
    <header className={styles.header} data-testid="app-header">
      <a href={ROUTES.home} onClick={go(ROUTES.home)} className={styles.home} aria-label={t('nav.home')}>
        <Logo />
      </a>
      <span className={styles.spacer} />
      {user && (
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
      )}
      {user && (
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
      )}
      {user && (
        <Tooltip content={ui.theme === 'dark' ? t('theme.toggleToLight') : t('theme.toggleToDark')} relationship="label">
          <Button
            appearance="subtle"
            className={styles.compact}
            icon={ui.theme === 'dark' ? <WeatherSunnyRegular /> : <WeatherMoonRegular />}
            onClick={() => ui.toggleTheme()}
            data-testid="theme-toggle"
          />
        </Tooltip>
      )}
      <Menu checkedValues={{ language: [ui.language] }} onCheckedValueChange={(_event, data) => void ui.setLanguage(data.checkedItems[0] as Language)}>
        <MenuTrigger disableButtonEnhancement>
          <Button appearance="subtle" className={styles.compact} icon={<LocalLanguageRegular />} aria-label={t('language.label')} data-testid="language-menu">
            {ui.language.toUpperCase()}
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {LANGUAGES.map((language) => (
              <MenuItemRadio key={language} name="language" value={language} data-testid={`language-${language}`}>
                {t(`language.${language}`)}
              </MenuItemRadio>
            ))}
          </MenuList>
        </MenuPopover>
      </Menu>
      {user && (
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
              <MenuItem icon={<SignOutRegular />} onClick={() => void session.logout()} data-testid="menu-logout">
                {t('nav.logout')}
              </MenuItem>
            </MenuList>
          </MenuPopover>
        </Menu>
      )}
    </header>
  );
});

import { makeStyles, tokens } from '@negayno/shared/fluent';
import { ROUTES } from '@negayno/shared/contract';
import { useStores } from '@negayno/shared/stores';
import { Logo } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyChunk } from './lazy-chunk';
import { useTranslation } from '@negayno/shared/i18n';
import { afterFirstContent, afterFirstScreen } from '../system/idle';
import { go } from './go';
import { LanguageButton } from './LanguageButton';

// What only a signed-in person sees comes in a chunk of its own: the sign-in page never loads it.
const UserTools = lazyChunk(() => import('./UserControls').then((module) => ({ default: module.UserTools })));
const LanguageMenu = lazyChunk(() => import('./LanguageMenu').then((module) => ({ default: module.LanguageMenu })));
const UserMenu = lazyChunk(() => import('./UserControls').then((module) => ({ default: module.UserMenu })));
// The search box and its Ctrl+K (issue 38); the palette itself is a further chunk, fetched on first use.
const SearchLauncher = lazyChunk(() => import('../search/SearchLauncher').then((module) => ({ default: module.SearchLauncher })));

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
  // The avatar's room while its chunk arrives, so the bar does not shift.
  avatarSpace: { width: '40px', height: '32px' },
});

/** The top bar: home, search, notifications, wallet, theme, language and the user menu. Signed out, only the language. */
export const Header = observer(function Header() {
  const { session, notifications } = useStores();
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
      {user && <SearchSlot userId={user.id} />}
      {user && (
        <Suspense fallback={null}>
          <UserTools />
        </Suspense>
      )}
      <LanguageSwitch />
      {user && (
        <Suspense fallback={<span className={styles.avatarSpace} />}>
          <UserMenu />
        </Suspense>
      )}
    </header>
  );
});

/** The search box, once the first screen is up (a board's cards painted): no page's first paint waits for its chunk. */
function SearchSlot(props: { userId: number }) {
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstContent(() => setReady(true)), []);
  return ready ? (
    <Suspense fallback={null}>
      <SearchLauncher userId={props.userId} />
    </Suspense>
  ) : null;
}

/** The language button, which becomes the menu's trigger when the menu's chunk has come (LanguageMenu.tsx). */
function LanguageSwitch() {
  const [menu, setMenu] = useState<{ openAtOnce: boolean } | null>(null);
  const focused = useRef(false);
  useEffect(() => afterFirstScreen(() => setMenu((current) => current ?? { openAtOnce: false })), []);
  const alone = (
    <LanguageButton
      onClick={() => setMenu({ openAtOnce: true })}
      onFocus={() => {
        focused.current = true;
      }}
      onBlur={() => {
        focused.current = false;
      }}
    />
  );
  if (!menu) return alone;
  return (
    <Suspense fallback={alone}>
      <LanguageMenu openAtOnce={menu.openAtOnce} focusAtOnce={focused.current} />
    </Suspense>
  );
}

/**
 * The header's search box (issue 38): a button that looks like one, and Ctrl+K / Cmd+K anywhere on the
 * page. Either opens the palette, whose code and words come in a chunk of their own on first use (asked
 * for early when the pointer or focus reaches the box), so no page pays for it before.
 */
import { Button, Tooltip, makeStyles, tokens } from '@negayno/shared/fluent';
import { SearchRegular } from '@fluentui/react-icons';
import { BREAKPOINTS } from '@negayno/shared/contract';
import { loadNamespaces, useTranslation } from '@negayno/shared/i18n';
import { Suspense, useEffect, useState } from 'react';
import { lazyChunk } from '../shell/lazy-chunk';

const loadPalette = () =>
  Promise.all([import('./SearchPalette'), loadNamespaces(['search', 'task', 'chat'])]).then(([module]) => ({ default: module.SearchPalette }));
const SearchPalette = lazyChunk(loadPalette);

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

const useStyles = makeStyles({
  box: {
    justifyContent: 'flex-start',
    width: '260px',
    color: tokens.colorNeutralForeground3,
    fontWeight: tokens.fontWeightRegular,
    [`@media (max-width: ${BREAKPOINTS.sm - 1}px)`]: { display: 'none' },
  },
  label: { flexGrow: 1, textAlign: 'start' },
  keys: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusSmall,
    padding: '0 4px',
    fontSize: tokens.fontSizeBase100,
    fontFamily: tokens.fontFamilyMonospace,
  },
  // A phone's bar is full: the button gives up its padding.
  narrow: { minWidth: 'auto', padding: 0, [`@media (min-width: ${BREAKPOINTS.sm}px)`]: { display: 'none' } },
});

export function SearchLauncher(props: { userId: number }) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  const shortcut = isMac() ? '⌘K' : 'Ctrl K';

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen(true);
      } else if (event.key === '/' && !open && !isTyping(event.target)) {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const prefetch = () => void loadPalette().catch(() => undefined);
  return (
    <>
      <Button
        appearance="outline"
        className={styles.box}
        icon={<SearchRegular />}
        onClick={() => setOpen(true)}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        aria-keyshortcuts="Control+K Meta+K"
        data-testid="search-open"
      >
        <span className={styles.label}>{t('searchOpen')}</span>
        <kbd className={styles.keys}>{shortcut}</kbd>
      </Button>
      <Tooltip content={`${t('searchOpen')} (${shortcut})`} relationship="label">
        <Button appearance="subtle" size="small" className={styles.narrow} icon={<SearchRegular />} onClick={() => setOpen(true)} onFocus={prefetch} />
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <SearchPalette userId={props.userId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** `/` opens the palette only where it would not be typed. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT';
}

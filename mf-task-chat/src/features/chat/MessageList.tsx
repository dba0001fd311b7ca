/**
 * The message list of one chat (spec 2, 4, 9): date dividers, the messages and this browser's temporary
 * ones, older pages as the list is scrolled up, the ready sequence (after 120 ms it stands at the first
 * unread message or the bottom, then fades in over 200 ms; 3 s at most), viewed marks as messages come
 * into view, the scroll-to-bottom button with the unread badge (beyond 150 px from the bottom), and the
 * message menu.
 */
import { Button, CounterBadge, Spinner, makeStyles, mergeClasses, tokens } from '@negayno/shared/fluent';
import { ArrowDownRegular, ChatRegular } from '@fluentui/react-icons';
import { opensInGallery, type Emoji, type Language, type MessageFile } from '@negayno/shared/contract';
import { EmptyState } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { Fragment, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '@negayno/shared/i18n';
import { type ChatStore } from '@negayno/shared/work-stores';
import { dayKey, dayLabel, UNREAD_BADGE_MAX } from './chat-format';
import { FileErrorView, MessageItem, TempItem, type MessageHandlers } from './MessageItem';
import { MessageMenu, type MenuActions, type OpenMenu } from './MessageMenu';
import { hasAny, menuItems } from './menu-rules';

/** Spec 9: the ready sequence's delays, and how far from the bottom the button shows. */
export const READY_DELAY_MS = 120;
export const READY_FALLBACK_MS = 3000;
export const FADE_IN_MS = 200;
export const BOTTOM_BUTTON_DISTANCE = 150;
export const AT_BOTTOM_DISTANCE = 10;
/** Older messages load once the list is scrolled this close to its top. */
const OLDER_THRESHOLD = 200;

/** The `open-gallery` window event (spec 2): a message attachment opens in the drawer's gallery. */
export const OPEN_GALLERY_EVENT = 'open-gallery';
export interface OpenGalleryDetail {
  files: MessageFile[];
  start: MessageFile;
  opener: HTMLElement | null;
}

const useStyles = makeStyles({
  wrap: { position: 'relative', flex: '1 1 auto', minHeight: 0, display: 'flex', flexDirection: 'column' },
  scroller: {
    flex: '1 1 auto',
    minHeight: 0,
    overflowY: 'auto',
    overscrollBehavior: 'contain',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXS}`,
    opacity: 0,
    transitionProperty: 'opacity',
    transitionDuration: `${FADE_IN_MS}ms`,
  },
  ready: { opacity: 1 },
  divider: {
    display: 'flex',
    justifyContent: 'center',
    margin: `${tokens.spacingVerticalM} 0 ${tokens.spacingVerticalS}`,
    position: 'sticky',
    top: 0,
    zIndex: 1,
  },
  dividerLabel: {
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
  },
  older: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalS },
  bottom: { position: 'absolute', insetInlineEnd: tokens.spacingHorizontalM, bottom: tokens.spacingVerticalM, zIndex: 2 },
  bottomButton: { boxShadow: tokens.shadow8 },
  badge: { position: 'absolute', top: '-8px', insetInlineEnd: '-8px' },
  center: { flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' },
});

/** How long a message opened by a link stays highlighted. */
const TARGET_HIGHLIGHT_MS = 3000;

export const MessageList = observer(function MessageList(props: { chat: ChatStore; me: number | null; language: Language; target?: number | null }) {
  const { t } = useTranslation('chat');
  const styles = useStyles();
  const { chat, me, language } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const [away, setAway] = useState(false);
  const [menu, setMenu] = useState<OpenMenu | null>(null);
  const [highlight, setHighlight] = useState<number | null>(null);
  const atBottom = useRef(true);
  const olderFrom = useRef<{ height: number; top: number } | null>(null);
  const items = chat.items;
  const loaded = chat.status === 'ready';
  const writable = !chat.readOnly;
  const now = Math.floor(Date.now() / 1000);

  // The ready sequence: position once the first page is painted, then fade in.
  useEffect(() => {
    if (!loaded || ready) return;
    const fallback = setTimeout(() => setReady(true), READY_FALLBACK_MS);
    const timer = setTimeout(() => {
      const element = scroller.current;
      if (element) {
        const first = chat.firstUnreadId === null ? null : element.querySelector<HTMLElement>(`[data-message-id="${chat.firstUnreadId}"]`);
        if (first) element.scrollTop = Math.max(0, first.offsetTop - element.offsetTop - 48);
        else element.scrollTop = element.scrollHeight;
        atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight <= AT_BOTTOM_DISTANCE;
        setAway(element.scrollHeight - element.scrollTop - element.clientHeight > BOTTOM_BUTTON_DISTANCE);
      }
      setReady(true);
    }, READY_DELAY_MS);
    return () => {
      clearTimeout(timer);
      clearTimeout(fallback);
    };
  }, [loaded, ready, chat]);

  // New messages keep the list at the bottom if it was there; an older page keeps what was on screen.
  const lastKey = items.length ? items[items.length - 1]!.key : '';
  const firstKey = items.length ? items[0]!.key : '';
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || !ready) return;
    if (olderFrom.current) {
      element.scrollTop = olderFrom.current.top + (element.scrollHeight - olderFrom.current.height);
      olderFrom.current = null;
    }
  }, [firstKey, ready]);
  useLayoutEffect(() => {
    const element = scroller.current;
    const last = items[items.length - 1];
    if (!element || !ready) return;
    // One's own message always brings the list down to it.
    if (atBottom.current || last?.kind === 'temp') element.scrollTop = element.scrollHeight;
    // The last key alone decides; the items array changes on every edit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastKey, ready]);

  // A linked message (issue 38): older pages are read until it is among them, then it is centred,
  // focused and highlighted. A message that is gone (deleted for good, not in this chat) leaves the list as it is.
  const target = props.target ?? null;
  const [reached, setReached] = useState<number | null>(null);
  useEffect(() => {
    if (!ready || target === null || reached === target) return;
    const element = scroller.current?.querySelector<HTMLElement>(`[data-message-id="${target}"]`);
    if (element) {
      setReached(target);
      element.scrollIntoView({ block: 'center' });
      element.focus({ preventScroll: true });
      atBottom.current = false;
      setHighlight(target);
      setTimeout(() => setHighlight((current) => (current === target ? null : current)), TARGET_HIGHLIGHT_MS);
    } else if (!chat.hasMore || chat.olderStatus === 'error') setReached(target);
    else if (chat.olderStatus !== 'loading') void chat.loadOlder();
  }, [ready, target, reached, firstKey, chat, chat.hasMore, chat.olderStatus]);

  const onScroll = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    const distance = element.scrollHeight - element.scrollTop - element.clientHeight;
    atBottom.current = distance <= AT_BOTTOM_DISTANCE;
    setAway(distance > BOTTOM_BUTTON_DISTANCE);
    if (ready && element.scrollTop < OLDER_THRESHOLD && chat.hasMore && chat.olderStatus !== 'loading') {
      olderFrom.current = { height: element.scrollHeight, top: element.scrollTop };
      void chat.loadOlder();
    }
  }, [chat, ready]);

  // Viewed marks: a message counts as seen once half of it is on screen (and the page is visible).
  useEffect(() => {
    const root = scroller.current;
    if (!root || !ready || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (document.visibilityState === 'hidden') return;
        let latest = 0;
        for (const entry of entries) if (entry.isIntersecting) latest = Math.max(latest, Number((entry.target as HTMLElement).dataset.messageId));
        if (latest > 0) chat.viewed(latest);
      },
      { root, threshold: 0.5 },
    );
    for (const element of root.querySelectorAll<HTMLElement>('[data-message-id][data-viewed="false"]')) observer.observe(element);
    return () => observer.disconnect();
  }, [chat, ready, items]);

  const toBottom = () => {
    const element = scroller.current;
    if (element) element.scrollTo({ top: element.scrollHeight, behavior: 'smooth' });
  };

  const handlers = useMemo<MessageHandlers>(
    () => ({
      onMenu: (message, anchor, selection) => {
        const available = menuItems(message, me, Math.floor(Date.now() / 1000), selection, chat.readOnly);
        if (hasAny(available)) setMenu({ message, ...anchor, selection, items: available });
      },
      onReact: (message, emoji) => void chat.toggleEmoji(message.id, emoji as Emoji),
      onRestore: (message) => void chat.restore(message.id),
      onParent: (parentId) => {
        const element = scroller.current?.querySelector<HTMLElement>(`[data-message-id="${parentId}"]`);
        if (!element) return;
        element.scrollIntoView({ block: 'center', behavior: 'smooth' });
        element.focus({ preventScroll: true });
        setHighlight(parentId);
        setTimeout(() => setHighlight((current) => (current === parentId ? null : current)), 1500);
      },
      onOpenFile: (message) => {
        if (!message.file) return;
        // The chat's pictures and videos as loaded now, read at the click (the list changes under the handlers).
        const files = chat.messages.flatMap((held) => (held.file && held.dateDelete === null && opensInGallery(held.file.name) ? [held.file] : []));
        const detail: OpenGalleryDetail = { files, start: message.file, opener: document.activeElement as HTMLElement | null };
        window.dispatchEvent(new CustomEvent<OpenGalleryDetail>(OPEN_GALLERY_EVENT, { detail }));
      },
    }),
    [chat, me],
  );

  const actions: MenuActions = {
    react: (message, emoji) => void chat.toggleEmoji(message.id, emoji),
    reply: (message) => chat.replyTo(message),
    quote: (message, text) => chat.replyTo(message, text.trim()),
    copy: (text) => void navigator.clipboard?.writeText(text).catch((error: unknown) => console.warn('copy failed', error)),
    edit: (message) => chat.startEdit(message),
    remove: (message) => void chat.remove(message.id),
    restore: (message) => void chat.restore(message.id),
  };

  if (chat.status === 'loading' || chat.status === 'idle') {
    return (
      <div className={styles.center}>
        <Spinner label={t('loading')} data-testid="chat-loading" />
      </div>
    );
  }
  if (chat.status === 'error' || chat.status === 'gone') {
    return (
      <div className={styles.center}>
        <EmptyState
          icon={<ChatRegular />}
          title={t('loadFailed')}
          text=""
          testId="chat-load-failed"
          action={
            <Button onClick={() => void chat.open()} data-testid="chat-retry">
              {t('retry')}
            </Button>
          }
        />
      </div>
    );
  }

  let previousDay = '';
  const unread = chat.unreadCount;
  return (
    <div className={styles.wrap}>
      <div
        ref={scroller}
        className={mergeClasses(styles.scroller, ready && styles.ready)}
        onScroll={onScroll}
        role="log"
        aria-label={t('messages')}
        aria-busy={!ready}
        data-testid="chat-messages"
        data-ready={ready}
      >
        {chat.olderStatus === 'loading' && (
          <div className={styles.older}>
            <Spinner size="tiny" label={t('olderLoading')} />
          </div>
        )}
        {items.length === 0 && <EmptyState icon={<ChatRegular />} title={t('empty.title')} text={writable ? t('empty.text') : ''} testId="chat-empty" />}
        {items.map((item) => {
          const at = item.kind === 'message' ? item.message.dateCreate : item.kind === 'temp' ? item.temp.createdAt : item.item.createdAt;
          const day = dayKey(at);
          const divider = day !== previousDay;
          previousDay = day;
          const label = divider ? dayLabel(at, language) : '';
          return (
            <Fragment key={item.key}>
              {divider && (
                <div className={styles.divider} role="separator" data-testid="date-divider">
                  <span className={styles.dividerLabel}>{label === 'today' || label === 'yesterday' ? t(label) : label}</span>
                </div>
              )}
              {item.kind === 'message' ? (
                <MessageItem
                  message={item.message}
                  mine={item.message.author !== null && item.message.author.id === me}
                  me={me}
                  language={language}
                  highlighted={highlight === item.message.id}
                  writable={writable}
                  hasMenu={hasAny(menuItems(item.message, me, now, 'xx', chat.readOnly))}
                  canRestore={menuItems(item.message, me, now, '', chat.readOnly)?.restore ?? false}
                  handlers={handlers}
                />
              ) : item.kind === 'temp' ? (
                <TempItem
                  temp={item.temp}
                  errorCode={item.errorCode}
                  onRetry={() => void chat.retry(item.temp.id)}
                  onCancel={() => void chat.cancel(item.temp.id)}
                />
              ) : (
                <FileErrorView item={item.item} onDismiss={() => chat.dismissFileError(item.item.id)} />
              )}
            </Fragment>
          );
        })}
      </div>
      {away && (
        <div className={styles.bottom}>
          <Button
            className={styles.bottomButton}
            shape="circular"
            icon={<ArrowDownRegular />}
            aria-label={t('toBottom')}
            onClick={toBottom}
            data-testid="chat-to-bottom"
          />
          {unread > 0 && (
            <CounterBadge
              className={styles.badge}
              count={unread}
              overflowCount={UNREAD_BADGE_MAX}
              size="small"
              aria-label={t('unreadBadge', { count: unread })}
              data-testid="chat-to-bottom-unread"
            />
          )}
        </div>
      )}
      <MessageMenu open={menu} onClose={() => setMenu(null)} actions={actions} />
    </div>
  );
});

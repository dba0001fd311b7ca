/**
 * The task drawer's right pane (spec 2 "chat area"): whose move it is, the tabs of the task's chats
 * with their unread badges (only when there are several: clients never get `work`), and the chat
 * chosen. It also opens message attachments in the drawer's gallery ('open-gallery').
 */
import { Badge, Button, Spinner, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { Tab, TabList } from '@negayno/shared/fluent-drawers';
import { ChatMultipleRegular } from '@fluentui/react-icons';
import { getSocket } from '@negayno/shared/api';
import { type ChatKey, type ChatState, type Language, type ServerEvent } from '@negayno/shared/contract';
import { useStores } from '@negayno/shared/stores';
import { useWorkStores, PREFETCH_REUSE_MS } from '@negayno/shared/work-stores';
import { EmptyState, WhoseMoveBadge, useSearchParams } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '@negayno/shared/i18n';
import { tabBadge } from './chat-format';
import { ChatView } from './ChatView';
import { OPEN_GALLERY_EVENT, type OpenGalleryDetail } from './MessageList';

const useStyles = makeStyles({
  // The pane is as tall as the drawer's body (less its header), so the list scrolls inside it.
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, height: 'calc(100dvh - 120px)', minHeight: '360px' },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  tab: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  center: { flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' },
});

const KEY_ORDER: ChatKey[] = ['main', 'work'];

/** Opens message attachments in the drawer's gallery (the one the attachments use). */
function useGalleryEvent(): void {
  useEffect(() => {
    const open = (event: Event) => {
      const { files, start, opener } = (event as CustomEvent<OpenGalleryDetail>).detail;
      void import('../task-drawer/attachments/gallery').then(({ openGallery }) => openGallery(files, start, () => opener?.focus()));
    };
    window.addEventListener(OPEN_GALLERY_EVENT, open);
    return () => window.removeEventListener(OPEN_GALLERY_EVENT, open);
  }, []);
}

export const ChatPane = observer(function ChatPane(props: { taskId: number }) {
  const { t, i18n } = useTranslation('chat');
  const styles = useStyles();
  const { session } = useStores();
  const { chats } = useWorkStores();
  const taskId = props.taskId;
  // A link to a message (the search palette, issue 38): `?chat=work&message=123` opens that chat at it.
  const params = useSearchParams();
  const linkedChat: ChatKey | null = params.get('chat') === 'work' ? 'work' : params.get('chat') === 'main' ? 'main' : null;
  const linkedMessage = Number(params.get('message')) || null;
  const [selected, setSelected] = useState<ChatKey>(linkedChat ?? 'main');
  useEffect(() => {
    if (linkedChat) setSelected(linkedChat);
  }, [linkedChat, linkedMessage]);
  const me = session.user?.id ?? null;
  const language: Language = i18n.language === 'en' ? 'en' : 'uk';
  useGalleryEvent();

  const [failed, setFailed] = useState(false);
  const load = useCallback(
    (options: { reuseWithinMs?: number } = {}) => {
      setFailed(false);
      void chats.loadTask(taskId, options).then((status) => setFailed(status !== 'ready'));
    },
    [chats, taskId],
  );

  useEffect(() => {
    load({ reuseWithinMs: PREFETCH_REUSE_MS });
    // A new message in any chat of the task: its tabs' counters and whose move change.
    const socket = getSocket();
    const onChats = (event: ServerEvent<'task.chats.update'>) => event.taskId === taskId && void chats.onTaskChats(event);
    socket.on('task.chats.update', onChats);
    return () => void socket.off('task.chats.update', onChats);
  }, [chats, taskId, load]);

  const info = chats.tasks.get(taskId);
  if (!info && failed) {
    return (
      <EmptyState
        icon={<ChatMultipleRegular />}
        title={t('loadFailed')}
        testId="chat-load-failed"
        action={
          <Button onClick={() => load()} data-testid="chat-retry">
            {t('retry')}
          </Button>
        }
      />
    );
  }
  if (!info) {
    return (
      <div className={styles.center}>
        <Spinner label={t('loading')} data-testid="chat-loading" />
      </div>
    );
  }
  const list = [...info.chats].sort((a, b) => KEY_ORDER.indexOf(a.key) - KEY_ORDER.indexOf(b.key));
  if (list.length === 0) return <EmptyState icon={<ChatMultipleRegular />} title={t('empty.title')} testId="chat-none" />;
  const current = list.find((chat) => chat.key === selected) ?? list[0]!;
  // The shown chat's own counter moves as messages are seen; the others' (not listening) come with the task's chats.
  const unreadOf = (state: ChatState) => {
    const store = chats.chat(state.id);
    return state.id === current.id && store.state ? store.unreadCount : state.unreadCount;
  };

  return (
    <div className={styles.root} data-testid="task-chat">
      <div className={styles.head}>
        {list.length > 1 ? (
          <TabList size="small" selectedValue={current.key} onTabSelect={(_event, data) => setSelected(data.value as ChatKey)} data-testid="chat-tabs">
            {list.map((chat) => {
              const badge = tabBadge(unreadOf(chat));
              return (
                <Tab key={chat.key} value={chat.key} data-testid={`chat-tab-${chat.key}`}>
                  <span className={styles.tab}>
                    {t(`tabs.${chat.key}`)}
                    {badge && (
                      <Badge
                        size="small"
                        appearance="filled"
                        color="danger"
                        aria-label={t('tabUnread', { count: unreadOf(chat) })}
                        data-testid="chat-tab-unread"
                      >
                        {badge}
                      </Badge>
                    )}
                  </span>
                </Tab>
              );
            })}
          </TabList>
        ) : (
          <Text weight="semibold">{t(`tabs.${current.key}`)}</Text>
        )}
        {info.whoseMove && <WhoseMoveBadge move={info.whoseMove} language={language} testId="chat-whose-move" />}
      </div>
      <ChatView key={current.id} chat={chats.chat(current.id)} me={me} language={language} target={current.key === linkedChat ? linkedMessage : null} />
    </div>
  );
});

/**
 * One chat: its live room, its list and its composer, and the drop overlay over both ('dropFile').
 * The chat opens (newest page, then the temporary messages kept in this browser, re-sending those
 * left as sending) when shown and again after a reconnect.
 */
import { Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { getSocket, joinRoom, onReconnect } from '@negayno/shared/api';
import { rooms, type Language, type ServerEvent } from '@negayno/shared/contract';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from '@negayno/shared/i18n';
import { type ChatStore } from '@negayno/shared/work-stores';
import { useFileDrop } from '../task-drawer/attachments/useFileDrop';
import { allowedFiles, Composer } from './Composer';
import { MessageList } from './MessageList';

/** Spec 9: the drop overlay leaves 150 ms after the drag does (a drag over child elements flickers otherwise). */
export const DROP_OVERLAY_REMOVAL_MS = 150;

const useStyles = makeStyles({
  root: { position: 'relative', display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 },
  overlay: {
    position: 'absolute',
    inset: 0,
    zIndex: 3,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    textAlign: 'center',
    padding: tokens.spacingHorizontalL,
    border: `2px dashed ${tokens.colorBrandStroke1}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackgroundAlpha2,
    color: tokens.colorBrandForeground1,
    pointerEvents: 'none',
  },
});

/** Keeps a chat live: `message.update` puts a new message in place or reads a changed one again; a read elsewhere updates the receipts. */
function useLiveChat(chat: ChatStore, me: number | null): void {
  useEffect(() => {
    void chat.open();
    // Read again once the room is joined: nothing made between the first read and the join is lost.
    const leave = joinRoom(rooms.chat(chat.chatId), () => void chat.readAfterJoin());
    const socket = getSocket();
    const onMessage = (event: ServerEvent<'message.update'>) => event.chatId === chat.chatId && void chat.onMessageEvent(event);
    const onRead = (event: ServerEvent<'chat.read'>) => event.chatId === chat.chatId && event.userId !== me && chat.applyRead(event.messageId, event.reader);
    socket.on('message.update', onMessage);
    socket.on('chat.read', onRead);
    const stopReconnect = onReconnect(() => void chat.open());
    return () => {
      socket.off('message.update', onMessage);
      socket.off('chat.read', onRead);
      stopReconnect();
      leave();
    };
  }, [chat, me]);
}

export const ChatView = observer(function ChatView(props: { chat: ChatStore; me: number | null; language: Language; target?: number | null }) {
  const { t } = useTranslation('chat');
  const styles = useStyles();
  const { chat } = props;
  useLiveChat(chat, props.me);
  const accepts = !chat.readOnly && chat.form.editMessageId === null;
  const drop = useFileDrop(accepts, (files) => chat.addFiles(allowedFiles(files)));
  const [overlay, setOverlay] = useState(false);
  useEffect(() => {
    if (drop.over) {
      setOverlay(true);
      return;
    }
    const timer = setTimeout(() => setOverlay(false), DROP_OVERLAY_REMOVAL_MS);
    return () => clearTimeout(timer);
  }, [drop.over]);

  return (
    <div className={styles.root} {...drop.handlers} data-testid="chat-view" data-chat-id={chat.chatId}>
      {overlay && accepts && (
        <div className={styles.overlay} data-testid="chat-drop-overlay">
          <Text weight="semibold">{t('dropFile')}</Text>
        </div>
      )}
      <MessageList chat={chat} me={props.me} language={props.language} target={props.target ?? null} />
      <Composer chat={chat} />
    </div>
  );
});

/**
 * One message of the list (spec 2, 3, 4): author coloured by role, the message it replies to, its
 * quote, its text (linked, sanitised), its file, its reactions with avatar stacks, the time and the
 * edited time, read receipts, and the deleted state with restore. System messages (no author) are
 * the server's sanitised HTML with the deadline appended in bold. Temporary messages show sending or
 * the error with retry and cancel.
 */
import { AvatarGroup, AvatarGroupItem, Avatar, Button, Text, Tooltip, makeStyles, mergeClasses, tokens } from '@negayno/shared/fluent';
import { AvatarGroupPopover } from '@negayno/shared/fluent-drawers';
import {
  ArrowClockwiseRegular,
  ArrowReplyRegular,
  CloudOffRegular,
  DismissRegular,
  DocumentRegular,
  ErrorCircleRegular,
  MoreHorizontalRegular,
} from '@fluentui/react-icons';
import {
  AVATAR_GROUP_MAX,
  escapeHtml,
  opensInGallery,
  systemNoteHtml,
  type ChatMessage,
  type ChatPerson,
  type Language,
  type MessageFile,
  type ParentMessage,
} from '@negayno/shared/contract';
import { formatDateTime, formatFileSize, fullName, messageToHtml, sanitizeHtml } from '@negayno/shared/lib';
import { memo, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from '@negayno/shared/i18n';
import { WAITING_CODE, type FileErrorItem, type TempMessage } from '@negayno/shared/work-stores';
import { ROLE_COLORS, timeOf } from './chat-format';
import { emojiDrawable, emojiKey } from './emoji-text';

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end', padding: `${tokens.spacingVerticalXS} 0`, maxWidth: '100%' },
  mine: { flexDirection: 'row-reverse' },
  bubble: {
    position: 'relative',
    minWidth: '120px',
    maxWidth: 'min(85%, 560px)',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground1,
    overflowWrap: 'anywhere',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
    ':hover .chat-more, :focus-within .chat-more': { opacity: 1 },
  },
  bubbleMine: { backgroundColor: tokens.colorBrandBackground2 },
  highlight: { boxShadow: `0 0 0 2px ${tokens.colorBrandStroke1}` },
  author: { display: 'block', fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase200, marginBottom: tokens.spacingVerticalXXS },
  text: { whiteSpace: 'pre-wrap', fontSize: tokens.fontSizeBase300, lineHeight: tokens.lineHeightBase300, '& a': { color: tokens.colorBrandForegroundLink } },
  parent: {
    display: 'block',
    width: '100%',
    textAlign: 'start',
    margin: `0 0 ${tokens.spacingVerticalXS}`,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderLeft: `3px solid ${tokens.colorBrandStroke1}`,
    borderTop: 'none',
    borderRight: 'none',
    borderBottom: 'none',
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: tokens.colorNeutralBackgroundAlpha2,
    color: tokens.colorNeutralForeground2,
    cursor: 'pointer',
    fontSize: tokens.fontSizeBase200,
    overflow: 'hidden',
  },
  clamp: { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' },
  quote: {
    margin: `0 0 ${tokens.spacingVerticalXS}`,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderLeft: `3px solid ${tokens.colorNeutralStroke1}`,
    color: tokens.colorNeutralForeground2,
    fontStyle: 'italic',
    whiteSpace: 'pre-wrap',
  },
  meta: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'flex-end',
    gap: tokens.spacingHorizontalXS,
    marginTop: tokens.spacingVerticalXXS,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase100,
  },
  deleted: { fontStyle: 'italic', color: tokens.colorNeutralForeground3 },
  reactions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, marginTop: tokens.spacingVerticalXS },
  reaction: { minWidth: 'auto', gap: tokens.spacingHorizontalXXS, padding: `0 ${tokens.spacingHorizontalS}`, borderRadius: tokens.borderRadiusCircular },
  reactionGroup: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS },
  receipts: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXS,
    padding: `0 ${tokens.spacingHorizontalXXS}`,
    border: 'none',
    borderRadius: tokens.borderRadiusMedium,
    background: 'none',
    color: 'inherit',
    font: 'inherit',
    cursor: 'pointer',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  receiptsLine: { flexBasis: '100%', textAlign: 'end' },
  reactionMine: { backgroundColor: tokens.colorBrandBackground2Hover, border: `1px solid ${tokens.colorBrandStroke1}` },
  image: {
    display: 'block',
    padding: 0,
    border: 'none',
    background: 'none',
    cursor: 'zoom-in',
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
    marginBottom: tokens.spacingVerticalXS,
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  thumb: { display: 'block', maxWidth: '100%', maxHeight: '240px', objectFit: 'contain' },
  file: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    marginBottom: tokens.spacingVerticalXS,
    color: tokens.colorNeutralForeground1,
  },
  fileIcon: {
    flexShrink: 0,
    width: '36px',
    height: '36px',
    borderRadius: tokens.borderRadiusMedium,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    color: '#fff',
  },
  system: {
    margin: `${tokens.spacingVerticalS} auto`,
    maxWidth: '90%',
    textAlign: 'center',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
  },
  more: { position: 'absolute', top: '2px', insetInlineEnd: '2px', opacity: 0, minWidth: 'auto' },
  error: { color: tokens.colorPaletteRedForeground1, display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  waiting: { color: tokens.colorNeutralForeground2, display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  spacer: { width: '32px', flexShrink: 0 },
});

export interface MessageHandlers {
  onMenu: (message: ChatMessage, anchor: { x: number; y: number }, selection: string) => void;
  onReact: (message: ChatMessage, emoji: string) => void;
  onRestore: (message: ChatMessage) => void;
  onParent: (parentId: number) => void;
  onOpenFile: (message: ChatMessage) => void;
}

function People(props: { people: ChatPerson[]; label: string; size: 16 | 20; testId: string }) {
  // Spec 9: six faces at most; the rest behind the overflow button.
  const inlineItems = props.people.slice(0, AVATAR_GROUP_MAX.default);
  const overflowItems = props.people.length > AVATAR_GROUP_MAX.default ? props.people.slice(AVATAR_GROUP_MAX.default) : null;
  return (
    <AvatarGroup layout="stack" size={props.size} aria-label={props.label} data-testid={props.testId}>
      {inlineItems.map((person) => (
        <AvatarGroupItem key={person.id} name={fullName(person)} image={person.avatarUrl ? { src: person.avatarUrl } : undefined} />
      ))}
      {overflowItems && (
        <AvatarGroupPopover indicator="count">
          {overflowItems.map((person) => (
            <AvatarGroupItem key={person.id} name={fullName(person)} image={person.avatarUrl ? { src: person.avatarUrl } : undefined} />
          ))}
        </AvatarGroupPopover>
      )}
    </AvatarGroup>
  );
}

/**
 * Who has read the message (issue 33): the faces say it on hover and on focus ("Прочитали: Ірина,
 * Сергій"), and a press writes it out under the message, for touch screens and for reading at leisure.
 */
function ReadReceipts(props: { readers: ChatPerson[] }) {
  const styles = useStyles();
  const { t } = useTranslation('chat');
  const [shown, setShown] = useState(false);
  const label = t('readBy', { names: props.readers.map(fullName).join(', ') });
  const faces = props.readers.slice(0, AVATAR_GROUP_MAX.default);
  const more = props.readers.length - faces.length;
  return (
    <>
      <Tooltip content={label} relationship="label">
        <button type="button" className={styles.receipts} aria-expanded={shown} onClick={() => setShown(!shown)} data-testid="message-readers">
          <AvatarGroup layout="stack" size={16} aria-hidden>
            {faces.map((person) => (
              <AvatarGroupItem key={person.id} name={fullName(person)} image={person.avatarUrl ? { src: person.avatarUrl } : undefined} />
            ))}
          </AvatarGroup>
          {more > 0 && <span aria-hidden>+{more}</span>}
        </button>
      </Tooltip>
      {shown && (
        <span className={styles.receiptsLine} data-testid="message-readers-line">
          {label}
        </span>
      )}
    </>
  );
}

function FileView(props: { file: MessageFile; onOpen: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('chat');
  const { file } = props;
  if (opensInGallery(file.name) && (file.thumb || file.kind === 'image')) {
    return (
      <button type="button" className={styles.image} onClick={props.onOpen} aria-label={t('attachment', { name: file.name })} data-testid="message-image">
        <img
          className={styles.thumb}
          src={file.thumb ?? file.url}
          alt={file.name}
          width={file.width ?? undefined}
          height={file.height ?? undefined}
          loading="lazy"
        />
      </button>
    );
  }
  return (
    <a className={styles.file} href={`${file.url}?download=1`} download={file.name} data-testid="message-file">
      <span className={styles.fileIcon} style={{ backgroundColor: file.color }} aria-hidden>
        <DocumentRegular />
      </span>
      <span>
        <Text block weight="semibold" size={200}>
          {file.name}
        </Text>
        <Text size={100}>{formatFileSize(file.size)}</Text>
      </span>
    </a>
  );
}

function Parent(props: { parent: ParentMessage; onClick: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('chat');
  const { parent } = props;
  const text = parent.dateDelete !== null ? t('messageDeleted') : parent.message || parent.file?.name || '';
  return (
    <button type="button" className={styles.parent} onClick={props.onClick} data-testid="message-parent">
      <span className={styles.author} style={{ color: parent.author ? ROLE_COLORS[parent.author.role] : undefined }}>
        {parent.author ? fullName(parent.author) : t('system')}
      </span>
      <span className={styles.clamp}>{parent.quote ?? text}</span>
    </button>
  );
}

/**
 * A system message, with the deadline in bold (spec 3): a life-cycle note is written in the reader's
 * language; any other is the server's HTML. Either is sanitised again here.
 */
export function SystemMessage(props: { message: ChatMessage; language: Language }) {
  const styles = useStyles();
  const { t } = useTranslation('chat');
  const { message } = props;
  const text = message.systemNote ? systemNoteHtml(message.systemNote, props.language) : message.message;
  const deadline = message.dateDeadline ? ` <b>${escapeHtml(t('deadline', { date: formatDateTime(message.dateDeadline, props.language) }))}</b>` : '';
  return (
    <div
      className={styles.system}
      data-testid="system-message"
      data-message-id={message.id}
      data-viewed={message.viewed}
      dangerouslySetInnerHTML={{ __html: sanitizeHtml(`${text}${deadline}`) }}
    />
  );
}

export interface MessageItemProps {
  message: ChatMessage;
  mine: boolean;
  me: number | null;
  language: Language;
  highlighted: boolean;
  /** The chat may be written to: reactions can be toggled. */
  writable: boolean;
  /** The message offers a menu (spec 6); the "more" button and the context menu key open it. */
  hasMenu: boolean;
  canRestore: boolean;
  handlers: MessageHandlers;
}

export const MessageItem = memo(function MessageItem(props: MessageItemProps) {
  const styles = useStyles();
  const { t } = useTranslation('chat');
  const { message, mine, handlers } = props;
  if (!message.author) return <SystemMessage message={message} language={props.language} />;
  const author = message.author;
  const deleted = message.dateDelete !== null;
  const edited = !deleted && message.dateUpdate !== message.dateCreate;

  const selectionIn = (element: HTMLElement): string => {
    const selection = window.getSelection();
    if (!selection || selection.isCollapsed || !selection.anchorNode || !element.contains(selection.anchorNode)) return '';
    return selection.toString();
  };
  const openMenu = (event: MouseEvent<HTMLElement>) => {
    if (!props.hasMenu) return;
    event.preventDefault();
    handlers.onMenu(message, { x: event.clientX, y: event.clientY }, selectionIn(event.currentTarget));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!props.hasMenu || event.target !== event.currentTarget) return;
    if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
      event.preventDefault();
      const box = event.currentTarget.getBoundingClientRect();
      handlers.onMenu(message, { x: box.left + 16, y: box.top + 16 }, selectionIn(event.currentTarget));
    }
  };

  return (
    <div className={mergeClasses(styles.row, mine && styles.mine)}>
      {mine ? null : <Avatar size={32} name={fullName(author)} image={author.avatarUrl ? { src: author.avatarUrl } : undefined} aria-hidden />}
      <article
        className={mergeClasses(styles.bubble, mine && styles.bubbleMine, props.highlighted && styles.highlight)}
        tabIndex={0}
        aria-label={`${fullName(author)}, ${timeOf(message.dateCreate, props.language)}`}
        onContextMenu={openMenu}
        onKeyDown={onKeyDown}
        data-testid="message"
        data-message-id={message.id}
        data-mine={mine}
        data-viewed={message.viewed}
        data-deleted={deleted}
      >
        {!mine && (
          <span className={styles.author} style={{ color: ROLE_COLORS[author.role] }} data-testid="message-author" data-role={author.role}>
            {fullName(author)}
          </span>
        )}
        {deleted ? (
          <div className={styles.deleted} data-testid="message-deleted">
            {t('messageDeleted')}
            {props.canRestore && (
              <Button
                size="small"
                appearance="transparent"
                icon={<ArrowClockwiseRegular />}
                onClick={() => handlers.onRestore(message)}
                data-testid="message-restore"
              >
                {t('restore')}
              </Button>
            )}
          </div>
        ) : (
          <>
            {message.parentMessage && <Parent parent={message.parentMessage} onClick={() => handlers.onParent(message.parentMessage!.id)} />}
            {message.quote && (
              <blockquote className={styles.quote} data-testid="message-quote">
                {message.quote}
              </blockquote>
            )}
            {message.file && <FileView file={message.file} onOpen={() => handlers.onOpenFile(message)} />}
            {message.message && <div className={styles.text} data-testid="message-text" dangerouslySetInnerHTML={{ __html: messageToHtml(message.message) }} />}
            {message.emoji.length > 0 && (
              <div className={styles.reactions} data-testid="message-reactions">
                {message.emoji.map((reaction) => {
                  const names = reaction.authors.map(fullName).join(', ');
                  const reacted = reaction.authors.some((person) => person.id === props.me);
                  const key = emojiKey(reaction.emoji);
                  const name = key ? t(`emojiName.${key}`) : reaction.emoji;
                  const count = reaction.authors.length;
                  return (
                    <span key={reaction.emoji} className={styles.reactionGroup}>
                      <Tooltip content={t('reactedBy', { emoji: reaction.emoji, names })} relationship="description">
                        <Button
                          size="small"
                          className={mergeClasses(styles.reaction, reacted && styles.reactionMine)}
                          aria-pressed={reacted}
                          aria-label={t(reacted ? 'reactionMine' : 'reaction', { emoji: reaction.emoji, name, count })}
                          disabledFocusable={!props.writable}
                          onClick={() => handlers.onReact(message, reaction.emoji)}
                          data-testid="reaction"
                          data-emoji={reaction.emoji}
                        >
                          {/* Where the system draws no emoji, the chip says it in words ("thumbs up 1", not "▯ 1"). */}
                          <span aria-hidden data-testid="reaction-text">
                            {emojiDrawable() ? reaction.emoji : name} {count}
                          </span>
                        </Button>
                      </Tooltip>
                      <People people={reaction.authors} label={names} size={16} testId="reaction-authors" />
                    </span>
                  );
                })}
              </div>
            )}
          </>
        )}
        <div className={styles.meta}>
          {edited && <span data-testid="message-edited">{t('edited', { time: timeOf(message.dateUpdate, props.language) })}</span>}
          <time dateTime={new Date(message.dateCreate * 1000).toISOString()} title={formatDateTime(message.dateCreate, props.language)}>
            {timeOf(message.dateCreate, props.language)}
          </time>
          {message.readers.length > 0 && <ReadReceipts readers={message.readers} />}
        </div>
        {props.hasMenu && (
          <Button
            className={mergeClasses('chat-more', styles.more)}
            size="small"
            appearance="subtle"
            icon={<MoreHorizontalRegular />}
            aria-label={t('messageMenu')}
            onClick={(event) => {
              const box = event.currentTarget.getBoundingClientRect();
              handlers.onMenu(message, { x: box.left, y: box.bottom }, selectionIn(event.currentTarget.closest('article') ?? event.currentTarget));
            }}
            data-testid="message-more"
          />
        )}
      </article>
    </div>
  );
});

/** A message of this browser not yet confirmed by the server: sending, or failed with retry and cancel. */
export function TempItem(props: { temp: TempMessage; errorCode: string | null; onRetry: () => void; onCancel: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('chat');
  const { temp } = props;
  // Unsent for want of a connection: it goes by itself once the connection is back (issue 33).
  const waiting = temp.status === 'sending' && props.errorCode === WAITING_CODE;
  return (
    <div className={mergeClasses(styles.row, styles.mine)}>
      <article
        className={mergeClasses(styles.bubble, styles.bubbleMine)}
        data-testid="temp-message"
        data-status={waiting ? 'waiting' : temp.status}
        data-temp-id={temp.id}
      >
        {temp.quote && <blockquote className={styles.quote}>{temp.quote}</blockquote>}
        {temp.file && (
          <div className={styles.file}>
            <span className={styles.fileIcon} style={{ backgroundColor: tokens.colorNeutralForeground3 }} aria-hidden>
              <DocumentRegular />
            </span>
            <Text size={200}>{temp.file.name}</Text>
          </div>
        )}
        {temp.message && <div className={styles.text} dangerouslySetInnerHTML={{ __html: messageToHtml(temp.message) }} />}
        <div className={styles.meta}>
          {waiting ? (
            <span className={styles.waiting} role="status" data-testid="temp-waiting">
              <CloudOffRegular aria-hidden /> {t('waiting')}
              <Button size="small" appearance="transparent" icon={<DismissRegular />} onClick={props.onCancel} data-testid="temp-cancel">
                {t('cancelSend')}
              </Button>
            </span>
          ) : temp.status === 'sending' ? (
            <span role="status">{t('sending')}</span>
          ) : (
            <span className={styles.error} role="alert" data-testid="temp-error" data-code={props.errorCode ?? ''}>
              <ErrorCircleRegular aria-hidden /> {t('sendError')}
              <Button size="small" appearance="transparent" icon={<ArrowReplyRegular />} onClick={props.onRetry} data-testid="temp-retry">
                {t('retrySend')}
              </Button>
              <Button size="small" appearance="transparent" icon={<DismissRegular />} onClick={props.onCancel} data-testid="temp-cancel">
                {t('cancelSend')}
              </Button>
            </span>
          )}
        </div>
      </article>
    </div>
  );
}

/** A file the server refused (`file_is_invalid`), shown here only, until dismissed. */
export function FileErrorView(props: { item: FileErrorItem; onDismiss: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('chat');
  return (
    <div className={mergeClasses(styles.row, styles.mine)}>
      <article className={mergeClasses(styles.bubble, styles.bubbleMine)} data-testid="file-error" data-status="error_file">
        <span className={styles.error} role="alert">
          <ErrorCircleRegular aria-hidden /> {t('fileNotSupported', { name: props.item.name })}
          <Button size="small" appearance="transparent" icon={<DismissRegular />} onClick={props.onDismiss}>
            {t('dismiss')}
          </Button>
        </span>
      </article>
    </div>
  );
}

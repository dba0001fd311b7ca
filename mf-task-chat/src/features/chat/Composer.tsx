/**
 * The composer (spec 2, 5): the reply or edit banner, the pending-files strip, the attach button, the
 * textarea (up to 4 rows, Enter sends, Shift/Ctrl/Cmd+Enter a new line, the draft kept after 300 ms of
 * quiet), the emoji button and send. Files of types the spec does not allow are dropped silently;
 * nothing can be sent while the chat is read-only.
 */
import { Button, Text, Tooltip, makeStyles, mergeClasses, tokens } from '@negayno/shared/fluent';
import { Popover, PopoverSurface, PopoverTrigger } from '@negayno/shared/fluent-drawers';
import {
  AttachRegular,
  DismissRegular,
  DocumentRegular,
  EditRegular,
  EmojiRegular,
  ArrowReplyRegular,
  SendRegular,
  CheckmarkRegular,
} from '@fluentui/react-icons';
import { EMOJIS, fileKindOf } from '@negayno/shared/contract';
import { EMOJI_KEYS, emojiDrawable } from './emoji-text';
import { formatFileSize, fullName } from '@negayno/shared/lib';
import { observer } from 'mobx-react-lite';
import { useEffect, useLayoutEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '@negayno/shared/i18n';
import { type ChatStore } from '@negayno/shared/work-stores';

/** Spec 9: the textarea grows to 4 rows; the draft is kept after 300 ms of quiet; the strip is at most 142 px high. */
export const MAX_ROWS = 4;
export const DRAFT_DEBOUNCE_MS = 300;
export const PENDING_STRIP_MAX_HEIGHT = 142;

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    paddingTop: tokens.spacingVerticalS,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  banner: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderLeft: `3px solid ${tokens.colorBrandStroke1}`,
    backgroundColor: tokens.colorNeutralBackground2,
    borderRadius: tokens.borderRadiusMedium,
  },
  bannerText: { flex: 1, minWidth: 0, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' },
  strip: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalXS,
    maxHeight: `${PENDING_STRIP_MAX_HEIGHT}px`,
    overflowY: 'auto',
    margin: 0,
    padding: 0,
    listStyle: 'none',
  },
  chip: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    maxWidth: '100%',
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  chipName: { overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis', maxWidth: '180px' },
  row: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalXS },
  textarea: {
    flex: 1,
    minWidth: 0,
    resize: 'none',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    ':focus': { outline: `2px solid ${tokens.colorBrandStroke1}`, outlineOffset: '-1px' },
    ':disabled': { backgroundColor: tokens.colorNeutralBackgroundDisabled, color: tokens.colorNeutralForegroundDisabled },
    '::placeholder': { color: tokens.colorNeutralForeground4 },
  },
  emojis: { display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: tokens.spacingHorizontalXS },
  emoji: { fontSize: tokens.fontSizeBase500, minWidth: 'auto' },
  /** Where no emoji font draws, the picker lists their names: two columns of plain text. */
  emojisInWords: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  emojiInWords: { fontSize: tokens.fontSizeBase300, justifyContent: 'flex-start' },
  hidden: { display: 'none' },
  readOnly: { color: tokens.colorNeutralForeground3, textAlign: 'center', padding: tokens.spacingVerticalS },
});

/** Only the spec's file types go into the chat; others are dropped without a word (spec 5). */
export function allowedFiles(files: File[]): File[] {
  return files.filter((file) => fileKindOf(file.name) !== null);
}

/** Spec 5: Enter sends; Shift, Ctrl or Cmd with Enter makes a new line; Enter while composing (IME) does nothing. */
export function enterAction(
  event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'> & { isComposing?: boolean },
): 'send' | 'newline' | null {
  if (event.key !== 'Enter' || event.isComposing) return null;
  if (event.shiftKey) return null; // the textarea's own new line
  if (event.ctrlKey || event.metaKey) return 'newline';
  return event.altKey ? null : 'send';
}

export const Composer = observer(function Composer(props: { chat: ChatStore }) {
  const { t } = useTranslation('chat');
  const styles = useStyles();
  const { chat } = props;
  const { form } = chat;
  const area = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(form.message);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** The text last handed to the store: its echo must not overwrite what was typed since. */
  const pushed = useRef(form.message);
  const disabled = chat.readOnly;
  const editing = form.editMessageId !== null;
  const replying = chat.replyingTo;

  // The store's text changes from outside (edit starts, a banner closes, a send clears it).
  useEffect(() => {
    if (form.message === pushed.current) return;
    pushed.current = form.message;
    setText(form.message);
  }, [form.message]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  useEffect(() => {
    if (editing || replying) area.current?.focus();
  }, [editing, replying]);

  // Grows with its text up to 4 rows, then scrolls.
  useLayoutEffect(() => {
    const element = area.current;
    if (!element) return;
    const line = parseFloat(getComputedStyle(element).lineHeight) || 20;
    const padding = parseFloat(getComputedStyle(element).paddingTop) * 2 || 0;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, line * MAX_ROWS + padding + 2)}px`;
  }, [text]);

  const push = (value: string) => {
    pushed.current = value;
    chat.setText(value);
  };
  const change = (value: string) => {
    setText(value);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => push(value), DRAFT_DEBOUNCE_MS);
  };
  const send = () => {
    if (disabled) return;
    if (timer.current) clearTimeout(timer.current);
    push(text);
    void chat.submit();
    // The form empties at once (the sync start of submit); same value as before the push, so no effect sees it.
    pushed.current = chat.form.message;
    setText(chat.form.message);
    area.current?.focus();
  };
  const insert = (value: string) => {
    const element = area.current;
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? text.length;
    change(text.slice(0, start) + value + text.slice(end));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + value.length, start + value.length);
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const action = enterAction({ ...event, isComposing: event.nativeEvent.isComposing });
    if (action === 'send') {
      event.preventDefault();
      send();
    } else if (action === 'newline') {
      event.preventDefault();
      insert('\n');
    } else if (event.key === 'Escape' && (editing || replying || form.quote)) {
      event.stopPropagation();
      chat.closeBanner();
    }
  };
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = allowedFiles([...event.clipboardData.files]);
    if (files.length === 0 || editing) return;
    event.preventDefault();
    chat.addFiles(files);
  };

  if (disabled) {
    return (
      <div className={styles.root}>
        <Text className={styles.readOnly} data-testid="chat-read-only">
          {t('readOnly')}
        </Text>
      </div>
    );
  }

  const empty = text.trim() === '' && form.files.length === 0;
  return (
    <div className={styles.root} data-testid="composer">
      {(editing || replying || form.quote) && (
        <div className={styles.banner} data-testid={editing ? 'edit-banner' : 'reply-banner'}>
          {editing ? <EditRegular aria-hidden /> : <ArrowReplyRegular aria-hidden />}
          <Text size={200} className={styles.bannerText}>
            {editing ? t('editing') : replying?.author ? t('replyTo', { name: fullName(replying.author) }) : t('quoting')}
            {!editing && form.quote ? ` — «${form.quote}»` : ''}
          </Text>
          <Button
            size="small"
            appearance="subtle"
            icon={<DismissRegular />}
            aria-label={t('closeBanner')}
            onClick={() => chat.closeBanner()}
            data-testid="banner-close"
          />
        </div>
      )}
      {form.files.length > 0 && (
        <ul className={styles.strip} aria-label={t('pendingFiles')} data-testid="pending-files">
          {form.files.map((file, index) => (
            <li key={`${file.name}-${index}`} className={styles.chip}>
              <DocumentRegular aria-hidden />
              <Text size={200} className={styles.chipName} title={file.name}>
                {file.name}
              </Text>
              <Text size={100}>{formatFileSize(file.size)}</Text>
              <Button
                size="small"
                appearance="subtle"
                icon={<DismissRegular />}
                aria-label={t('removeFile', { name: file.name })}
                onClick={() => chat.removeFile(index)}
              />
            </li>
          ))}
        </ul>
      )}
      <div className={styles.row}>
        <Tooltip content={t('attach')} relationship="label">
          <Button appearance="subtle" icon={<AttachRegular />} disabled={editing} onClick={() => fileInput.current?.click()} data-testid="chat-attach" />
        </Tooltip>
        <input
          ref={fileInput}
          type="file"
          multiple
          className={styles.hidden}
          data-testid="chat-file-input"
          onChange={(event) => {
            chat.addFiles(allowedFiles([...(event.target.files ?? [])]));
            event.target.value = '';
          }}
        />
        <textarea
          ref={area}
          className={styles.textarea}
          rows={1}
          value={text}
          placeholder={t('writeMessage')}
          aria-label={t('writeMessage')}
          onChange={(event) => change(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          data-testid="chat-input"
        />
        <Popover positioning="above-end" trapFocus>
          <PopoverTrigger disableButtonEnhancement>
            <Tooltip content={t('emoji')} relationship="label">
              <Button appearance="subtle" icon={<EmojiRegular />} data-testid="chat-emoji" />
            </Tooltip>
          </PopoverTrigger>
          <PopoverSurface>
            <div className={mergeClasses(styles.emojis, !emojiDrawable() && styles.emojisInWords)} role="group" aria-label={t('emoji')}>
              {EMOJIS.map((emoji) => (
                <Button
                  key={emoji}
                  appearance="subtle"
                  className={mergeClasses(styles.emoji, !emojiDrawable() && styles.emojiInWords)}
                  onClick={() => insert(emoji)}
                  aria-label={`${emoji} ${t(`emojiName.${EMOJI_KEYS[emoji]}`)}`}
                  data-testid="composer-emoji"
                  data-emoji={emoji}
                >
                  {emojiDrawable() ? emoji : t(`emojiName.${EMOJI_KEYS[emoji]}`)}
                </Button>
              ))}
            </div>
          </PopoverSurface>
        </Popover>
        <Tooltip content={editing ? t('save') : t('send')} relationship="label">
          <Button appearance="primary" icon={editing ? <CheckmarkRegular /> : <SendRegular />} disabled={empty} onClick={send} data-testid="chat-send" />
        </Tooltip>
      </div>
    </div>
  );
});

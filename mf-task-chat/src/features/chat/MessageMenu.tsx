/**
 * The message menu (spec 6), opened by a right click, the context-menu key, Shift+F10 or the message's
 * "more" button, at that point. Focus moves into it (after the spec's 100 ms) and returns on close.
 */
import { Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, makeStyles, tokens } from '@negayno/shared/fluent';
import { ArrowClockwiseRegular, ArrowReplyRegular, CopyRegular, DeleteRegular, EditRegular, EmojiRegular, TextQuoteRegular } from '@fluentui/react-icons';
import { EMOJIS, type ChatMessage, type Emoji } from '@negayno/shared/contract';
import { EMOJI_KEYS, emojiDrawable } from './emoji-text';
import { useEffect, useMemo } from 'react';
import { useTranslation } from '@negayno/shared/i18n';
import type { MenuItems } from './menu-rules';

export interface OpenMenu {
  message: ChatMessage;
  x: number;
  y: number;
  selection: string;
  items: MenuItems;
}

export interface MenuActions {
  react: (message: ChatMessage, emoji: Emoji) => void;
  reply: (message: ChatMessage) => void;
  quote: (message: ChatMessage, text: string) => void;
  copy: (text: string) => void;
  edit: (message: ChatMessage) => void;
  remove: (message: ChatMessage) => void;
  restore: (message: ChatMessage) => void;
}

export const MENU_FOCUS_DELAY_MS = 100;

const useStyles = makeStyles({
  emoji: { fontSize: tokens.fontSizeBase400 },
});

export function MessageMenu(props: { open: OpenMenu | null; onClose: () => void; actions: MenuActions }) {
  const { t } = useTranslation('chat');
  const styles = useStyles();
  const { open, actions } = props;
  // A point on the screen as the popover's anchor.
  const target = useMemo(
    () =>
      open
        ? {
            getBoundingClientRect: () => ({ x: open.x, y: open.y, left: open.x, top: open.y, right: open.x, bottom: open.y, width: 0, height: 0 }) as DOMRect,
          }
        : undefined,
    [open],
  );
  // Spec 9: focus goes into the menu 100 ms after it opens (once the popover is placed).
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => document.querySelector<HTMLElement>('[data-testid="message-menu"] [role="menuitem"]')?.focus(), MENU_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open]);
  if (!open) return null;
  const { message, items } = open;
  const run = (action: () => void) => () => {
    action();
    props.onClose();
  };
  return (
    <Menu open positioning={{ target, position: 'below', align: 'start' }} onOpenChange={(_event, data) => !data.open && props.onClose()}>
      <MenuPopover data-testid="message-menu">
        <MenuList>
          {items.react && (
            <Menu>
              <MenuTrigger disableButtonEnhancement>
                <MenuItem icon={<EmojiRegular />} data-testid="menu-react">
                  {t('react')}
                </MenuItem>
              </MenuTrigger>
              <MenuPopover>
                <MenuList>
                  {EMOJIS.map((emoji) => (
                    <MenuItem
                      key={emoji}
                      onClick={run(() => actions.react(message, emoji))}
                      aria-label={`${emoji} ${t(`emojiName.${EMOJI_KEYS[emoji]}`)}`}
                      data-testid="menu-emoji"
                      data-emoji={emoji}
                    >
                      <span className={styles.emoji}>{emojiDrawable() ? emoji : t(`emojiName.${EMOJI_KEYS[emoji]}`)}</span>
                    </MenuItem>
                  ))}
                </MenuList>
              </MenuPopover>
            </Menu>
          )}
          {items.reply && (
            <MenuItem icon={<ArrowReplyRegular />} onClick={run(() => actions.reply(message))} data-testid="menu-reply">
              {t('reply')}
            </MenuItem>
          )}
          {items.quote && (
            <MenuItem icon={<TextQuoteRegular />} onClick={run(() => actions.quote(message, open.selection))} data-testid="menu-quote">
              {t('quote')}
            </MenuItem>
          )}
          {items.copy && (
            <MenuItem icon={<CopyRegular />} onClick={run(() => actions.copy(open.selection))} data-testid="menu-copy">
              {t('copy')}
            </MenuItem>
          )}
          {items.edit && (
            <MenuItem icon={<EditRegular />} onClick={run(() => actions.edit(message))} data-testid="menu-edit">
              {t('edit')}
            </MenuItem>
          )}
          {items.delete && (
            <MenuItem icon={<DeleteRegular />} onClick={run(() => actions.remove(message))} data-testid="menu-delete">
              {t('delete')}
            </MenuItem>
          )}
          {items.restore && (
            <MenuItem icon={<ArrowClockwiseRegular />} onClick={run(() => actions.restore(message))} data-testid="menu-restore">
              {t('restore')}
            </MenuItem>
          )}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

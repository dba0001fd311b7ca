/**
 * What a message's menu offers (spec 6 "Message menu"): emoji, reply and quote for any message not
 * deleted (quote and copy only with a selection of at least 2 characters); edit an own message with
 * text before `dateUpdateExpires`; delete an own message before `dateDeleteExpires`; restore an own
 * deleted message before `dateRecoveryExpires`. No menu for system messages (no author) and temporary
 * ones. The server's `can` flags say whose message it is and whether the chat may be written to; the
 * windows are checked again here because time passes while the message is shown.
 */
import type { ChatMessage } from '@negayno/shared/contract';

export const MIN_SELECTION = 2;

export interface MenuItems {
  react: boolean;
  reply: boolean;
  quote: boolean;
  copy: boolean;
  edit: boolean;
  delete: boolean;
  restore: boolean;
}

function before(deadline: number | null, now: number): boolean {
  return deadline !== null && now < deadline;
}

/** `now` in unix seconds; `selection` is the text selected inside the message; `readOnly`: the chat's. */
export function menuItems(message: ChatMessage, me: number | null, now: number, selection: string, readOnly: boolean): MenuItems | null {
  if (!message.author) return null;
  const deleted = message.dateDelete !== null;
  const own = me !== null && message.author.id === me;
  const selected = selection.trim().length >= MIN_SELECTION;
  const writable = !readOnly;
  return {
    react: writable && !deleted && message.can.react,
    reply: writable && !deleted && message.can.reply,
    quote: writable && !deleted && message.can.reply && selected,
    copy: selected,
    edit: writable && own && !deleted && message.message.trim() !== '' && message.can.update && before(message.dateUpdateExpires, now),
    delete: writable && own && !deleted && message.can.delete && before(message.dateDeleteExpires, now),
    restore: writable && own && deleted && message.can.recovery && before(message.dateRecoveryExpires, now),
  };
}

export function hasAny(items: MenuItems | null): items is MenuItems {
  return items !== null && Object.values(items).some(Boolean);
}

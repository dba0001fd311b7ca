import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChatMessage } from '@negayno/shared/contract';
import { apiServerForFile, chatMessage, renderInApp } from '@negayno/shared/testing';
import { ChatStore } from '@negayno/shared/work-stores';
import { tabBadge } from './chat-format';
import { allowedFiles, Composer, enterAction } from './Composer';
import { MessageItem, type MessageHandlers } from './MessageItem';
import { menuItems } from './menu-rules';
import { resetEmojiDrawable } from './emoji-text';

const ME = 7;
const NOW = 1_800_000_000;
const server = apiServerForFile();

function message(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return chatMessage({ dateCreate: NOW - 60, dateUpdate: NOW - 60, viewed: true, ...overrides });
}

const mine = (overrides: Partial<ChatMessage> = {}) =>
  message({
    author: { id: ME, firstname: 'Me', lastname: 'Myself', role: 'user', avatarUrl: null, color: '#000' },
    dateUpdateExpires: NOW + 60,
    dateDeleteExpires: NOW + 60,
    can: { update: true, delete: true, recovery: true, react: true, reply: true },
    ...overrides,
  });

describe('the message menu rules (spec 6)', () => {
  it('offers emoji and reply on any message; quote and copy only with 2+ selected characters', () => {
    expect(menuItems(message(), ME, NOW, '', false)).toEqual({
      react: true,
      reply: true,
      quote: false,
      copy: false,
      edit: false,
      delete: false,
      restore: false,
    });
    expect(menuItems(message(), ME, NOW, 'a', false)).toMatchObject({ quote: false, copy: false });
    expect(menuItems(message(), ME, NOW, 'ab', false)).toMatchObject({ quote: true, copy: true });
  });

  it('edits an own message with text before its window ends, deletes before its own, never after', () => {
    expect(menuItems(mine(), ME, NOW, '', false)).toMatchObject({ edit: true, delete: true, restore: false });
    expect(menuItems(mine({ message: '' }), ME, NOW, '', false)).toMatchObject({ edit: false, delete: true });
    expect(menuItems(mine({ dateUpdateExpires: NOW, dateDeleteExpires: NOW }), ME, NOW, '', false)).toMatchObject({ edit: false, delete: false });
    // Another's message: never, whatever the flags say.
    expect(
      menuItems(message({ can: { update: true, delete: true, recovery: true, react: true, reply: true }, dateUpdateExpires: NOW + 60 }), ME, NOW, '', false),
    ).toMatchObject({ edit: false, delete: false });
  });

  it('restores an own deleted message before its window ends; a deleted message has nothing else but copy', () => {
    const deleted = mine({ dateDelete: NOW - 10, dateRecoveryExpires: NOW + 60 });
    expect(menuItems(deleted, ME, NOW, 'xx', false)).toEqual({
      react: false,
      reply: false,
      quote: false,
      copy: true,
      edit: false,
      delete: false,
      restore: true,
    });
    expect(menuItems({ ...deleted, dateRecoveryExpires: NOW - 1 }, ME, NOW, '', false)?.restore).toBe(false);
  });

  it('has no menu for a system message; a read-only chat offers only copy', () => {
    expect(menuItems(message({ author: null }), ME, NOW, 'xx', false)).toBeNull();
    expect(menuItems(mine(), ME, NOW, 'xx', true)).toEqual({
      react: false,
      reply: false,
      quote: false,
      copy: true,
      edit: false,
      delete: false,
      restore: false,
    });
  });
});

describe('composer rules (spec 5, 9)', () => {
  const key = (overrides: Partial<{ shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean; isComposing: boolean }> = {}) => ({
    key: 'Enter',
    shiftKey: false,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    ...overrides,
  });
  it('Enter sends; Shift, Ctrl and Cmd with Enter make a new line; Enter in an IME composition does nothing', () => {
    expect(enterAction(key())).toBe('send');
    expect(enterAction(key({ shiftKey: true }))).toBeNull();
    expect(enterAction(key({ ctrlKey: true }))).toBe('newline');
    expect(enterAction(key({ metaKey: true }))).toBe('newline');
    expect(enterAction(key({ isComposing: true }))).toBeNull();
    expect(enterAction({ ...key(), key: 'a' })).toBeNull();
  });

  it('drops files of types the spec does not allow', () => {
    expect(allowedFiles([new File(['a'], 'a.png'), new File(['b'], 'b.exe'), new File(['c'], 'c.PDF')]).map((file) => file.name)).toEqual(['a.png', 'c.PDF']);
  });

  it("a tab's badge shows the count up to 99, then ':D'", () => {
    expect([0, 1, 99, 100, 5000].map(tabBadge)).toEqual([null, '1', '99', ':D', ':D']);
  });
});

const noHandlers: MessageHandlers = { onMenu: jest.fn(), onReact: jest.fn(), onRestore: jest.fn(), onParent: jest.fn(), onOpenFile: jest.fn() };

describe('MessageItem', () => {
  it('shows the text as text, links http links only, and marks an edited message', async () => {
    await renderInApp(
      <MessageItem
        message={message({ message: '<b>bold?</b> https://example.com javascript:alert(1)', dateUpdate: NOW - 30 })}
        mine={false}
        me={ME}
        language="en"
        highlighted={false}
        writable
        hasMenu
        canRestore={false}
        handlers={noHandlers}
      />,
      { language: 'en' },
    );
    const text = screen.getByTestId('message-text');
    expect(text.querySelector('b')).toBeNull();
    expect(text.textContent).toContain('<b>bold?</b>');
    expect([...text.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['https://example.com']);
    expect(screen.getByTestId('message-edited')).toHaveTextContent(/^edited /);
    expect(screen.getByTestId('message-author')).toHaveAttribute('data-role', 'pm');
  });

  it('shows a system message as sanitised HTML with the deadline in bold', async () => {
    await renderInApp(
      <MessageItem
        message={message({ author: null, message: '<p>Task sent to work<img src=x onerror="window.hacked=1"></p>', dateDeadline: NOW + 86400 })}
        mine={false}
        me={ME}
        language="en"
        highlighted={false}
        writable
        hasMenu={false}
        canRestore={false}
        handlers={noHandlers}
      />,
      { language: 'en' },
    );
    const system = screen.getByTestId('system-message');
    expect(system.querySelector('b')).toHaveTextContent(/^Deadline: /);
    expect(system.querySelector('img')?.getAttribute('onerror')).toBeFalsy();
  });

  it('writes a life-cycle line in the reader language, its values escaped', async () => {
    await renderInApp(
      <MessageItem
        message={message({
          author: null,
          message: 'Надіслано комерційну пропозицію «<i>Лендінг</i>»',
          systemNote: { key: 'send-offer', name: '<i>Landing</i>' },
        })}
        mine={false}
        me={ME}
        language="en"
        highlighted={false}
        writable
        hasMenu={false}
        canRestore={false}
        handlers={noHandlers}
      />,
      { language: 'en' },
    );
    const system = screen.getByTestId('system-message');
    expect(system).toHaveTextContent('Commercial proposal “<i>Landing</i>” sent');
    expect(system.querySelector('i')).toBeNull();
  });

  it('shows a deleted message with restore, and reactions with their people', async () => {
    const onRestore = jest.fn();
    const people = Array.from({ length: 8 }, (_, index) => ({ id: 100 + index, firstname: `P${index}`, lastname: 'X', avatarUrl: null, color: '#000' }));
    const { rerender } = await renderInApp(
      <MessageItem
        message={mine({ dateDelete: NOW })}
        mine
        me={ME}
        language="en"
        highlighted={false}
        writable
        hasMenu
        canRestore
        handlers={{ ...noHandlers, onRestore }}
      />,
      { language: 'en' },
    );
    expect(screen.getByTestId('message-deleted')).toHaveTextContent('Message deleted');
    fireEvent.click(screen.getByTestId('message-restore'));
    expect(onRestore).toHaveBeenCalled();
    rerender(
      <MessageItem
        message={message({ emoji: [{ emoji: '👍', authors: people }], readers: people.slice(0, 2) })}
        mine={false}
        me={ME}
        language="en"
        highlighted={false}
        writable
        hasMenu
        canRestore={false}
        handlers={noHandlers}
      />,
    );
    expect(screen.getByTestId('reaction')).toHaveTextContent('👍 8');
    // At most 6 faces in the stack; the other two behind the overflow button.
    const stack = screen.getByTestId('reaction-authors');
    expect(stack.querySelectorAll('.fui-AvatarGroupItem').length).toBe(6);
    expect(within(stack).getByRole('button')).toHaveTextContent('+2');
    // Read receipts (issue 33): a button named by who read, its tooltip on focus, its line on a press.
    const receipts = screen.getByRole('button', { name: 'Read by: P0 X, P1 X' });
    expect(receipts).toHaveAttribute('data-testid', 'message-readers');
    expect(screen.queryByTestId('message-readers-line')).toBeNull();
    fireEvent.click(receipts);
    expect(screen.getByTestId('message-readers-line')).toHaveTextContent('Read by: P0 X, P1 X');
    expect(receipts).toHaveAttribute('aria-expanded', 'true');
  });

  it('names a reaction chip in words, and writes it in words where the system draws no emoji', async () => {
    const me = { id: ME, firstname: 'Me', lastname: 'Myself', avatarUrl: null, color: '#000' };
    const other = { id: 9, firstname: 'Ira', lastname: 'K', avatarUrl: null, color: '#000' };
    const item = (language: 'uk' | 'en') => (
      <MessageItem
        message={message({
          emoji: [
            { emoji: '👍', authors: [me] },
            { emoji: '🔥', authors: [other, me].slice(0, 1) },
          ],
        })}
        mine={false}
        me={ME}
        language={language}
        highlighted={false}
        writable
        hasMenu
        canRestore={false}
        handlers={noHandlers}
      />
    );
    resetEmojiDrawable(true);
    const { unmount } = await renderInApp(item('en'), { language: 'en' });
    expect(screen.getByRole('button', { name: '👍 thumbs up: 1, you reacted' })).toHaveTextContent('👍 1');
    expect(screen.getByRole('button', { name: '🔥 fire: 1' })).toBeInTheDocument();
    unmount();
    resetEmojiDrawable(false);
    await renderInApp(item('uk'), { language: 'uk' });
    expect(screen.getByRole('button', { name: '👍 палець угору: 1, зокрема ви' })).toHaveTextContent('палець угору 1');
    expect(screen.getAllByTestId('reaction-text').map((chip) => chip.textContent)).toEqual(['палець угору 1', 'вогонь 1']);
    resetEmojiDrawable(null);
  });
});

describe('Composer', () => {
  it('sends on Enter: the temporary message shows at once and the field empties; nothing in a read-only chat', async () => {
    server.routes['GET /chat/3/messages'] = {
      data: { list: [], hasMore: false, chat: { id: 3, key: 'main', taskId: 1, projectId: 1, unreadCount: 0, lastViewedMessageId: 0, can: { write: true } } },
    };
    const chat = new ChatStore(
      3,
      () => ME,
      () => undefined,
    );
    await chat.open();
    await renderInApp(<Composer chat={chat} />, { language: 'en' });
    const input = screen.getByTestId('chat-input');
    fireEvent.change(input, { target: { value: 'first line' } });
    fireEvent.keyDown(input, { key: 'Enter', ctrlKey: true });
    expect(input).toHaveValue('first line\n');
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(chat.temps.map((temp) => temp.message)).toEqual(['first line']));
    expect(input).toHaveValue('');
  });

  it('is replaced by a read-only notice when the chat may not be written to', async () => {
    server.routes['GET /chat/4/messages'] = {
      data: { list: [], hasMore: false, chat: { id: 4, key: 'main', taskId: 1, projectId: 1, unreadCount: 0, lastViewedMessageId: 0, can: { write: false } } },
    };
    const chat = new ChatStore(
      4,
      () => ME,
      () => undefined,
    );
    await chat.open();
    await renderInApp(<Composer chat={chat} />, { language: 'en' });
    expect(screen.getByTestId('chat-read-only')).toHaveTextContent('This chat is read-only');
    expect(screen.queryByTestId('chat-input')).toBeNull();
  });
});

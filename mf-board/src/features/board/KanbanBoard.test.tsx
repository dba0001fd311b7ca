import type { TaskCard } from '@negayno/shared/contract';
import { accountView, card, renderInApp, signInAs } from '@negayno/shared/testing';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { runInAction } from 'mobx';
import { workStores } from '@negayno/shared/work-stores';
import { KanbanBoard } from './KanbanBoard';
import { fakeBoardLayout } from '../../test/board-layout';

function showCards(cards: TaskCard[]) {
  runInAction(() => {
    workStores.board.clear();
    workStores.board.status = 'ready';
    for (const item of cards) workStores.board.upsert(item);
  });
}

const labels = () => screen.getAllByTestId('column-label').map((label) => label.textContent);

describe('KanbanBoard', () => {
  fakeBoardLayout({ viewport: 600, card: 100 });

  it('shows the client column labels with counters and cards in their columns', async () => {
    signInAs('user');
    showCards([card(1, 1), card(2, 1, { negayno: true }), card(3, 3, { unreadMessageCounters: { main: { count: 2 }, work: { count: 0 } } })]);
    await renderInApp(<KanbanBoard />);
    expect(labels()).toEqual(['Нові задачі', 'Обговорення', 'В роботі', 'Перевірка']);
    const first = screen.getByTestId('column-1');
    expect(within(first).getAllByTestId('task-card')).toHaveLength(2);
    expect(within(first).getByTestId('column-count')).toHaveTextContent('2');
    expect(within(first).getByText('Негайно')).toBeInTheDocument();
    expect(within(screen.getByTestId('column-2')).getByText('Тут поки порожньо')).toBeInTheDocument();
    const third = within(screen.getByTestId('column-3')).getByTestId('task-card');
    expect(third).toHaveAttribute('href', '/task/3?projectId=1');
    expect(within(third).getByText('2')).toBeInTheDocument();
  });

  it('shows the estimation set to a project manager and the sales set to a sales manager', async () => {
    signInAs('pm');
    showCards([]);
    const { unmount } = await renderInApp(<KanbanBoard />);
    expect(labels()).toEqual(['Оцінка', 'В роботі', 'Тестування', 'Перевірка']);
    unmount();
    signInAs('sm');
    await renderInApp(<KanbanBoard />, { language: 'en' });
    expect(labels()).toEqual(['Calculation', 'Sales', 'In progress', 'Review']);
  });

  it('shows the client set to an account manager and the estimation set to a performer', async () => {
    signInAs('am');
    showCards([]);
    const { unmount } = await renderInApp(<KanbanBoard />, { language: 'en' });
    expect(labels()).toEqual(['New tasks', 'Discussion', 'In progress', 'Review']);
    unmount();
    signInAs('performer');
    await renderInApp(<KanbanBoard />, { language: 'en' });
    expect(labels()).toEqual(['Estimation', 'In progress', 'Testing', 'Review']);
  });

  it("starts reading a card's chats as it is pressed, before the drawer's code is there", async () => {
    signInAs('am');
    showCards([card(5, 2, { chats: { main: 51 } })]);
    const prefetch = jest.spyOn(workStores.chats, 'prefetch').mockImplementation(() => {});
    try {
      await renderInApp(<KanbanBoard />);
      fireEvent.pointerDown(screen.getByTestId('task-card'));
      expect(prefetch).toHaveBeenCalledWith(expect.objectContaining({ id: 5, chats: { main: 51 } }));
    } finally {
      prefetch.mockRestore();
    }
  });

  it('offers a new task in column 1 only where the page allows it', async () => {
    signInAs('user');
    showCards([]);
    const { unmount } = await renderInApp(<KanbanBoard createIn={1} />);
    expect(within(screen.getByTestId('column-1')).getByTestId('new-task')).toBeInTheDocument();
    unmount();
    await renderInApp(<KanbanBoard createIn={null} />);
    expect(screen.queryByTestId('new-task')).not.toBeInTheDocument();
  });

  it('shows performers to the project manager only, managers to the account manager, and project names to staff', async () => {
    const people = {
      performers: [{ id: 7, firstname: 'Ivan', lastname: 'Petrenko', avatarUrl: null }],
      managers: [{ id: 8, firstname: 'Olha', lastname: 'Shevchenko', role: 'am' as const, avatarUrl: null }],
    };
    signInAs('pm');
    showCards([card(1, 1, people)]);
    let view = await renderInApp(<KanbanBoard />);
    expect(screen.getByTestId('card-performers')).toBeInTheDocument();
    expect(screen.queryByTestId('card-managers')).not.toBeInTheDocument();
    expect(screen.getByTestId('card-project')).toHaveTextContent('Shop');
    view.unmount();
    signInAs('am');
    view = await renderInApp(<KanbanBoard />);
    expect(screen.queryByTestId('card-performers')).not.toBeInTheDocument();
    expect(screen.getByTestId('card-managers')).toBeInTheDocument();
    view.unmount();
    signInAs('user');
    await renderInApp(<KanbanBoard />);
    expect(screen.queryByTestId('card-performers')).not.toBeInTheDocument();
    expect(screen.queryByTestId('card-project')).not.toBeInTheDocument();
  });

  it('shows skeletons while the board loads', async () => {
    signInAs('user');
    runInAction(() => {
      workStores.board.clear();
      workStores.board.status = 'loading';
    });
    await renderInApp(<KanbanBoard />);
    expect(screen.getByTestId('kanban-board')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryAllByTestId('task-card')).toHaveLength(0);
  });

  it("takes the column labels and the card extras from the profile's board view, not from the role", async () => {
    const pm = accountView('pm').board;
    signInAs('user', { board: { ...pm, columnSet: 'sales' } });
    showCards([card(1, 1, { performers: [{ id: 7, firstname: 'Ivan', lastname: 'Petrenko', avatarUrl: null }] })]);
    await renderInApp(<KanbanBoard />, { language: 'en' });
    expect(labels()).toEqual(['Calculation', 'Sales', 'In progress', 'Review']);
    expect(screen.getByTestId('card-performers')).toBeInTheDocument();
    expect(screen.getByTestId('card-project')).toHaveTextContent('Shop');
  });

  describe('a column of 2,000 cards', () => {
    const cardIds = (column: HTMLElement) =>
      within(column)
        .getAllByTestId('task-card')
        .map((element) => Number(element.dataset.taskId));
    /** jsdom does not scroll: the scroller says where it is and tells the list, as a browser would. */
    const scrollTo = (scroller: HTMLElement, top: number) => {
      Object.defineProperty(scroller, 'scrollTop', { configurable: true, value: top });
      fireEvent.scroll(scroller);
    };

    beforeEach(() => {
      signInAs('user');
      // Numbers 1-2,000: the client order puts the highest number first.
      showCards(Array.from({ length: 2000 }, (_, index) => card(index + 1, 1)));
    });

    it('renders the cards of its viewport and a few beyond, and counts them all', async () => {
      await renderInApp(<KanbanBoard />);
      const column = screen.getByTestId('column-1');
      const shown = cardIds(column);
      expect(shown.length).toBeGreaterThan(5);
      expect(shown.length).toBeLessThan(30);
      expect(shown[0]).toBe(2000);
      expect(within(column).getByTestId('column-count')).toHaveTextContent('2000');
      // The list is about as tall as every card (measured or estimated), so the scrollbar reflects the whole column.
      expect(parseFloat(within(column).getByRole('list').style.height)).toBeGreaterThan(2000 * 100);
    });

    it('brings later cards in as it scrolls and lets the earlier ones go', async () => {
      await renderInApp(<KanbanBoard />);
      const column = screen.getByTestId('column-1');
      scrollTo(within(column).getByTestId('column-scroller'), 1500 * 108);
      const shown = cardIds(column);
      // About 1,500 cards down (unmeasured cards are estimated): numbers near 500, the first card gone.
      expect(shown[Math.floor(shown.length / 2)]).toBeGreaterThan(400);
      expect(shown[Math.floor(shown.length / 2)]).toBeLessThan(600);
      expect(shown).not.toContain(2000);
      expect(shown.length).toBeLessThan(30);
    });

    it('keeps the card that had the focus rendered when it scrolls out of view', async () => {
      await renderInApp(<KanbanBoard />);
      const column = screen.getByTestId('column-1');
      const first = within(column).getAllByTestId('task-card')[0]!;
      act(() => first.focus());
      scrollTo(within(column).getByTestId('column-scroller'), 1500 * 108);
      expect(cardIds(column)).toContain(2000);
      expect(first).toHaveFocus();
    });
  });
});

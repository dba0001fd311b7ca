import type { TaskCard } from '@negayno/shared/contract';
import { rootStore } from '@negayno/shared/stores';
import { renderInApp, signInAs } from '@negayno/shared/testing';
import { screen, within } from '@testing-library/react';
import { runInAction } from 'mobx';
import { KanbanBoard } from './KanbanBoard';

function card(id: number, column: 1 | 2 | 3 | 4, overrides: Partial<TaskCard> = {}): TaskCard {
  return {
    id,
    number: id,
    name: `Task ${id}`,
    status: 'draft',
    column,
    project: { id: 1, name: 'Shop' },
    author: { id: 1, firstname: 'A', lastname: 'B' },
    importance: 0,
    negayno: false,
    color: null,
    unreadMessageCounters: { main: { count: 0 }, work: { count: 0 } },
    chats: {},
    managers: [],
    performers: [],
    paused: false,
    deletionRequested: false,
    attachmentCount: 0,
    dateCreate: 1,
    dateUpdate: 1,
    datePublish: null,
    dateArchived: null,
    dateStartDiscuss: null,
    dateDeadline: null,
    datePause: null,
    dateExpiration: null,
    ...overrides,
  };
}

function showCards(cards: TaskCard[]) {
  runInAction(() => {
    rootStore.board.clear();
    rootStore.board.status = 'ready';
    for (const item of cards) rootStore.board.upsert(item);
  });
}

const labels = () => screen.getAllByTestId('column-label').map((label) => label.textContent);

describe('KanbanBoard', () => {
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

  it('shows skeletons while the board loads', async () => {
    signInAs('user');
    runInAction(() => {
      rootStore.board.clear();
      rootStore.board.status = 'loading';
    });
    await renderInApp(<KanbanBoard />);
    expect(screen.getByTestId('kanban-board')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryAllByTestId('task-card')).toHaveLength(0);
  });
});

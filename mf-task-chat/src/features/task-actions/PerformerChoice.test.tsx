import { apiServerForFile, renderInApp, signInAs } from '@negayno/shared/testing';
import type { TaskActions } from '@negayno/shared/contract';
import { screen, within } from '@testing-library/react';
import { runInAction } from 'mobx';
import { TaskWorkflowStore } from '@negayno/shared/work-stores';
import { ActionDialog } from './ActionDialog';

apiServerForFile();

const PERFORMERS: TaskActions['performers'] = [
  { id: 31, firstname: 'Taras', lastname: 'Oliynyk', nickname: 'taras.dev' },
  { id: 32, firstname: 'Olena', lastname: 'Koval', nickname: null },
];

describe('the pm’s performer picker (issue 33, item 15)', () => {
  it('marks the group required, not a person: the names carry no asterisk and each box its own id', async () => {
    signInAs('user');
    const store = new TaskWorkflowStore();
    runInAction(() => {
      store.taskId = 7;
    });
    await renderInApp(<ActionDialog action="to-estimation" store={store} currency="UAH" performers={PERFORMERS} onClose={() => undefined} />, {
      language: 'en',
    });
    const group = await screen.findByRole('group', { name: /Performers/ });
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes.map((box) => box.getAttribute('aria-required'))).toEqual([null, null]);
    expect(new Set(boxes.map((box) => box.id)).size).toBe(2);
    expect(screen.getByRole('checkbox', { name: 'Taras Oliynyk (@taras.dev)' })).toBeInTheDocument();
    const labels = within(group)
      .getAllByText(/Oliynyk|Koval/)
      .map((label) => label.closest('label')?.textContent);
    expect(labels).toEqual(['Taras Oliynyk (@taras.dev)', 'Olena Koval']);
    expect(within(group).getByText('Performers').closest('legend')).not.toBeNull();
    expect(group.querySelector('legend')?.textContent).toMatch(/\*/);
  });
});

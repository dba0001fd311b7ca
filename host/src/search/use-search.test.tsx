import { act, renderHook, waitFor } from '@testing-library/react';
import { apiServerForFile } from '@negayno/shared/testing';
import type { SearchAnswer } from '@negayno/shared/contract';
import { useSearch } from './use-search';

const server = apiServerForFile();

/** One task hit named after the query, so a test can tell which text an answer was for. */
function answerFor(q: string): SearchAnswer {
  const task = { id: 1, number: 1, name: q, status: 'draft' as const, projectId: 1, projectName: 'P' };
  return { q, groups: [{ kind: 'tasks', list: [{ kind: 'tasks', task, name: { text: q, marks: [[0, q.length]] } }], hasMore: false }] };
}

const searched = () =>
  server.requests.filter((request) => request.path.startsWith('/search')).map((request) => decodeURIComponent(request.path.split('q=')[1]!));

describe('useSearch: the palette asks at once, one request at a time, for the newest text', () => {
  beforeEach(() => {
    server.requests.length = 0;
    server.routes = {};
    for (const q of ['о', 'оп', 'опл', 'опла', 'оплат']) server.routes[`GET /search?q=${encodeURIComponent(q)}`] = { data: answerFor(q), delayMs: 400 };
  });

  it('asks for the first keystroke without waiting, then for the newest text once the answer is in; older answers are not shown', async () => {
    const { result, rerender } = renderHook(({ text }) => useSearch(text), { initialProps: { text: 'о' } });
    expect(result.current.state).toMatchObject({ status: 'loading', q: 'о' });
    await waitFor(() => expect(searched()).toEqual(['о']));
    // Typed on while the first answer is on its way: nothing more is asked until it lands.
    rerender({ text: 'оп' });
    rerender({ text: 'опл' });
    rerender({ text: 'оплат' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(searched()).toEqual(['о']);
    await waitFor(() => expect(result.current.state).toMatchObject({ status: 'ready', q: 'оплат' }));
    // The keystrokes in between were never asked for, and the first answer (for 'о') was never shown.
    expect(searched()).toEqual(['о', 'оплат']);
    expect(result.current.state.status === 'ready' && result.current.state.groups[0]!.list).toEqual(answerFor('оплат').groups[0]!.list);
  });

  it('an emptied box goes idle and a late answer does not bring results back', async () => {
    const { result, rerender } = renderHook(({ text }) => useSearch(text), { initialProps: { text: 'опла' } });
    await waitFor(() => expect(searched()).toEqual(['опла']));
    rerender({ text: '  ' });
    expect(result.current.state).toEqual({ status: 'idle' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(result.current.state).toEqual({ status: 'idle' });
    expect(searched()).toEqual(['опла']);
  });

  it('a failed search says so for its text', async () => {
    server.routes['GET /search?q=%D0%BE'] = { status: 500, code: 'server_error' };
    const { result } = renderHook(() => useSearch('о'));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'failed', q: 'о' }));
  });
});

/**
 * The palette's results for what is typed: asked once typing pauses (a short debounce), the older answer
 * dropped when a newer text was asked for, and a group's next page appended on request.
 */
import { call } from '@negayno/shared/api';
import type { SearchAnswer, SearchGroup, SearchKind } from '@negayno/shared/contract';
import { searchEndpoint, SEARCH_PAGE_SIZE } from '@negayno/shared/contract/search';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Long enough to skip the keystrokes of a word typed at speed, short enough to feel immediate. */
export const SEARCH_DEBOUNCE_MS = 120;

export type SearchState =
  | { status: 'idle' }
  | { status: 'loading'; q: string; groups: SearchGroup[] }
  | { status: 'ready'; q: string; groups: SearchGroup[] }
  | { status: 'failed'; q: string };

export function useSearch(text: string): { state: SearchState; more: (kind: SearchKind) => void } {
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const asked = useRef(0);

  useEffect(() => {
    const q = text.trim();
    const ticket = ++asked.current;
    if (!q) {
      setState({ status: 'idle' });
      return undefined;
    }
    setState((current) => ({ status: 'loading', q, groups: current.status === 'ready' || current.status === 'loading' ? current.groups : [] }));
    const controller = new AbortController();
    const timer = setTimeout(() => {
      call(searchEndpoint, { query: { q } }, { quiet: true, signal: controller.signal }).then(
        (answer: SearchAnswer) => ticket === asked.current && setState({ status: 'ready', q, groups: answer.groups }),
        () => ticket === asked.current && !controller.signal.aborted && setState({ status: 'failed', q }),
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  const more = useCallback(
    (kind: SearchKind) => {
      if (state.status !== 'ready') return;
      const group = state.groups.find((candidate) => candidate.kind === kind);
      if (!group) return;
      const ticket = asked.current;
      // The overview holds the first few; the pages are of 20 from the start of the group.
      const offset = group.list.length < SEARCH_PAGE_SIZE ? 0 : group.list.length;
      void call(searchEndpoint, { query: { q: state.q, kind, offset } }, { quiet: true }).then(
        (answer) => {
          if (ticket !== asked.current) return;
          const page = answer.groups[0];
          if (!page) return;
          setState((current) =>
            current.status !== 'ready'
              ? current
              : {
                  ...current,
                  groups: current.groups.map((candidate) =>
                    candidate.kind === kind ? { kind, list: offset === 0 ? page.list : [...candidate.list, ...page.list], hasMore: page.hasMore } : candidate,
                  ),
                },
          );
        },
        () => undefined,
      );
    },
    [state],
  );

  return { state, more };
}

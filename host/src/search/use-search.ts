/**
 * The palette's results for what is typed: asked at once, one request at a time. A keystroke made while
 * an answer is on its way waits for it and then asks for the newest text only, so the last keystroke's
 * results cost at most two round trips and a word typed at speed costs a few requests, not one per key.
 * An answer to an older text is dropped; a group's next page is appended on request.
 */
import { call } from '@negayno/shared/api';
import type { SearchAnswer, SearchGroup, SearchKind } from '@negayno/shared/contract';
import { searchEndpoint, SEARCH_PAGE_SIZE } from '@negayno/shared/contract/search';
import { useCallback, useEffect, useRef, useState } from 'react';

export type SearchState =
  | { status: 'idle' }
  | { status: 'loading'; q: string; groups: SearchGroup[] }
  | { status: 'ready'; q: string; groups: SearchGroup[] }
  | { status: 'failed'; q: string };

export function useSearch(text: string): { state: SearchState; more: (kind: SearchKind) => void } {
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  /** The text whose results are wanted now ('' when none). */
  const wanted = useRef('');
  const inFlight = useRef(false);
  const mounted = useRef(true);

  const ask = useCallback((q: string) => {
    inFlight.current = true;
    const settle = (next: SearchState) => mounted.current && q === wanted.current && setState(next);
    call(searchEndpoint, { query: { q } }, { quiet: true })
      .then(
        (answer: SearchAnswer) => settle({ status: 'ready', q, groups: answer.groups }),
        () => settle({ status: 'failed', q }),
      )
      .finally(() => {
        inFlight.current = false;
        if (mounted.current && wanted.current && wanted.current !== q) ask(wanted.current);
      });
  }, []);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    const q = text.trim();
    wanted.current = q;
    if (!q) {
      setState({ status: 'idle' });
      return;
    }
    setState((current) => ({ status: 'loading', q, groups: current.status === 'ready' || current.status === 'loading' ? current.groups : [] }));
    if (!inFlight.current) ask(q);
  }, [text, ask]);

  const more = useCallback(
    (kind: SearchKind) => {
      if (state.status !== 'ready') return;
      const group = state.groups.find((candidate) => candidate.kind === kind);
      if (!group) return;
      const q = state.q;
      // The overview holds the first few; the pages are of 20 from the start of the group.
      const offset = group.list.length < SEARCH_PAGE_SIZE ? 0 : group.list.length;
      void call(searchEndpoint, { query: { q, kind, offset } }, { quiet: true }).then(
        (answer) => {
          if (q !== wanted.current) return;
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

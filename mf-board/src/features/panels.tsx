/**
 * The board's side panels (the filter, the members, the project menu, the archive) come in a chunk of
 * their own, and the Fluent part they draw with (`@negayno/shared/fluent-panels`: drawers, dialogs,
 * the table, switches, selects, radios) with them, so a board's first paint does not wait for either
 * (issue 17, docs/perf.md). A page showing a board fetches them once its cards are painted and the
 * page idles, so a click on a toolbar button rarely waits; when it does, a spinner says so.
 */
import { whenIdle } from '@negayno/shared/lib';
import { useEffect } from 'react';
import { lazyPanel } from './layout/LazyPanel';

const loadPanels = () => import(/* webpackChunkName: "panels" */ './panels-chunk');

export const FilterPanel = lazyPanel(() => loadPanels().then((module) => module.FilterPanel));
export const UsersDrawer = lazyPanel(() => loadPanels().then((module) => module.UsersDrawer));
export const ArchiveDrawer = lazyPanel(() => loadPanels().then((module) => module.ArchiveDrawer));
export const ProjectMenuDrawer = lazyPanel(() => loadPanels().then((module) => module.ProjectMenuDrawer));

/** Fetches the panels' chunk once `boardPainted` is true and the page idles. */
export function usePanelsPrefetch(boardPainted: boolean): void {
  useEffect(() => {
    if (boardPainted) whenIdle(() => void loadPanels().catch(() => undefined));
  }, [boardPainted]);
}

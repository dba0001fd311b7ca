/**
 * The board's side panels (the filter, the members, the project menu, the archive) come in a chunk of
 * their own, and the Fluent part they draw with (`@negayno/shared/fluent-panels`: drawers, dialogs,
 * the table, switches, selects, radios) with them, so a board's first paint does not wait for either
 * (issue 17, docs/perf.md). A page showing a board fetches them once its cards are painted and the
 * page idles, so a click on a toolbar button rarely waits; when it does, a spinner says so.
 */
import { whenIdle } from '@negayno/shared/lib';
import { lazy, useEffect, type ComponentProps } from 'react';
import { LazyPanel } from './layout/LazyPanel';

const loadPanels = () => import(/* webpackChunkName: "panels" */ './panels-chunk');

const LazyFilterPanel = lazy(() => loadPanels().then((module) => ({ default: module.FilterPanel })));
const LazyUsersDrawer = lazy(() => loadPanels().then((module) => ({ default: module.UsersDrawer })));
const LazyArchiveDrawer = lazy(() => loadPanels().then((module) => ({ default: module.ArchiveDrawer })));
const LazyProjectMenuDrawer = lazy(() => loadPanels().then((module) => ({ default: module.ProjectMenuDrawer })));

/** Fetches the panels' chunk once `boardPainted` is true and the page idles. */
export function usePanelsPrefetch(boardPainted: boolean): void {
  useEffect(() => {
    if (boardPainted) whenIdle(() => void loadPanels().catch(() => undefined));
  }, [boardPainted]);
}

export function FilterPanel(props: ComponentProps<typeof LazyFilterPanel>) {
  return (
    <LazyPanel open={props.open}>
      <LazyFilterPanel {...props} />
    </LazyPanel>
  );
}

export function UsersDrawer(props: ComponentProps<typeof LazyUsersDrawer>) {
  return (
    <LazyPanel>
      <LazyUsersDrawer {...props} />
    </LazyPanel>
  );
}

export function ArchiveDrawer(props: ComponentProps<typeof LazyArchiveDrawer>) {
  return (
    <LazyPanel>
      <LazyArchiveDrawer {...props} />
    </LazyPanel>
  );
}

export function ProjectMenuDrawer(props: ComponentProps<typeof LazyProjectMenuDrawer>) {
  return (
    <LazyPanel>
      <LazyProjectMenuDrawer {...props} />
    </LazyPanel>
  );
}

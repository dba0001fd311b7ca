import { Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { BREAKPOINTS } from '@negayno/shared/contract';
import { EmptyState } from '@negayno/shared/ui';
import { BoardRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useStores } from '@negayno/shared/stores';
import { useTranslation } from '@negayno/shared/i18n';
import { useWorkStores } from '@negayno/shared/work-stores';
import { KanbanBoard } from '../board/KanbanBoard';
import { useAppliedFilter } from '../filter/applied-filter';
import { FilterButton } from '../filter/FilterButton';
import { useLiveBoard } from '../live/useLiveBoard';
import { FilterPanel, usePanelsPrefetch } from '../panels';
import { NewClients } from './NewClients';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
    minWidth: 0,
    [`@media (max-width: ${BREAKPOINTS.md - 1}px)`]: { padding: tokens.spacingHorizontalM, gap: tokens.spacingVerticalM },
  },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  heading: { margin: 0 },
});

/**
 * The staff home: one board across every project the viewer is attached to, with the filter panel; for
 * those who take new projects (ams), the "New clients" waiting for a team above it (issue 31).
 */
export const StaffBoard = observer(function StaffBoard() {
  const { session } = useStores();
  const { board, projects } = useWorkStores();
  const { t } = useTranslation('board');
  const styles = useStyles();
  const filter = useAppliedFilter();
  const [filterOpen, setFilterOpen] = useState(false);

  const reload = () => void board.loadAll(filter).catch(() => undefined);
  useEffect(reload, [filter, board]);
  useLiveBoard(
    projects.member.map((project) => project.id),
    reload,
  );
  usePanelsPrefetch(board.status === 'ready');
  useReloadOnNewProject(reload);

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <Text as="h1" size={600} weight="semibold" className={styles.heading}>
          {t('staffBoard')}
        </Text>
        <FilterButton filter={filter} onClick={() => setFilterOpen(true)} />
      </div>
      {session.user?.can.takeProjects && <NewClients />}
      {projects.listStatus === 'ready' && projects.member.length === 0 ? (
        <EmptyState icon={<BoardRegular />} title={t('noProjectsTitle')} text={t('staffNoProjectsText')} testId="no-projects" />
      ) : (
        <KanbanBoard />
      )}
      <FilterPanel open={filterOpen} onClose={() => setFilterOpen(false)} withProject />
    </div>
  );
});

/**
 * A project the viewer was just put on (taken from "New clients", or a team assigned live) may hold
 * tasks already: the board asks again when the list gains one. The first list is the board's own load.
 */
const JOIN_SETTLE_MS = 2000;

function useReloadOnNewProject(reload: () => void): void {
  const { projects } = useWorkStores();
  const known = useRef<Set<number> | null>(null);
  const ready = projects.listStatus === 'ready';
  const key = projects.member
    .map((project) => project.id)
    .sort((a, b) => a - b)
    .join(',');
  useEffect(() => {
    if (!ready) return;
    const ids = new Set(key ? key.split(',').map(Number) : []);
    const gained = known.current !== null && [...ids].some((id) => !known.current!.has(id));
    known.current = ids;
    if (!gained) return;
    reload();
    // The new project's room is joined in this same commit (useLiveBoard); a task published while the
    // join is on its way reaches neither that read nor the room, so the board reads once more after it.
    const again = setTimeout(reload, JOIN_SETTLE_MS);
    return () => clearTimeout(again);
    // `reload` is a new closure every render; the list's ids are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ready]);
}

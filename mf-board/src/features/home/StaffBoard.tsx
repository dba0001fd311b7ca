import { Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { BREAKPOINTS } from '@negayno/shared/contract';
import { EmptyState } from '@negayno/shared/ui';
import { BoardRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from '@negayno/shared/i18n';
import { useWorkStores } from '@negayno/shared/work-stores';
import { KanbanBoard } from '../board/KanbanBoard';
import { useAppliedFilter } from '../filter/applied-filter';
import { FilterButton } from '../filter/FilterButton';
import { useLiveBoard } from '../live/useLiveBoard';
import { FilterPanel, usePanelsPrefetch } from '../panels';

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

/** The staff home: one board across every project the viewer is attached to, with the filter panel. */
export const StaffBoard = observer(function StaffBoard() {
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

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <Text as="h1" size={600} weight="semibold" className={styles.heading}>
          {t('staffBoard')}
        </Text>
        <FilterButton filter={filter} onClick={() => setFilterOpen(true)} />
      </div>
      {projects.listStatus === 'ready' && projects.member.length === 0 ? (
        <EmptyState icon={<BoardRegular />} title={t('noProjectsTitle')} text={t('staffNoProjectsText')} testId="no-projects" />
      ) : (
        <KanbanBoard />
      )}
      <FilterPanel open={filterOpen} onClose={() => setFilterOpen(false)} withProject />
    </div>
  );
});

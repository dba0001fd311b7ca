import { CounterBadge, Skeleton, SkeletonItem, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { COLUMN_LABEL_KEYS, KANBAN_COLUMNS, type CardShows, type KanbanColumn } from '@negayno/shared/contract';
import { useStores } from '@negayno/shared/stores';
import { useWorkStores } from '@negayno/shared/work-stores';
import { EmptyState, LoadFailed } from '@negayno/shared/ui';
import { SearchRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from '@negayno/shared/i18n';
import { CardList } from './CardList';
import { NewTaskForm } from './NewTaskForm';

const COLUMN_MIN_WIDTH = 260;
/** Signed out (a page being torn down) a card shows the basics only. */
const NO_EXTRAS: CardShows = { performers: false, managers: false, project: false };

const useStyles = makeStyles({
  // The board scrolls sideways inside itself, so a phone page never overflows.
  board: {
    display: 'grid',
    gridTemplateColumns: `repeat(4, minmax(${COLUMN_MIN_WIDTH}px, 1fr))`,
    gap: tokens.spacingHorizontalM,
    overflowX: 'auto',
    maxWidth: '100%',
    minWidth: 0,
    scrollSnapType: 'x proximity',
    paddingBottom: tokens.spacingVerticalM,
    alignItems: 'start',
  },
  column: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground3,
    scrollSnapAlign: 'start',
    minHeight: '160px',
    // About the window below the page's header and toolbar: each column scrolls its cards inside itself
    // (CardList), so every column ends at one line and the page keeps the header in view.
    maxHeight: 'max(360px, calc(100dvh - 170px))',
    minWidth: 0,
  },
  // flexShrink 0 (header, new task): in a full column the cards' scroller gives way, not these.
  header: {
    display: 'flex',
    flexShrink: 0,
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalXS}`,
  },
  newTask: { flexShrink: 0 },
  empty: { padding: tokens.spacingVerticalL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

/**
 * Four columns with the labels of the viewer's column set (the profile's board view, spec 2) and a counter each. `createIn` names
 * the project whose column 1 offers "new task" (administrators and users only).
 */
export const KanbanBoard = observer(function KanbanBoard(props: { createIn?: number | null }) {
  const { session } = useStores();
  const { board } = useWorkStores();
  const { t } = useTranslation('board');
  const styles = useStyles();
  const view = session.user?.board;
  const labels = COLUMN_LABEL_KEYS[view?.columnSet ?? 'client'];
  const extras = view?.card ?? NO_EXTRAS;
  const columns = board.columns;
  const loading = board.status === 'loading' || board.status === 'idle';
  usePaintMeasure(board.loads);

  const noMatches = board.status === 'ready' && board.hasFilter && board.cards.size === 0;

  if (board.status === 'error') return <LoadFailed onRetry={() => void board.reload().catch(() => undefined)} testId="board-failed" />;
  return (
    <>
      {noMatches && <EmptyState icon={<SearchRegular />} title={t('filter.noMatchesTitle')} text={t('filter.noMatchesText')} testId="no-matches" />}
      <div className={styles.board} data-testid="kanban-board" aria-busy={loading}>
        {KANBAN_COLUMNS.map((column: KanbanColumn) => {
          const label = t(labels[column - 1]);
          const cards = columns[column];
          return (
            <section key={column} className={styles.column} aria-label={label} data-testid={`column-${column}`}>
              <div className={styles.header}>
                <Text weight="semibold" data-testid="column-label">
                  {label}
                </Text>
                {/* A count shows once it is known: a 0 beside the skeleton would say the column is empty. */}
                {!loading && (
                  <CounterBadge count={cards.length} overflowCount={99_999} showZero appearance="ghost" color="informative" data-testid="column-count" />
                )}
              </div>
              {column === 1 && props.createIn ? (
                <div className={styles.newTask}>
                  <NewTaskForm projectId={props.createIn} />
                </div>
              ) : null}
              {loading ? (
                <Skeleton aria-label={t('common:loading')}>
                  {[0, 1, 2].map((index) => (
                    <SkeletonItem key={index} size={72} style={{ marginBottom: 8, borderRadius: 8 }} />
                  ))}
                </Skeleton>
              ) : cards.length === 0 ? (
                <Text className={styles.empty}>{t('columnEmpty')}</Text>
              ) : (
                <CardList cards={cards} extras={extras} />
              )}
            </section>
          );
        })}
      </div>
    </>
  );
});

/**
 * Measures from the tasks answer (`board:data`, marked by the store) to the first paint after the
 * columns render: the render benchmark reads the `board:render` measure.
 */
function usePaintMeasure(loads: number): void {
  useEffect(() => {
    if (loads === 0 || typeof performance?.getEntriesByName !== 'function' || performance.getEntriesByName('board:data', 'mark').length === 0) return;
    const frame = requestAnimationFrame(() => {
      setTimeout(() => {
        performance.measure('board:render', 'board:data');
        performance.clearMarks('board:data');
      }, 0);
    });
    return () => cancelAnimationFrame(frame);
  }, [loads]);
}

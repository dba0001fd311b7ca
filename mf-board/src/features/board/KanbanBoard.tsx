import { CounterBadge, Skeleton, SkeletonItem, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { COLUMN_LABEL_KEYS, KANBAN_COLUMNS } from '@negayno/shared/contract';
import { useStores } from '@negayno/shared/stores';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { TaskCardView } from './TaskCardView';

const useStyles = makeStyles({
  board: {
    display: 'grid',
    gridTemplateColumns: 'repeat(4, minmax(260px, 1fr))',
    gap: tokens.spacingHorizontalM,
    overflowX: 'auto',
    scrollSnapType: 'x mandatory',
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
  },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalXS}` },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, listStyleType: 'none', margin: 0, padding: 0 },
  empty: { padding: tokens.spacingVerticalL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

/** Four columns with the labels of the viewer's role set (spec 2) and a counter each. */
export const KanbanBoard = observer(function KanbanBoard() {
  const { board, session } = useStores();
  const { t } = useTranslation('board');
  const styles = useStyles();
  const labels = COLUMN_LABEL_KEYS[session.columnSet];
  const columns = board.columns;
  const loading = board.status === 'loading';

  return (
    <div className={styles.board} data-testid="kanban-board" aria-busy={loading}>
      {KANBAN_COLUMNS.map((column) => {
        const label = t(labels[column - 1]);
        return (
          <section key={column} className={styles.column} aria-label={label} data-testid={`column-${column}`}>
            <div className={styles.header}>
              <Text weight="semibold" data-testid="column-label">
                {label}
              </Text>
              <CounterBadge count={columns[column].length} showZero appearance="ghost" color="informative" data-testid="column-count" />
            </div>
            {loading ? (
              <Skeleton aria-label={t('common:loading')}>
                {[0, 1, 2].map((index) => (
                  <SkeletonItem key={index} size={72} style={{ marginBottom: 8, borderRadius: 8 }} />
                ))}
              </Skeleton>
            ) : columns[column].length === 0 ? (
              <Text className={styles.empty}>{t('columnEmpty')}</Text>
            ) : (
              <ul className={styles.list}>
                {columns[column].map((card) => (
                  <li key={card.id}>
                    <TaskCardView card={card} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
});

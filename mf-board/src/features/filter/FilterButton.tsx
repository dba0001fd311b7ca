import { Button, CounterBadge, makeStyles } from '@negayno/shared/fluent';
import { FilterRegular } from '@fluentui/react-icons';
import { useTranslation } from '@negayno/shared/i18n';
import type { TaskFilter } from '@negayno/shared/contract';

const useStyles = makeStyles({ root: { position: 'relative' }, badge: { position: 'absolute', top: '-4px', right: '-4px' } });

/** Opens the filter panel; a badge tells a filter is active (spec 2). */
export function FilterButton(props: { filter: TaskFilter; onClick: () => void }) {
  const { t } = useTranslation('board');
  const styles = useStyles();
  const active = Object.values(props.filter).filter(Boolean).length;
  return (
    <span className={styles.root}>
      <Button
        icon={<FilterRegular />}
        aria-label={active ? t('toolbar.filtersActive') : t('toolbar.filters')}
        onClick={props.onClick}
        data-testid="filter-button"
      >
        {t('toolbar.filters')}
      </Button>
      {active > 0 && <CounterBadge className={styles.badge} count={active} size="small" color="brand" data-testid="filter-badge" aria-hidden />}
    </span>
  );
}

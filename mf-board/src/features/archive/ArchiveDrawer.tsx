import { Button, Skeleton, SkeletonItem, Spinner, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { DrawerBody, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@negayno/shared/fluent-panels';
import { ArchiveRegular } from '@fluentui/react-icons';
import { BREAKPOINTS, DRAWER_MAX_WIDTH, taskPath, type ArchivedTask } from '@negayno/shared/contract';
import { formatDate } from '@negayno/shared/lib';
import { useStores } from '@negayno/shared/stores';
import { ArchiveStore, type ArchiveScope } from '@negayno/shared/work-stores';
import { EmptyState, LoadFailed, SideDrawer, useNarrowerThan } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from '@negayno/shared/i18n';
import { Link } from 'react-router-dom';

const useStyles = makeStyles({
  drawer: { width: `min(${DRAWER_MAX_WIDTH + 160}px, 100vw)` },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  number: { width: '72px' },
  date: { width: '104px' },
  link: { color: tokens.colorBrandForegroundLink, textDecoration: 'none', ':hover': { textDecoration: 'underline' }, overflowWrap: 'anywhere' },
  more: { alignSelf: 'center' },
  // On a phone a row is a list item: the number and name, the two dates under them.
  list: { display: 'flex', flexDirection: 'column', listStyleType: 'none', margin: 0, padding: 0 },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalS} 0`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  dates: { color: tokens.colorNeutralForeground3 },
});

/** The archive (spec 2 "Other screens"): number, name, created and finished dates; rows open the task. */
export const ArchiveDrawer = observer(function ArchiveDrawer(props: { scope: ArchiveScope; onClose: () => void }) {
  const { t } = useTranslation('board');
  const { ui } = useStores();
  const styles = useStyles();
  const [store] = useState(() => new ArchiveStore(props.scope));
  // Four columns do not fit a phone: the names would wrap a letter per line.
  const narrow = useNarrowerThan(BREAKPOINTS.sm);
  const load = () => void store.load().catch(() => undefined);

  useEffect(load, [store]);

  return (
    <SideDrawer title={t('archive.title')} onClose={props.onClose} className={styles.drawer} testId="archive-drawer">
      <DrawerBody className={styles.body}>
        {store.status === 'loading' || store.status === 'idle' ? (
          <Skeleton aria-label={t('common:loading')}>
            {[0, 1, 2, 3, 4].map((index) => (
              <SkeletonItem key={index} size={32} style={{ marginBottom: 8 }} />
            ))}
          </Skeleton>
        ) : store.status === 'error' ? (
          <LoadFailed onRetry={load} testId="archive-failed" />
        ) : store.list.length === 0 ? (
          <EmptyState icon={<ArchiveRegular />} title={t('archive.emptyTitle')} text={t('archive.emptyText')} testId="archive-empty" />
        ) : (
          <>
            {narrow ? (
              <ul className={styles.list} aria-label={t('archive.title')}>
                {store.list.map((task) => (
                  <li key={task.id} className={styles.item} data-testid="archive-row">
                    <Text>
                      #{task.number} <TaskLink task={task} onOpen={props.onClose} className={styles.link} />
                    </Text>
                    <Text size={200} className={styles.dates}>
                      {t('archive.created')} {formatDate(task.dateCreate, ui.language)} · {t('archive.finished')} {formatDate(task.dateArchived, ui.language)}
                    </Text>
                  </li>
                ))}
              </ul>
            ) : (
              <Table size="small" aria-label={t('archive.title')}>
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell className={styles.number}>{t('archive.number')}</TableHeaderCell>
                    <TableHeaderCell>{t('archive.name')}</TableHeaderCell>
                    <TableHeaderCell className={styles.date}>{t('archive.created')}</TableHeaderCell>
                    <TableHeaderCell className={styles.date}>{t('archive.finished')}</TableHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {store.list.map((task) => (
                    <TableRow key={task.id} data-testid="archive-row">
                      <TableCell>#{task.number}</TableCell>
                      <TableCell>
                        <TaskLink task={task} onOpen={props.onClose} className={styles.link} />
                      </TableCell>
                      <TableCell>{formatDate(task.dateCreate, ui.language)}</TableCell>
                      <TableCell>{formatDate(task.dateArchived, ui.language)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            {store.hasMore && (
              <Button
                className={styles.more}
                onClick={() => void store.more().catch(() => undefined)}
                disabled={store.loadingMore}
                icon={store.loadingMore ? <Spinner size="tiny" /> : undefined}
                data-testid="archive-more"
              >
                {t('archive.more')}
              </Button>
            )}
          </>
        )}
      </DrawerBody>
    </SideDrawer>
  );
});

function TaskLink(props: { task: ArchivedTask; onOpen: () => void; className: string }) {
  return (
    <Link className={props.className} to={taskPath(props.task.id, { projectId: props.task.project.id })} onClick={props.onOpen}>
      {props.task.name}
    </Link>
  );
}

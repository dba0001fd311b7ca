import {
  Button,
  DrawerBody,
  Skeleton,
  SkeletonItem,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@negayno/shared/fluent';
import { ArchiveRegular } from '@fluentui/react-icons';
import { DRAWER_MAX_WIDTH, taskPath } from '@negayno/shared/contract';
import { formatDate } from '@negayno/shared/lib';
import { ArchiveStore, useStores, type ArchiveScope } from '@negayno/shared/stores';
import { EmptyState, SideDrawer } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

const useStyles = makeStyles({
  drawer: { width: `min(${DRAWER_MAX_WIDTH + 160}px, 100vw)` },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  number: { width: '72px' },
  date: { width: '104px' },
  link: { color: tokens.colorBrandForegroundLink, textDecoration: 'none', ':hover': { textDecoration: 'underline' }, overflowWrap: 'anywhere' },
  more: { alignSelf: 'center' },
});

/** The archive (spec 2 "Other screens"): number, name, created and finished dates; rows open the task. */
export const ArchiveDrawer = observer(function ArchiveDrawer(props: { scope: ArchiveScope; onClose: () => void }) {
  const { t } = useTranslation('board');
  const { ui } = useStores();
  const styles = useStyles();
  const [store] = useState(() => new ArchiveStore(props.scope));

  useEffect(() => {
    void store.load().catch(() => undefined);
  }, [store]);

  return (
    <SideDrawer title={t('archive.title')} onClose={props.onClose} className={styles.drawer} testId="archive-drawer">
      <DrawerBody className={styles.body}>
        {store.status === 'loading' || store.status === 'idle' ? (
          <Skeleton aria-label={t('common:loading')}>
            {[0, 1, 2, 3, 4].map((index) => (
              <SkeletonItem key={index} size={32} style={{ marginBottom: 8 }} />
            ))}
          </Skeleton>
        ) : store.list.length === 0 ? (
          <EmptyState icon={<ArchiveRegular />} title={t('archive.emptyTitle')} text={t('archive.emptyText')} testId="archive-empty" />
        ) : (
          <>
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
                      <Link className={styles.link} to={taskPath(task.id, { projectId: task.project.id })} onClick={props.onClose}>
                        {task.name}
                      </Link>
                    </TableCell>
                    <TableCell>{formatDate(task.dateCreate, ui.language)}</TableCell>
                    <TableCell>{formatDate(task.dateArchived, ui.language)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
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

import { Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@negayno/shared/fluent-panels';
import { HistoryRegular } from '@fluentui/react-icons';
import { formatDateTime, fullName } from '@negayno/shared/lib';
import { useTranslation } from '@negayno/shared/i18n';
import { useStores } from '@negayno/shared/stores';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { ListFrame, SearchBox, useOpsStyles } from '../parts';
import { AuditStore, changeLines } from './audit-store';

const useStyles = makeStyles({
  change: {
    margin: 0,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'pre-wrap',
    wordBreak: 'break-word',
    maxWidth: '460px',
  },
});

/** Audit: when, which operator, what action on what, and what changed. */
export const AuditSection = observer(function AuditSection(props: { store?: AuditStore }) {
  const { t } = useTranslation('ops');
  const { ui } = useStores();
  const styles = useOpsStyles();
  const own = useStyles();
  const [store] = useState(() => props.store ?? new AuditStore());
  const { list } = store;

  useEffect(() => void list.load(), [list]);

  return (
    <section className={styles.section} data-testid="ops-audit">
      <div className={styles.toolbar}>
        <SearchBox value={list.filters.q} onSearch={(q) => void list.setFilters({ q: q || undefined })} testId="audit-search" />
      </div>
      <ListFrame list={list} empty={{ title: t('audit.emptyTitle'), text: t('audit.emptyText'), icon: <HistoryRegular /> }} testId="audit">
        <div className={styles.scroll}>
          <Table size="small" aria-label={t('section.audit')} className={styles.table}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('audit.when')}</TableHeaderCell>
                <TableHeaderCell>{t('audit.operator')}</TableHeaderCell>
                <TableHeaderCell>{t('audit.action')}</TableHeaderCell>
                <TableHeaderCell>{t('audit.target')}</TableHeaderCell>
                <TableHeaderCell>{t('audit.change')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.items.map((entry) => (
                <TableRow key={entry.id} data-testid="audit-row" data-action={entry.action}>
                  <TableCell className={styles.nowrap}>{formatDateTime(entry.date, ui.language)}</TableCell>
                  <TableCell>
                    <div className={styles.cellStack}>
                      <Text size={200}>{entry.operator ? fullName(entry.operator) : t('audit.system')}</Text>
                      {entry.operator && (
                        <Text size={200} className={styles.muted}>
                          {entry.operator.email}
                        </Text>
                      )}
                    </div>
                  </TableCell>
                  <TableCell>
                    <span className={styles.code}>{entry.action}</span>
                  </TableCell>
                  <TableCell>
                    <Text size={200}>
                      {entry.target.label ?? entry.target.kind}
                      {entry.target.id !== null && (
                        <span className={styles.muted}>
                          {' '}
                          ({entry.target.kind} {entry.target.id})
                        </span>
                      )}
                    </Text>
                  </TableCell>
                  <TableCell>
                    <pre className={own.change}>{changeLines(entry.before, entry.after).join('\n') || t('none')}</pre>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </ListFrame>
    </section>
  );
});

/**
 * "Import from Trello" (issue 37): a file, its preview (what maps to what, per list, and what is not
 * carried over), then the import with its progress. Into a new project (then its page opens) or into
 * the project shown (then its board reloads). Every control is a button, field or switch: the whole
 * dialog works from the keyboard.
 */
import { Button, Field, Input, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import {
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@negayno/shared/fluent-panels';
import { ArrowUploadRegular, DocumentRegular } from '@fluentui/react-icons';
import { LENGTH, projectPath } from '@negayno/shared/contract';
import type { ImportPreview } from '@negayno/shared/contract/project-import';
import { messageText, useTranslation } from '@negayno/shared/i18n';
import { useWorkStores } from '@negayno/shared/work-stores';
import { observer } from 'mobx-react-lite';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ImportStore } from './import-store';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  file: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  hidden: { display: 'none' },
  number: { textAlign: 'end' },
  // A header cell's text sits in its button slot, a flex row: aligned with the numbers below it.
  numberHead: { justifyContent: 'flex-end', textAlign: 'end' },
  tableWrap: { maxHeight: '40vh', overflowY: 'auto' },
  name: { overflowWrap: 'anywhere' },
});

const CARRIED = ['descriptions', 'checklists', 'comments', 'labels', 'dueDates', 'attachmentLinks'] as const;

function PreviewTable(props: { preview: ImportPreview }) {
  const { t } = useTranslation('import');
  const styles = useStyles();
  const { preview } = props;
  const carried = CARRIED.filter((kind) => preview.carried[kind] > 0).map((kind) => t(`carried.${kind}`, { count: preview.carried[kind] }));
  return (
    <>
      <Text weight="semibold" data-testid="import-source">
        {t(`source.${preview.source}`, { name: preview.boardName })}
      </Text>
      <div className={styles.tableWrap}>
        <Table size="small" aria-label={t('table.caption')} data-testid="import-preview">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('table.list')}</TableHeaderCell>
              <TableHeaderCell button={{ className: styles.numberHead }}>{t('table.tasks')}</TableHeaderCell>
              <TableHeaderCell button={{ className: styles.numberHead }}>{t('table.skipped')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {preview.lists.map((list, index) => (
              <TableRow key={index} data-testid="import-list">
                <TableCell className={styles.name}>{list.archived ? t('archivedList', { name: list.name }) : list.name}</TableCell>
                <TableCell className={styles.number}>{list.tasks}</TableCell>
                <TableCell className={styles.number}>{list.skippedArchived}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <Text data-testid="import-summary">{t('summary', { count: preview.tasks })}</Text>
      {carried.length > 0 && (
        <Text data-testid="import-carried">
          {t('carried.title')}: {carried.join(', ')}
        </Text>
      )}
      <Text data-testid="import-dropped">
        {t('dropped.title')}:{' '}
        {preview.dropped.length > 0 ? preview.dropped.map((entry) => t(`dropped.${entry.kind}`, { count: entry.count })).join(', ') : t('dropped.none')}
      </Text>
    </>
  );
}

/** `project`: the project to import into; none makes a new project. */
export const ImportDialog = observer(function ImportDialog(props: { open: boolean; onClose: () => void; project?: { id: number; name: string } }) {
  const { t } = useTranslation('import');
  const styles = useStyles();
  const navigate = useNavigate();
  const { projects, board } = useWorkStores();
  const [store] = useState(() => new ImportStore(props.project?.id ?? null));
  const input = useRef<HTMLInputElement>(null);
  const busy = store.step === 'reading' || store.step === 'importing';

  const run = async () => {
    const result = await store.run().catch(() => null);
    if (!result) return;
    props.onClose();
    void projects.load().catch(() => undefined);
    if (props.project) void board.reload().catch(() => undefined);
    else navigate(projectPath(result.projectId));
  };

  return (
    <Dialog open={props.open} onOpenChange={(_event, data) => !data.open && !busy && props.onClose()}>
      <DialogSurface data-testid="import-dialog">
        <DialogBody>
          <DialogTitle>{t('title')}</DialogTitle>
          <DialogContent className={styles.content}>
            <Text>{t('intro')}</Text>
            {props.project && <Text weight="semibold">{t('into', { name: props.project.name })}</Text>}
            <div className={styles.file}>
              <input
                ref={input}
                type="file"
                accept=".json,application/json,.zip,application/zip"
                className={styles.hidden}
                data-testid="import-file"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) void store.choose(file);
                }}
              />
              <Button icon={<ArrowUploadRegular />} onClick={() => input.current?.click()} disabled={busy} autoFocus data-testid="import-choose">
                {t('choose')}
              </Button>
              {store.file && (
                <Text className={styles.name}>
                  <DocumentRegular /> {t('chosen', { name: store.file.name })}
                </Text>
              )}
            </div>
            <Switch
              checked={store.includeArchived}
              onChange={(_event, data) => void store.setIncludeArchived(data.checked)}
              label={t('includeArchived')}
              disabled={busy}
              data-testid="import-archived"
            />
            {store.error && (
              <MessageBar intent="error" data-testid="import-error">
                <MessageBarBody>{messageText(store.error)}</MessageBarBody>
              </MessageBar>
            )}
            {store.step === 'reading' && <Spinner size="small" label={t('reading')} />}
            {store.preview && store.step !== 'reading' && <PreviewTable preview={store.preview} />}
            {store.preview && !props.project && (
              <Field label={t('name')}>
                <Input
                  value={store.name}
                  maxLength={LENGTH.name}
                  onChange={(_event, data) => store.setName(data.value)}
                  disabled={busy}
                  data-testid="import-name"
                />
              </Field>
            )}
            {store.step === 'importing' && (
              <Spinner
                size="small"
                label={store.sent !== null ? t('uploading', { percent: Math.round(store.sent * 100) }) : t('importing')}
                data-testid="import-progress"
              />
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onClose} disabled={busy}>
              {t('common:cancel')}
            </Button>
            <Button appearance="primary" onClick={() => void run()} disabled={!store.canImport} data-testid="import-confirm">
              {store.preview ? `${t('confirm')} (${store.preview.tasks})` : t('confirm')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
});

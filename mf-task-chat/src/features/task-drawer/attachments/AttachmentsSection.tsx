/**
 * Attachments (spec 2): the title with the add-files button, uploads in progress, the grid of file
 * cards (two per row on small screens and up), the empty state, and the gallery for images and videos.
 */
import { Button, MessageBar, MessageBarActions, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { ProgressBar } from '@negayno/shared/fluent-drawers';
import { AttachRegular, DismissRegular } from '@fluentui/react-icons';
import { BREAKPOINTS, type Task, type TaskFile } from '@negayno/shared/contract';
import { messageText, useTranslation } from '@negayno/shared/i18n';
import { EmptyState, StatusCard } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { useRef, useState } from 'react';
import { DeleteFileDialog, RenameFileDialog } from './FileDialogs';
import { FileCard } from './FileCard';
import type { FilesStore } from './files-store';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, marginTop: tokens.spacingVerticalXL },
  title: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  grid: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: '1fr',
    [`@media (min-width: ${BREAKPOINTS.sm}px)`]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [`@media (min-width: ${BREAKPOINTS.md}px)`]: { gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' },
  },
  uploads: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  upload: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  hidden: { display: 'none' },
});

export const AttachmentsSection = observer(function AttachmentsSection(props: { task: Task; store: FilesStore; editable: boolean }) {
  const { t } = useTranslation('task');
  const styles = useStyles();
  const { store, editable } = props;
  const input = useRef<HTMLInputElement>(null);
  const [renaming, setRenaming] = useState<TaskFile | null>(null);
  const [deleting, setDeleting] = useState<TaskFile | null>(null);

  // Spec 6: a client who can no longer add files sees no empty attachments section.
  if (!editable && store.status === 'ready' && store.files.length === 0) return null;

  // The gallery and its styles load on the first open: most visits never open it.
  const open = (file: TaskFile, opener: HTMLElement | null) =>
    void import('./gallery').then(({ openGallery }) => openGallery(store.files, file, () => opener?.focus()));

  return (
    <section className={styles.section} aria-labelledby="task-files-title" data-testid="task-files">
      <div className={styles.title}>
        <Text as="h3" weight="semibold" id="task-files-title">
          {t('files.title')}
        </Text>
        {editable && (
          <>
            <Button icon={<AttachRegular />} onClick={() => input.current?.click()} data-testid="files-add">
              {t('files.add')}
            </Button>
            <input
              ref={input}
              type="file"
              multiple
              className={styles.hidden}
              data-testid="files-input"
              tabIndex={-1}
              aria-hidden
              onChange={(event) => {
                store.upload([...(event.target.files ?? [])]);
                event.target.value = '';
              }}
            />
          </>
        )}
      </div>
      {store.uploads.length > 0 && (
        <div className={styles.uploads} aria-live="polite">
          {store.uploads.map((upload) =>
            upload.error ? (
              <MessageBar key={upload.key} intent="error" data-testid="upload-error">
                <MessageBarBody>
                  {upload.name}: {messageText({ key: upload.error })}
                </MessageBarBody>
                <MessageBarActions
                  containerAction={
                    <Button appearance="transparent" icon={<DismissRegular />} aria-label={t('files.dismiss')} onClick={() => store.dismiss(upload.key)} />
                  }
                />
              </MessageBar>
            ) : (
              <div key={upload.key} className={styles.upload} data-testid="upload-progress">
                <Text size={200}>{t('files.uploading', { name: upload.name })}</Text>
                <ProgressBar value={upload.progress ?? 0} aria-label={t('files.uploading', { name: upload.name })} />
              </div>
            ),
          )}
        </div>
      )}
      {store.status === 'loading' || store.status === 'idle' ? (
        <Spinner size="small" label={t('files.loading')} />
      ) : store.status === 'error' ? (
        <StatusCard title={t('files.failed')} text={t('history.failedHint')} onRetry={() => void store.load()} testId="files-failed" />
      ) : store.files.length === 0 ? (
        <EmptyState title={t('noFilesYet')} text={t('addFilesToTask')} testId="files-empty" />
      ) : (
        <ul className={styles.grid} data-testid="files-grid">
          {store.files.map((file) => (
            <FileCard
              key={file.id}
              file={file}
              editable={editable}
              onOpen={() => open(file, document.activeElement as HTMLElement | null)}
              onRename={() => setRenaming(file)}
              onDelete={() => setDeleting(file)}
            />
          ))}
        </ul>
      )}
      <RenameFileDialog file={renaming} onRename={(file, name) => store.rename(file, name)} onClose={() => setRenaming(null)} />
      <DeleteFileDialog file={deleting} onDelete={(file) => store.remove(file)} onClose={() => setDeleting(null)} />
    </section>
  );
});

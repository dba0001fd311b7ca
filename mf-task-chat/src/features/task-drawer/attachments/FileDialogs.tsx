/** Renaming and deleting a file: small dialogs, each closing itself after the store has answered. */
import { Button, Field, Input } from '@negayno/shared/fluent';
import { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@negayno/shared/fluent-panels';
import { LENGTH, type TaskFile } from '@negayno/shared/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '@negayno/shared/i18n';

/** The name without its extension is what people edit; the extension stays (spec 5). */
function stemOf(file: TaskFile): string {
  return file.name.toLowerCase().endsWith(`.${file.extension}`) ? file.name.slice(0, -(file.extension.length + 1)) : file.name;
}

export function RenameFileDialog(props: { file: TaskFile | null; onRename: (file: TaskFile, name: string) => Promise<void>; onClose: () => void }) {
  const { t } = useTranslation('task');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => setValue(props.file ? stemOf(props.file) : ''), [props.file]);
  const file = props.file;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || !value.trim()) return;
    setBusy(true);
    await props.onRename(file, `${value.trim()}.${file.extension}`);
    setBusy(false);
    props.onClose();
  };
  return (
    <Dialog open={file !== null} onOpenChange={(_event, data) => !data.open && props.onClose()}>
      <DialogSurface>
        <form onSubmit={(event) => void submit(event)}>
          <DialogBody>
            <DialogTitle>{t('files.renameTitle')}</DialogTitle>
            <DialogContent>
              <Field label={t('files.newName')} hint={file ? t('files.extensionKept', { extension: file.extension }) : undefined}>
                <Input
                  value={value}
                  maxLength={LENGTH.name}
                  onChange={(_event, data) => setValue(data.value)}
                  contentAfter={file ? `.${file.extension}` : undefined}
                  data-testid="file-rename-input"
                />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button onClick={props.onClose}>{t('files.cancel')}</Button>
              <Button appearance="primary" type="submit" disabled={busy || !value.trim()} data-testid="file-rename-save">
                {t('files.save')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

export function DeleteFileDialog(props: { file: TaskFile | null; onDelete: (file: TaskFile) => Promise<void>; onClose: () => void }) {
  const { t } = useTranslation('task');
  const [busy, setBusy] = useState(false);
  const file = props.file;
  return (
    <Dialog open={file !== null} onOpenChange={(_event, data) => !data.open && props.onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('files.deleteTitle')}</DialogTitle>
          <DialogContent>{file ? t('files.deleteText', { name: file.name }) : null}</DialogContent>
          <DialogActions>
            <Button onClick={props.onClose}>{t('files.cancel')}</Button>
            <Button
              appearance="primary"
              disabled={busy}
              data-testid="file-delete-confirm"
              onClick={async () => {
                if (!file) return;
                setBusy(true);
                await props.onDelete(file);
                setBusy(false);
                props.onClose();
              }}
            >
              {t('files.delete')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

import { Button, Field, Input, Spinner } from '@negayno/shared/fluent';
import { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@negayno/shared/fluent-panels';
import { LENGTH, projectPath } from '@negayno/shared/contract';
import { messageOfError, messageText, useTranslation } from '@negayno/shared/i18n';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useWorkStores } from '@negayno/shared/work-stores';
import { ArrowUploadRegular } from '@fluentui/react-icons';
import { ImportDialog } from '../role-chunks';

/** A name, then the new project's page (client accounts only). */
export function CreateProjectDialog(props: { open: boolean; onClose: () => void }) {
  const { projects } = useWorkStores();
  const { t } = useTranslation('board');
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The import dialog stays open after this one closes: it is drawn here, outside this dialog.
  const [importing, setImporting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || busy) return;
    setBusy(true);
    setError(null);
    try {
      const project = await projects.create(trimmed);
      setName('');
      props.onClose();
      navigate(projectPath(project.id));
    } catch (failure) {
      setError(messageText(messageOfError(failure, 'name')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Dialog open={props.open} onOpenChange={(_event, data) => !data.open && !busy && props.onClose()}>
        <DialogSurface data-testid="create-project-dialog">
          <form onSubmit={(event) => void submit(event)}>
            <DialogBody>
              <DialogTitle>{t('create.title')}</DialogTitle>
              <DialogContent>
                <Field label={t('create.label')} validationMessage={error ?? undefined} validationState={error ? 'error' : 'none'}>
                  <Input autoFocus value={name} maxLength={LENGTH.name} onChange={(_event, data) => setName(data.value)} data-testid="create-project-name" />
                </Field>
              </DialogContent>
              <DialogActions>
                <Button
                  appearance="subtle"
                  icon={<ArrowUploadRegular />}
                  onClick={() => {
                    setImporting(true);
                    props.onClose();
                  }}
                  disabled={busy}
                  data-testid="create-project-import"
                >
                  {t('create.import')}
                </Button>
                <Button onClick={props.onClose} disabled={busy}>
                  {t('common:cancel')}
                </Button>
                <Button
                  appearance="primary"
                  type="submit"
                  disabled={!name.trim() || busy}
                  icon={busy ? <Spinner size="tiny" /> : undefined}
                  data-testid="create-project-submit"
                >
                  {t('create.submit')}
                </Button>
              </DialogActions>
            </DialogBody>
          </form>
        </DialogSurface>
      </Dialog>
      {importing && <ImportDialog open onClose={() => setImporting(false)} />}
    </>
  );
}

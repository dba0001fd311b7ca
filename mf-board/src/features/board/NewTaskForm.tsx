import { Button, Input, Spinner, makeStyles, tokens } from '@negayno/shared/fluent';
import { AddRegular } from '@fluentui/react-icons';
import { LENGTH, taskPath } from '@negayno/shared/contract';
import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@negayno/shared/i18n';
import { useNavigate } from 'react-router-dom';
import { useWorkStores } from '@negayno/shared/work-stores';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' },
  add: { justifyContent: 'flex-start' },
});

/** A new draft in column 1: a name, then the task opens (administrators and users, spec 6). */
export const NewTaskForm = observer(function NewTaskForm(props: { projectId: number }) {
  const { board } = useWorkStores();
  const { t } = useTranslation('board');
  const styles = useStyles();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');

  const close = () => {
    setOpen(false);
    setName('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || board.creating) return;
    try {
      const card = await board.createTask(props.projectId, trimmed);
      close();
      navigate(taskPath(card.id, { projectId: props.projectId }));
    } catch {
      // The client's alert tells what went wrong; the name stays for another try.
    }
  };

  if (!open) {
    return (
      <Button appearance="subtle" icon={<AddRegular />} className={styles.add} onClick={() => setOpen(true)} data-testid="new-task">
        {t('newTask.add')}
      </Button>
    );
  }
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} data-testid="new-task-form">
      <Input
        autoFocus
        value={name}
        maxLength={LENGTH.name}
        aria-label={t('newTask.label')}
        placeholder={t('newTask.placeholder')}
        onChange={(_event, data) => setName(data.value)}
        onKeyDown={(event) => event.key === 'Escape' && close()}
        data-testid="new-task-name"
      />
      <div className={styles.actions}>
        <Button appearance="subtle" onClick={close}>
          {t('common:cancel')}
        </Button>
        <Button
          appearance="primary"
          type="submit"
          disabled={!name.trim() || board.creating}
          icon={board.creating ? <Spinner size="tiny" /> : undefined}
          data-testid="new-task-submit"
        >
          {t('newTask.create')}
        </Button>
      </div>
    </form>
  );
});

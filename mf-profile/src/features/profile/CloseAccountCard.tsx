import { ApiError } from '@negayno/shared/api';
import type { AccountDeletionRefusal } from '@negayno/shared/contract';
import { Button, Field, Input, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@negayno/shared/fluent-panels';
import { useTranslation } from '@negayno/shared/i18n';
import { useStores } from '@negayno/shared/stores';
import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { SectionCard } from './SectionCard';
import { useSubmit } from './useSubmit';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, alignItems: 'flex-start' },
  // Red at rest, under the pointer and pressed: Fluent's own hover colours would turn it grey.
  danger: {
    backgroundColor: tokens.colorPaletteRedBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': { backgroundColor: tokens.colorPaletteRedForeground1, color: tokens.colorNeutralForegroundOnBrand },
    ':hover:active': { backgroundColor: tokens.colorPaletteRedForeground1, color: tokens.colorNeutralForegroundOnBrand },
  },
  error: { color: tokens.colorPaletteRedForeground1 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** The projects a refusal names: those the person alone administers (hand over or close them first). */
function refusedProjects(error: unknown): AccountDeletionRefusal['projects'] {
  return error instanceof ApiError && error.code === 'account_is_sole_administrator'
    ? ((error.data as AccountDeletionRefusal | undefined)?.projects ?? [])
    : [];
}

/** Deleting the own account (issue 37 "Leaving"): what goes and what stays, then the password to confirm. */
export const CloseAccountCard = observer(function CloseAccountCard() {
  const { profile } = useStores();
  const { t } = useTranslation('profile');
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const submit = useSubmit(['password']);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    void submit.run(() =>
      profile.closeAccount(password).catch((error: unknown) => {
        setFailure(error);
        throw error;
      }),
    );
  };
  const projects = refusedProjects(failure);

  return (
    <SectionCard title={t('closeAccount.title')} testId="profile-close-account">
      <div className={styles.body}>
        <Text>{t('closeAccount.text')}</Text>
        <Button className={styles.danger} onClick={() => setOpen(true)} data-testid="close-account-open">
          {t('closeAccount.open')}
        </Button>
      </div>
      <Dialog open={open} onOpenChange={(_event, data) => setOpen(data.open)}>
        <DialogSurface data-testid="close-account-dialog">
          <form onSubmit={onSubmit} noValidate>
            <DialogBody>
              <DialogTitle>{t('closeAccount.confirmTitle')}</DialogTitle>
              <DialogContent className={styles.form}>
                <Text>{t('closeAccount.text')}</Text>
                <Field label={t('closeAccount.password')} validationMessage={submit.errorOf('password')} required>
                  <Input
                    type="password"
                    value={password}
                    onChange={(_event, data) => setPassword(data.value)}
                    autoComplete="current-password"
                    data-testid="close-account-password"
                  />
                </Field>
                {submit.errorOf() && (
                  <Text className={styles.error} role="alert" data-testid="close-account-error">
                    {submit.errorOf()}
                  </Text>
                )}
                {projects.length > 0 && (
                  <div>
                    <Text>{t('closeAccount.projects')}</Text>
                    <ul>
                      {projects.map((project) => (
                        <li key={project.id}>
                          <a href={`/project/${project.id}`}>{project.name}</a>
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
              </DialogContent>
              <DialogActions>
                <Button type="submit" className={styles.danger} disabled={submit.busy} data-testid="close-account-confirm">
                  {t('closeAccount.confirm')}
                </Button>
                <Button onClick={() => setOpen(false)}>{t('closeAccount.cancel')}</Button>
              </DialogActions>
            </DialogBody>
          </form>
        </DialogSurface>
      </Dialog>
    </SectionCard>
  );
});

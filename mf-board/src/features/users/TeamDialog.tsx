import { Avatar, Button, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Radio, RadioGroup } from '@negayno/shared/fluent-panels';
import type { Project, TeamRole } from '@negayno/shared/contract';
import { messageText, useTranslation } from '@negayno/shared/i18n';
import { fullName } from '@negayno/shared/lib';
import { useWorkStores } from '@negayno/shared/work-stores';
import { LoadFailed } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { TeamStore } from './team-store';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  option: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0, paddingTop: tokens.spacingVerticalXXS },
  names: { display: 'flex', flexDirection: 'column', minWidth: 0, overflowWrap: 'anywhere' },
  load: { color: tokens.colorNeutralForeground3 },
  current: { color: tokens.colorBrandForeground1 },
  muted: { color: tokens.colorNeutralForeground3 },
});

/**
 * Changes one role of a project's team (issue 31): the active staff of that role with their load
 * (projects, open tasks), the least loaded first, the one on the team now marked; "Assign" puts the
 * chosen one on the team, and a refusal is said in the catalogue's words. A chunk of its own.
 */
export const TeamDialog = observer(function TeamDialog(props: { project: Project; role: TeamRole; open: boolean; onClose: () => void }) {
  const { projects } = useWorkStores();
  const { t } = useTranslation('board');
  const styles = useStyles();
  const { project, role, open } = props;
  const [store, setStore] = useState(() => new TeamStore(projects, project.id, role));
  const roleLabel = t(`common:roles.${role}`);

  // Every opening asks again: loads change while the dialog is shut.
  useEffect(() => {
    if (!open) return;
    const fresh = new TeamStore(projects, project.id, role);
    setStore(fresh);
    void fresh.load();
  }, [open, projects, project.id, role]);

  const submit = async () => {
    if (await store.assign()) props.onClose();
  };

  return (
    <Dialog open={open} onOpenChange={(_event, data) => !data.open && !store.assigning && props.onClose()}>
      <DialogSurface data-testid="team-dialog" aria-describedby="team-dialog-text">
        <DialogBody>
          <DialogTitle>{t('team.dialogTitle', { role: roleLabel })}</DialogTitle>
          <DialogContent className={styles.content}>
            <Text id="team-dialog-text">{t('team.dialogText', { name: project.name })}</Text>
            {store.status === 'loading' || store.status === 'idle' ? (
              <Spinner size="small" label={t('common:loading')} data-testid="team-loading" />
            ) : store.status !== 'ready' ? (
              <LoadFailed onRetry={() => void store.load()} testId="team-failed" />
            ) : store.ofRole.length === 0 ? (
              <Text className={styles.muted} data-testid="team-no-candidates">
                {t('team.noCandidates')}
              </Text>
            ) : (
              <RadioGroup
                className={styles.list}
                value={store.chosen === null ? '' : String(store.chosen)}
                onChange={(_event, data) => store.choose(Number(data.value))}
                aria-label={t('team.candidates')}
                disabled={store.assigning}
              >
                {store.ofRole.map((candidate) => (
                  <Radio
                    key={candidate.id}
                    value={String(candidate.id)}
                    data-testid="team-candidate"
                    data-user-id={candidate.id}
                    label={
                      <span className={styles.option}>
                        <Avatar name={fullName(candidate)} image={candidate.avatarUrl ? { src: candidate.avatarUrl } : undefined} size={28} />
                        <span className={styles.names}>
                          <Text weight="semibold">
                            {fullName(candidate)}
                            {candidate.onTeam && <span className={styles.current}>{` · ${t('team.current')}`}</span>}
                          </Text>
                          <Text size={200} className={styles.load} data-testid="team-candidate-load">
                            {t('team.load', { projects: candidate.load.projects, tasks: candidate.load.openTasks })}
                          </Text>
                        </span>
                      </span>
                    }
                  />
                ))}
              </RadioGroup>
            )}
            {store.error && (
              <MessageBar intent="error" layout="multiline" data-testid="team-error">
                <MessageBarBody>{messageText(store.error)}</MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onClose} disabled={store.assigning}>
              {t('common:cancel')}
            </Button>
            <Button
              appearance="primary"
              onClick={() => void submit()}
              disabled={!store.canAssign}
              icon={store.assigning ? <Spinner size="tiny" /> : undefined}
              data-testid="team-assign"
            >
              {t('team.assign')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
});

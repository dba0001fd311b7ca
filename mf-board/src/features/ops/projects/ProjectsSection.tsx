import { Avatar, Badge, Button, Field, Spinner, Text, tokens } from '@negayno/shared/fluent';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Select,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@negayno/shared/fluent-panels';
import { BriefcaseRegular, PeopleTeamRegular } from '@fluentui/react-icons';
import { TEAM_ROLES, projectPath, type Currency, type OpsProject, type StaffCandidate, type TeamRole } from '@negayno/shared/contract';
import { formatDateTime, formatMoney, fullName } from '@negayno/shared/lib';
import { messageOfError, messageText, useTranslation } from '@negayno/shared/i18n';
import { useStores } from '@negayno/shared/stores';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FormDialogActions, ListFrame, SearchBox, useOpsStyles } from '../parts';
import { ProjectsStore } from './projects-store';

/** Projects: client, team per role (missing roles marked), balance, open tasks, last activity; unstaffed first. */
export const ProjectsSection = observer(function ProjectsSection(props: { store?: ProjectsStore }) {
  const { t } = useTranslation('ops');
  const { ui } = useStores();
  const styles = useOpsStyles();
  const [store] = useState(() => props.store ?? new ProjectsStore());
  const [editing, setEditing] = useState<OpsProject | null>(null);
  const { list } = store;

  useEffect(() => void list.load(), [list]);

  return (
    <section className={styles.section} data-testid="ops-projects">
      <div className={styles.toolbar}>
        <SearchBox value={list.filters.q} onSearch={(q) => void list.setFilters({ q: q || undefined })} testId="projects-search" />
        <Switch
          label={t('projects.unstaffed')}
          checked={list.filters.unstaffed}
          onChange={(_event, data) => void list.setFilters({ unstaffed: data.checked })}
          data-testid="projects-unstaffed"
        />
      </div>
      <ListFrame list={list} empty={{ title: t('projects.emptyTitle'), text: t('projects.emptyText'), icon: <BriefcaseRegular /> }} testId="projects">
        <div className={styles.scroll}>
          <Table size="small" aria-label={t('section.projects')} className={styles.table}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('projects.name')}</TableHeaderCell>
                <TableHeaderCell>{t('projects.team')}</TableHeaderCell>
                <TableHeaderCell>{t('projects.balance')}</TableHeaderCell>
                <TableHeaderCell>{t('projects.openTasks')}</TableHeaderCell>
                <TableHeaderCell>{t('projects.lastActivity')}</TableHeaderCell>
                <TableHeaderCell>{t('actions')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.items.map((project) => (
                <TableRow key={project.id} data-testid="project-row">
                  <TableCell>
                    <div className={styles.cellStack}>
                      <Link className={styles.link} to={projectPath(project.id)}>
                        {project.name}
                      </Link>
                      <Text size={200} className={styles.muted}>
                        {project.client ? `${fullName(project.client)} · ${project.client.email}` : t('none')}
                      </Text>
                    </div>
                  </TableCell>
                  <TableCell>
                    <div className={styles.cellStack}>
                      {TEAM_ROLES.map((role) => {
                        const member = project.team.find((one) => one.role === role);
                        return member ? (
                          <Text key={role} size={200} className={styles.nowrap}>
                            <Avatar size={16} name={fullName(member)} image={member.avatarUrl ? { src: member.avatarUrl } : undefined} />{' '}
                            {t(`roleShort.${role}`)}: {fullName(member)}
                          </Text>
                        ) : (
                          <Badge key={role} appearance="tint" color="danger" size="small" data-testid="project-missing-role">
                            {t(`roleShort.${role}`)}: {t('projects.nobody')}
                          </Badge>
                        );
                      })}
                    </div>
                  </TableCell>
                  <TableCell className={styles.nowrap}>{formatMoney(project.balance, project.currency as Currency, ui.language)}</TableCell>
                  <TableCell>{project.openTasks}</TableCell>
                  <TableCell className={styles.nowrap}>{formatDateTime(project.lastActivity, ui.language)}</TableCell>
                  <TableCell>
                    <Button size="small" icon={<PeopleTeamRegular />} onClick={() => setEditing(project)} data-testid="project-change-team">
                      {t('projects.changeTeam')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </ListFrame>
      {editing && <TeamDialog store={store} project={editing} onClose={() => setEditing(null)} />}
    </section>
  );
});

/** The team of one project: a select per role from the candidates with their load; saving assigns the roles that changed. */
export function TeamDialog(props: { store: ProjectsStore; project: OpsProject; onClose: () => void }) {
  const { t } = useTranslation('ops');
  const styles = useOpsStyles();
  const { store, project } = props;
  const [candidates, setCandidates] = useState<StaffCandidate[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const current = (role: TeamRole) => String(project.team.find((one) => one.role === role)?.id ?? '');
  const [choice, setChoice] = useState<Record<TeamRole, string>>({ am: current('am'), pm: current('pm'), sm: current('sm') });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    store.candidates(project.id).then(
      (list) => live && setCandidates(list),
      (failure: unknown) => live && setLoadError(messageText(messageOfError(failure))),
    );
    return () => {
      live = false;
    };
  }, [store, project.id]);

  const changed = TEAM_ROLES.filter((role) => choice[role] !== '' && choice[role] !== current(role));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || changed.length === 0) return;
    setBusy(true);
    setError(null);
    try {
      for (const role of changed) await store.assign(project.id, role, Number(choice[role]));
      void store.refresh();
      props.onClose();
    } catch (failure) {
      setError(messageText(messageOfError(failure)));
      void store.refresh();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && !busy && props.onClose()}>
      <DialogSurface data-testid="team-dialog">
        <form onSubmit={(event) => void submit(event)}>
          <DialogBody>
            <DialogTitle>{t('projects.teamTitle', { name: project.name })}</DialogTitle>
            <DialogContent className={styles.dialogForm}>
              {loadError ? (
                <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }}>
                  {loadError}
                </Text>
              ) : candidates === null ? (
                <Spinner size="small" />
              ) : (
                TEAM_ROLES.map((role) => {
                  const ofRole = candidates.filter((one) => one.role === role);
                  return (
                    <Field key={role} label={t(`role.${role}`)} hint={ofRole.length === 0 ? t('projects.noCandidates') : undefined}>
                      <Select value={choice[role]} onChange={(_event, data) => setChoice({ ...choice, [role]: data.value })} data-testid={`team-${role}`}>
                        <option value="">{t('projects.nobody')}</option>
                        {ofRole.map((one) => (
                          <option key={one.id} value={String(one.id)}>
                            {t('projects.candidate', { name: fullName(one), projects: one.load.projects, tasks: one.load.openTasks })}
                          </option>
                        ))}
                      </Select>
                    </Field>
                  );
                })
              )}
              {error && (
                <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }} data-testid="team-error">
                  {error}
                </Text>
              )}
            </DialogContent>
            <FormDialogActions busy={busy} disabled={changed.length === 0} onCancel={props.onClose} submitLabel={t('projects.assign')} testId="team-submit" />
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

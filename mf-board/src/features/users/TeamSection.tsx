import { Avatar, Button, MessageBar, MessageBarBody, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { TEAM_ROLES, type Project, type ProjectStaff, type TeamRole } from '@negayno/shared/contract';
import { useTranslation } from '@negayno/shared/i18n';
import { formatDateTime, fullName } from '@negayno/shared/lib';
import { useStores } from '@negayno/shared/stores';
import { PersonQuestionMarkRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { lazyPanel } from '../layout/LazyPanel';

/** The dialog that changes a team member: a chunk of its own, fetched when an am first opens it. */
const TeamDialog = lazyPanel(() => import(/* webpackChunkName: "team-dialog" */ './TeamDialog').then((module) => module.TeamDialog));

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, listStyleType: 'none', margin: 0, padding: 0 },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  names: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0, flexGrow: 1, overflowWrap: 'anywhere' },
  role: { color: tokens.colorNeutralForeground3 },
  open: { color: tokens.colorNeutralForeground3, fontStyle: 'italic' },
  placeholder: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    width: '32px',
    height: '32px',
    borderRadius: tokens.borderRadiusCircular,
    border: `1px dashed ${tokens.colorNeutralStroke1}`,
    color: tokens.colorNeutralForeground3,
    fontSize: '18px',
  },
});

/** Whether the viewer is on the agency's side of the project (its team or a performer), not the client's. */
export function isStaffViewer(project: Project): boolean {
  return project.role === 'am' || project.role === 'pm' || project.role === 'sm' || project.role === 'performer';
}

/** The roles' labels, "Project manager, Sales manager", in the viewer's language. */
export function useRoleList(): (roles: readonly TeamRole[]) => string {
  const { t } = useTranslation('board');
  return (roles) => roles.map((role) => t(`common:roles.${role}`)).join(', ');
}

/**
 * The project's team (issue 31, decisions 2): its am, pm and sm with avatar, name and role, for
 * everyone who sees the members; while a role is unfilled, the agency's promise of when it will be.
 * The project's am (`can.changeTeam`) changes each member from a dialog that shows who is free.
 */
export const TeamSection = observer(function TeamSection(props: { project: Project }) {
  const { ui } = useStores();
  const { t } = useTranslation('board');
  const styles = useStyles();
  const roleList = useRoleList();
  const { project } = props;
  const [changing, setChanging] = useState<TeamRole | null>(null);
  const [dialogRole, setDialogRole] = useState<TeamRole>('pm');
  const staffViewer = isStaffViewer(project);
  const { missing, dueAt } = project.staffing;
  const late = dueAt !== null && dueAt * 1000 < Date.now();
  const byRole = new Map<TeamRole, ProjectStaff>(project.staff.map((person) => [person.role, person]));

  const open = (role: TeamRole) => {
    setDialogRole(role);
    setChanging(role);
  };

  return (
    <section className={styles.section} aria-labelledby="team-heading" data-testid="team-section">
      <Text as="h3" id="team-heading" weight="semibold" size={400} className={styles.heading}>
        {staffViewer ? t('team.staffTitle') : t('team.title')}
      </Text>
      {missing.length > 0 && (
        <MessageBar intent={late ? 'warning' : 'info'} layout="multiline" data-testid="team-assigning">
          <MessageBarBody>
            <Text block weight="semibold">
              {t(staffViewer ? 'team.incompleteTitle' : 'team.assigningTitle')}
            </Text>
            {dueAt !== null
              ? t(staffViewer ? 'team.incompleteText' : late ? 'team.assigningLate' : 'team.assigningText', {
                  roles: roleList(missing),
                  time: formatDateTime(dueAt, ui.language),
                })
              : roleList(missing)}
          </MessageBarBody>
        </MessageBar>
      )}
      <ul className={styles.list} aria-label={staffViewer ? t('team.staffTitle') : t('team.title')}>
        {TEAM_ROLES.map((role) => {
          const person = byRole.get(role);
          if (!person && !project.can.changeTeam && !missing.includes(role)) return null;
          const roleLabel = t(`common:roles.${role}`);
          return (
            <li key={role} className={styles.row} data-testid="team-member" data-role={role} data-filled={person ? 'true' : 'false'}>
              {person ? (
                <Avatar name={fullName(person)} image={person.avatarUrl ? { src: person.avatarUrl } : undefined} size={32} />
              ) : (
                <span className={styles.placeholder} aria-hidden>
                  <PersonQuestionMarkRegular />
                </span>
              )}
              <span className={styles.names}>
                {person ? <Text>{fullName(person)}</Text> : <Text className={styles.open}>{t('team.notAssigned')}</Text>}
                <Text size={200} className={styles.role}>
                  {roleLabel}
                </Text>
              </span>
              {project.can.changeTeam && (
                <Button
                  size="small"
                  appearance={person ? 'secondary' : 'primary'}
                  aria-label={t('team.changeLabel', { role: roleLabel })}
                  onClick={() => open(role)}
                  data-testid="team-change"
                >
                  {person ? t('team.change') : t('team.assign')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {project.can.changeTeam && <TeamDialog project={project} role={dialogRole} open={changing !== null} onClose={() => setChanging(null)} />}
    </section>
  );
});

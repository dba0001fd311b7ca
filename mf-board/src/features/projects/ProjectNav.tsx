import { Button, Dropdown, Option, Text, makeStyles, mergeClasses, tokens } from '@negayno/shared/fluent';
import { AddRegular } from '@fluentui/react-icons';
import { BREAKPOINTS, projectPath, type ProjectListItem } from '@negayno/shared/contract';
import { useStores } from '@negayno/shared/stores';
import { useWorkStores } from '@negayno/shared/work-stores';
import { LoadFailed } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { useTranslation } from '@negayno/shared/i18n';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useNarrowerThan } from '@negayno/shared/ui';
import { useClippedDropdownButton } from '../layout/useClippedDropdownButton';
import { CreateProjectDialog } from '../role-chunks';
import { PendingInvitations } from './PendingInvitations';

const useStyles = makeStyles({
  rail: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalS}`,
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: '220px',
    maxWidth: '260px',
    boxSizing: 'border-box',
  },
  title: { padding: `0 ${tokens.spacingHorizontalS} ${tokens.spacingVerticalS}`, color: tokens.colorNeutralForeground3 },
  item: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  // A long name ends in an ellipsis (the full name is the link's title and accessible name).
  name: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  active: { backgroundColor: tokens.colorBrandBackground2, color: tokens.colorBrandForeground2, fontWeight: tokens.fontWeightSemibold },
  count: { color: tokens.colorNeutralForeground3, flexShrink: 0 },
  select: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM} 0`,
  },
  selectRow: { display: 'flex', gap: tokens.spacingHorizontalS, '& > :first-child': { flexGrow: 1, minWidth: 0 } },
  create: { justifyContent: 'flex-start', marginTop: tokens.spacingVerticalS },
  invitations: { marginTop: tokens.spacingVerticalM },
});

/**
 * The user's projects: a rail on wide screens, a select on narrow ones; pending invitations with
 * Accept / Decline; "create project" where the profile's `can` offers it (client accounts).
 */
export const ProjectNav = observer(function ProjectNav(props: { currentId: number | null }) {
  const { session } = useStores();
  const { projects, board } = useWorkStores();
  const { t } = useTranslation('board');
  const styles = useStyles();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const canCreate = session.user?.can.createProject ?? false;
  const current = projects.member.find((project) => project.id === props.currentId);
  const narrow = useNarrowerThan(BREAKPOINTS.md);
  const selectButton = useClippedDropdownButton(current?.name ?? '');
  // The board shown counts its projects' tasks live; the list's counters (read with the list) count the rest.
  const total = (project: ProjectListItem) => board.taskCounts?.get(project.id) ?? project.counters.reduce((sum, count) => sum + count, 0);

  // Rendered only for those who may create: the dialog's chunk is the client role's (role-chunks.tsx).
  const dialog = canCreate && <CreateProjectDialog open={creating} onClose={() => setCreating(false)} />;
  // A list that did not load says so (an empty rail would read as "no projects").
  const failed = projects.listStatus === 'error' && projects.list.length === 0 && (
    <LoadFailed onRetry={() => void projects.load().catch(() => undefined)} testId="projects-failed" />
  );
  if (narrow) {
    return (
      <div className={styles.select}>
        <PendingInvitations />
        {failed}
        <div className={styles.selectRow}>
          <Dropdown
            aria-label={t('projects')}
            value={current?.name ?? ''}
            selectedOptions={current ? [String(current.id)] : []}
            onOptionSelect={(_event, data) => data.optionValue && navigate(projectPath(Number(data.optionValue)))}
            clearButton={{ 'aria-label': t('common:clearSelection') }}
            button={selectButton}
            data-testid="project-select"
          >
            {projects.member.map((project) => (
              <Option key={project.id} value={String(project.id)}>
                {project.name}
              </Option>
            ))}
          </Dropdown>
          {canCreate && <Button icon={<AddRegular />} aria-label={t('createProject')} onClick={() => setCreating(true)} data-testid="create-project" />}
        </div>
        {dialog}
      </div>
    );
  }
  return (
    <>
      <nav className={styles.rail} aria-label={t('projects')} data-testid="project-nav">
        <Text size={200} weight="semibold" className={styles.title}>
          {t('projects')}
        </Text>
        {failed}
        {projects.member.map((project) => (
          <Link
            key={project.id}
            to={projectPath(project.id)}
            className={mergeClasses(styles.item, project.id === props.currentId && styles.active)}
            aria-current={project.id === props.currentId ? 'page' : undefined}
          >
            <span className={styles.name} title={project.name}>
              {project.name}
            </span>
            <span className={styles.count} data-testid="project-count">
              {total(project)}
            </span>
          </Link>
        ))}
        {canCreate && (
          <Button appearance="subtle" icon={<AddRegular />} className={styles.create} onClick={() => setCreating(true)} data-testid="create-project">
            {t('createProject')}
          </Button>
        )}
        <div className={styles.invitations}>
          <PendingInvitations />
        </div>
      </nav>
      {dialog}
    </>
  );
});

import { Dropdown, Option, Text, makeStyles, mergeClasses, tokens } from '@negayno/shared/fluent';
import { BREAKPOINTS, projectPath } from '@negayno/shared/contract';
import { useStores } from '@negayno/shared/stores';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';

const narrow = `@media (max-width: ${BREAKPOINTS.md - 1}px)`;
const wide = `@media (min-width: ${BREAKPOINTS.md}px)`;

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
    [narrow]: { display: 'none' },
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
  active: { backgroundColor: tokens.colorBrandBackground2, color: tokens.colorBrandForeground2, fontWeight: tokens.fontWeightSemibold },
  count: { color: tokens.colorNeutralForeground3 },
  select: { [wide]: { display: 'none' }, padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM} 0` },
});

/** The user's projects: a rail on wide screens, a select on narrow ones. */
export const ProjectNav = observer(function ProjectNav(props: { currentId: number | null }) {
  const { projects } = useStores();
  const { t } = useTranslation('board');
  const styles = useStyles();
  const navigate = useNavigate();
  const current = projects.list.find((project) => project.id === props.currentId);
  const total = (counters: number[]) => counters.reduce((sum, count) => sum + count, 0);

  return (
    <>
      <nav className={styles.rail} aria-label={t('projects')} data-testid="project-nav">
        <Text size={200} weight="semibold" className={styles.title}>
          {t('projects')}
        </Text>
        {projects.list.map((project) => (
          <Link
            key={project.id}
            to={projectPath(project.id)}
            className={mergeClasses(styles.item, project.id === props.currentId && styles.active)}
            aria-current={project.id === props.currentId ? 'page' : undefined}
          >
            <span>{project.name}</span>
            <span className={styles.count}>{total(project.counters)}</span>
          </Link>
        ))}
      </nav>
      <div className={styles.select}>
        <Dropdown
          aria-label={t('projects')}
          value={current?.name ?? ''}
          selectedOptions={current ? [String(current.id)] : []}
          onOptionSelect={(_event, data) => data.optionValue && navigate(projectPath(Number(data.optionValue)))}
        >
          {projects.list.map((project) => (
            <Option key={project.id} value={String(project.id)}>
              {project.name}
            </Option>
          ))}
        </Dropdown>
      </div>
    </>
  );
});

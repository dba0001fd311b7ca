/**
 * The operators' console (issue 31): a section nav (tabs on a desktop, a select on a phone) over one
 * section at a time, each a module of its own with its store. The whole of it is the `ops` chunk.
 */
import { Field, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { Tab, TabList } from '@negayno/shared/fluent-drawers';
import { Select } from '@negayno/shared/fluent-panels';
import { BREAKPOINTS, opsPath, ROUTES } from '@negayno/shared/contract';
import { useTranslation } from '@negayno/shared/i18n';
import { useNarrowerThan } from '@negayno/shared/ui';
import { useEffect, type ComponentType } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { AuditSection } from './audit/AuditSection';
import { DeadlinesSection } from './deadlines/DeadlinesSection';
import { InvitationsSection } from './invitations/InvitationsSection';
import { MoneySection } from './money/MoneySection';
import { PayoutsSection } from './payouts/PayoutsSection';
import { ProjectsSection } from './projects/ProjectsSection';
import { StaffSection } from './staff/StaffSection';
import { SupportSection } from './support/SupportSection';

export const OPS_SECTIONS = ['staff', 'projects', 'invitations', 'payouts', 'deadlines', 'money', 'support', 'audit'] as const;
export type OpsSection = (typeof OPS_SECTIONS)[number];

const SECTION_VIEWS: Record<OpsSection, ComponentType> = {
  staff: StaffSection,
  projects: ProjectsSection,
  invitations: InvitationsSection,
  payouts: PayoutsSection,
  deadlines: DeadlinesSection,
  money: MoneySection,
  support: SupportSection,
  audit: AuditSection,
};

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXXL}`,
    maxWidth: '1400px',
    width: '100%',
    boxSizing: 'border-box',
    marginInline: 'auto',
    minWidth: 0,
    [`@media (max-width: ${BREAKPOINTS.sm - 1}px)`]: { padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}` },
  },
  tabs: { overflowX: 'auto', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
});

function sectionOf(pathname: string): OpsSection | null {
  const rest = pathname.slice(ROUTES.ops.length).replace(/^\/+|\/+$/g, '');
  if (rest === '') return 'staff';
  return (OPS_SECTIONS as readonly string[]).includes(rest) ? (rest as OpsSection) : null;
}

export function OpsConsole() {
  const { t } = useTranslation('ops');
  const styles = useStyles();
  const location = useLocation();
  const navigate = useNavigate();
  const narrow = useNarrowerThan(BREAKPOINTS.md);
  const section = sectionOf(location.pathname);

  useEffect(() => {
    document.title = `${t('title')} · ${t(`section.${section ?? 'staff'}`)}`;
  }, [t, section]);

  useEffect(() => {
    if (section === null) navigate(opsPath('staff'), { replace: true });
  }, [section, navigate]);

  if (section === null) return null;
  const View = SECTION_VIEWS[section];
  const open = (next: string) => navigate(opsPath(next));

  return (
    <div className={styles.page} data-testid="ops-console">
      <Text as="h1" size={700} weight="semibold">
        {t('title')}
      </Text>
      <nav aria-label={t('sections')}>
        {narrow ? (
          <Field label={t('sections')}>
            <Select value={section} onChange={(_event, data) => open(data.value)} data-testid="ops-nav-select">
              {OPS_SECTIONS.map((one) => (
                <option key={one} value={one}>
                  {t(`section.${one}`)}
                </option>
              ))}
            </Select>
          </Field>
        ) : (
          <TabList className={styles.tabs} selectedValue={section} onTabSelect={(_event, data) => open(String(data.value))} data-testid="ops-nav">
            {OPS_SECTIONS.map((one) => (
              <Tab key={one} value={one} data-testid={`ops-tab-${one}`}>
                {t(`section.${one}`)}
              </Tab>
            ))}
          </TabList>
        )}
      </nav>
      <View key={section} />
    </div>
  );
}

import { Button, Spinner, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { Card } from '@negayno/shared/fluent-panels';
import { projectPath, type ProjectListItem } from '@negayno/shared/contract';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from '@negayno/shared/i18n';
import { useNavigate } from 'react-router-dom';
import { useWorkStores } from '@negayno/shared/work-stores';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  card: { padding: tokens.spacingHorizontalM, gap: tokens.spacingVerticalS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/** The viewer's pending invitations with Accept / Decline. */
export const InvitationsList = observer(function InvitationsList() {
  const { projects } = useWorkStores();
  const { t } = useTranslation('board');
  const styles = useStyles();
  if (projects.invitations.length === 0) return null;
  return (
    <section className={styles.list} aria-label={t('invitations.title')} data-testid="invitations">
      {projects.invitations.map((project) => (
        <Invitation key={project.id} project={project} className={styles.card} actionsClass={styles.actions} />
      ))}
    </section>
  );
});

function Invitation(props: { project: ProjectListItem; className: string; actionsClass: string }) {
  const { projects } = useWorkStores();
  const { t } = useTranslation('board');
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const { project } = props;

  const act = (kind: 'accept' | 'decline') => {
    setBusy(kind);
    const done =
      kind === 'accept' ? projects.acceptInvitation(project.id).then(() => navigate(projectPath(project.id))) : projects.declineInvitation(project.id);
    void done.catch(() => undefined).finally(() => setBusy(null));
  };

  return (
    <Card className={props.className} appearance="filled-alternative" data-testid="invitation">
      <Text>{t('invitations.text', { name: project.name })}</Text>
      <div className={props.actionsClass}>
        <Button
          appearance="primary"
          size="small"
          disabled={busy !== null}
          icon={busy === 'accept' ? <Spinner size="tiny" /> : undefined}
          onClick={() => act('accept')}
          data-testid="invitation-accept"
        >
          {t('invitations.accept')}
        </Button>
        <Button
          size="small"
          disabled={busy !== null}
          icon={busy === 'decline' ? <Spinner size="tiny" /> : undefined}
          onClick={() => act('decline')}
          data-testid="invitation-decline"
        >
          {t('invitations.decline')}
        </Button>
      </div>
    </Card>
  );
}

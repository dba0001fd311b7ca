import { Avatar, Badge, Button, Field, Input, MessageBar, MessageBarBody, Spinner, Text, Tooltip, makeStyles, tokens } from '@negayno/shared/fluent';
import { Divider, DrawerBody, Select, Switch } from '@negayno/shared/fluent-panels';
import { DeleteRegular, MailRegular, PeopleRegular } from '@fluentui/react-icons';
import {
  ASSIGNABLE_PROJECT_ROLES,
  DRAWER_MAX_WIDTH,
  LENGTH,
  type AssignableProjectRole,
  type Project,
  type ProjectPermissions,
  type ProjectUser,
} from '@negayno/shared/contract';
import { messageOfError, messageText, useTranslation } from '@negayno/shared/i18n';
import { fullName } from '@negayno/shared/lib';
import { useStores } from '@negayno/shared/stores';
import { useWorkStores } from '@negayno/shared/work-stores';
import { EmptyState, SideDrawer } from '@negayno/shared/ui';
import { observer } from 'mobx-react-lite';
import { useRef, useState, type FormEvent } from 'react';
import { TeamSection, isStaffViewer } from './TeamSection';

const useStyles = makeStyles({
  drawer: { width: `min(${DRAWER_MAX_WIDTH + 80}px, 100vw)` },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  inviteBlock: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  invite: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start' },
  inviteField: { flexGrow: 1, minWidth: 0 },
  inviteButton: { marginTop: '26px' },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, listStyleType: 'none', margin: 0, padding: 0 },
  row: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    paddingBottom: tokens.spacingVerticalM,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  who: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  names: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalXXS,
    minWidth: 0,
    flexGrow: 1,
    overflowWrap: 'anywhere',
  },
  email: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  labels: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  controls: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM, paddingLeft: '40px' },
  select: { minWidth: '160px' },
  // Fluent's Divider grows in a flex column; here it is a rule between two lists.
  divider: { flexGrow: 0 },
});

const isPending = (member: ProjectUser) => member.id === null || member.role === 'invite';

/**
 * The project's members and invitations (spec 2, 6), with the tools the project's `can` offers:
 * inviting by email; changing roles and the "Immediately" access, removing members, cancelling
 * invitations. The viewer's own row is never changed or removed here.
 */
export const UsersDrawer = observer(function UsersDrawer(props: { project: Project; onClose: () => void }) {
  const { t } = useTranslation('board');
  const styles = useStyles();
  const { project } = props;
  const others = project.projectUsers.length <= 1;
  // The team shows whenever there is one, or one on the way, or the viewer may make one.
  const hasTeam = project.staff.length > 0 || project.staffing.missing.length > 0 || project.can.changeTeam;

  return (
    <SideDrawer title={t('users.title')} onClose={props.onClose} className={styles.drawer} testId="users-drawer">
      <DrawerBody className={styles.body}>
        {project.can.invite && <InviteForm projectId={project.id} />}
        <ul className={styles.list} aria-label={t('users.title')}>
          {project.projectUsers.map((member) => (
            <MemberRow key={member.id ?? member.email} projectId={project.id} can={project.can} member={member} />
          ))}
        </ul>
        {others &&
          !isStaffViewer(project) &&
          (hasTeam ? (
            <Text size={200} className={styles.email} data-testid="users-alone">
              {t('users.aloneWithTeam')}
            </Text>
          ) : (
            <EmptyState icon={<PeopleRegular />} title={t('users.emptyTitle')} text={t('users.emptyText')} testId="users-empty" />
          ))}
        {hasTeam && (
          <>
            <Divider className={styles.divider} />
            <TeamSection project={project} />
          </>
        )}
      </DrawerBody>
    </SideDrawer>
  );
});

const InviteForm = observer(function InviteForm(props: { projectId: number }) {
  const { projects } = useWorkStores();
  const { t } = useTranslation('board');
  const styles = useStyles();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value || busy) return;
    setBusy(true);
    setError(null);
    setSent(null);
    try {
      await projects.invite(props.projectId, value);
      setEmail('');
      setSent(value);
    } catch (failure) {
      setError(messageText(messageOfError(failure, 'email')));
    } finally {
      setBusy(false);
      // The button disables while sending; focus goes back to the field so Escape and typing still work.
      input.current?.focus();
    }
  };

  return (
    <div className={styles.inviteBlock}>
      <form className={styles.invite} onSubmit={(event) => void submit(event)} noValidate data-testid="invite-form">
        <Field label={t('users.inviteLabel')} validationMessage={error ?? undefined} validationState={error ? 'error' : 'none'} className={styles.inviteField}>
          <Input
            ref={input}
            type="email"
            value={email}
            maxLength={LENGTH.email}
            placeholder={t('users.invitePlaceholder')}
            contentBefore={<MailRegular />}
            onChange={(_event, data) => {
              setEmail(data.value);
              setError(null);
            }}
            data-testid="invite-email"
          />
        </Field>
        <Button
          appearance="primary"
          type="submit"
          className={styles.inviteButton}
          disabled={!email.trim() || busy}
          icon={busy ? <Spinner size="tiny" /> : undefined}
          data-testid="invite-submit"
        >
          {t('users.invite')}
        </Button>
      </form>
      {sent && (
        <MessageBar intent="success" data-testid="invite-sent">
          <MessageBarBody>{t('users.invited', { email: sent })}</MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
});

const MemberRow = observer(function MemberRow(props: { projectId: number; can: ProjectPermissions; member: ProjectUser }) {
  const { session } = useStores();
  const { projects } = useWorkStores();
  const { t } = useTranslation('board');
  const styles = useStyles();
  const { member, projectId, can } = props;
  const [busy, setBusy] = useState(false);
  const pending = isPending(member);
  const own = member.id !== null && member.id === session.user?.id;
  const removable = !own && (pending ? can.cancelInvitations : can.removeMembers);
  const controlled = !pending && member.id !== null && (can.changeRoles || can.changeMemberSettings);
  const name = pending && !member.firstname ? member.email : fullName(member);

  const run = (action: () => Promise<void>) => {
    setBusy(true);
    void action()
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };

  return (
    <li className={styles.row} data-testid="member-row" data-email={member.email}>
      <div className={styles.who}>
        <Avatar name={name} image={member.avatarUrl ? { src: member.avatarUrl } : undefined} size={32} />
        <span className={styles.names}>
          <Text weight="semibold">
            {name}
            {own && ` (${t('users.you')})`}
          </Text>
          {!pending || member.firstname ? (
            <Text size={200} className={styles.email}>
              {member.email}
            </Text>
          ) : null}
          {/* Under the name, not beside it: on a phone a label beside it squeezed the name and spilled out of its pill. */}
          {(member.owner || pending || !can.changeRoles || own) && (
            <span className={styles.labels}>
              {member.owner && (
                <Badge appearance="tint" color="brand" data-testid="owner-label">
                  {t('users.owner')}
                </Badge>
              )}
              {(pending || !can.changeRoles || own) && (
                <Badge appearance="outline" color={pending ? 'warning' : 'informative'} data-testid="role-label">
                  {t(`common:roles.${member.role === 'invite' || member.id === null ? 'invite' : member.role}`)}
                </Badge>
              )}
            </span>
          )}
        </span>
        {busy && <Spinner size="tiny" />}
        {removable && (
          <Tooltip content={pending ? t('users.cancelInvitation', { email: member.email }) : t('users.remove', { name })} relationship="label">
            <Button
              appearance="subtle"
              icon={<DeleteRegular />}
              disabled={busy}
              onClick={() =>
                run(() => (pending || member.id === null ? projects.cancelInvitation(projectId, member.email) : projects.removeUser(projectId, member.id)))
              }
              data-testid={pending ? 'cancel-invitation' : 'remove-member'}
            />
          </Tooltip>
        )}
      </div>
      {controlled && (
        <MemberControls projectId={projectId} can={can} member={member as ProjectUser & { id: number }} own={own} name={name} busy={busy} run={run} />
      )}
    </li>
  );
});

function MemberControls(props: {
  projectId: number;
  can: ProjectPermissions;
  member: ProjectUser & { id: number };
  own: boolean;
  name: string;
  busy: boolean;
  run: (action: () => Promise<void>) => void;
}) {
  const { projects } = useWorkStores();
  const { t } = useTranslation('board');
  const styles = useStyles();
  const { member, projectId } = props;
  return (
    <div className={styles.controls}>
      {!props.own && props.can.changeRoles && (
        <Select
          className={styles.select}
          aria-label={t('users.role', { name: props.name })}
          value={member.role}
          disabled={props.busy}
          onChange={(_event, data) => props.run(() => projects.updateRole(projectId, member.id, data.value as AssignableProjectRole))}
          data-testid="role-select"
        >
          {ASSIGNABLE_PROJECT_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`common:roles.${role}`)}
            </option>
          ))}
        </Select>
      )}
      {props.can.changeMemberSettings && (
        <Switch
          label={t('users.canNegayno')}
          checked={member.canNegayno}
          disabled={props.busy}
          onChange={(_event, data) => props.run(() => projects.updateSettings(projectId, member.id, data.checked))}
          data-testid="negayno-switch"
        />
      )}
    </div>
  );
}

import { Badge, Button, Field, Input, MessageBar, MessageBarBody, Spinner, Text, tokens } from '@negayno/shared/fluent';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@negayno/shared/fluent-panels';
import { PeopleRegular, PersonAddRegular } from '@fluentui/react-icons';
import { LENGTH, STAFF_ROLES, type OpsStaffMember, type StaffRole } from '@negayno/shared/contract';
import { formatDateTime, fullName } from '@negayno/shared/lib';
import { ApiError } from '@negayno/shared/api';
import { messageOfError, messageText, useTranslation } from '@negayno/shared/i18n';
import { useStores } from '@negayno/shared/stores';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { ConfirmDialog, FormDialogActions, ListFrame, SearchBox, useOpsStyles } from '../parts';
import { StaffStore } from './staff-store';

/** Staff: who works here, their load, and creating, deactivating and reactivating them. */
export const StaffSection = observer(function StaffSection(props: { store?: StaffStore }) {
  const { t } = useTranslation('ops');
  const { ui } = useStores();
  const styles = useOpsStyles();
  const [store] = useState(() => props.store ?? new StaffStore());
  const [creating, setCreating] = useState(false);
  const [leaving, setLeaving] = useState<OpsStaffMember | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { list } = store;

  useEffect(() => void list.load(), [list]);

  const reactivate = async (member: OpsStaffMember) => {
    try {
      await store.reactivate(member);
      setNotice(t('staff.reactivated', { name: fullName(member) }));
    } catch (failure) {
      setNotice(messageText(messageOfError(failure)));
    }
  };

  return (
    <section className={styles.section} data-testid="ops-staff">
      <div className={styles.toolbar}>
        <Field label={t('staff.role')}>
          <Select
            value={list.filters.role ?? ''}
            onChange={(_event, data) => void list.setFilters({ role: (data.value || undefined) as StaffRole | undefined })}
            data-testid="staff-role-filter"
          >
            <option value="">{t('staff.anyRole')}</option>
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`role.${role}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('staff.status')}>
          <Select
            value={list.filters.status ?? ''}
            onChange={(_event, data) => void list.setFilters({ status: (data.value || undefined) as 'active' | 'deactivated' | undefined })}
            data-testid="staff-status-filter"
          >
            <option value="">{t('staff.anyStatus')}</option>
            <option value="active">{t('staff.active')}</option>
            <option value="deactivated">{t('staff.deactivated')}</option>
          </Select>
        </Field>
        <SearchBox value={list.filters.q} onSearch={(q) => void list.setFilters({ q: q || undefined })} testId="staff-search" />
        <Button appearance="primary" icon={<PersonAddRegular />} onClick={() => setCreating(true)} data-testid="staff-create">
          {t('staff.create')}
        </Button>
      </div>
      {notice && (
        <MessageBar intent="success" data-testid="staff-notice">
          <MessageBarBody>{notice}</MessageBarBody>
        </MessageBar>
      )}
      <ListFrame list={list} empty={{ title: t('staff.emptyTitle'), text: t('staff.emptyText'), icon: <PeopleRegular /> }} testId="staff">
        <div className={styles.scroll}>
          <Table size="small" aria-label={t('section.staff')} className={styles.table}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('staff.name')}</TableHeaderCell>
                <TableHeaderCell>{t('staff.role')}</TableHeaderCell>
                <TableHeaderCell>{t('staff.load')}</TableHeaderCell>
                <TableHeaderCell>{t('staff.lastSeen')}</TableHeaderCell>
                <TableHeaderCell>{t('staff.status')}</TableHeaderCell>
                <TableHeaderCell>{t('actions')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.items.map((member) => (
                <TableRow key={member.id} data-testid="staff-row">
                  <TableCell>
                    <div className={styles.cellStack}>
                      <Text weight="semibold">
                        {fullName(member)}{' '}
                        {member.operator && (
                          <Badge appearance="tint" color="brand" size="small">
                            {t('staff.operator')}
                          </Badge>
                        )}
                      </Text>
                      <Text size={200} className={styles.muted}>
                        {member.email}
                      </Text>
                    </div>
                  </TableCell>
                  <TableCell>{t(`role.${member.role}`)}</TableCell>
                  <TableCell className={styles.nowrap}>{t('staff.loadValue', { projects: member.load.projects, tasks: member.load.openTasks })}</TableCell>
                  <TableCell className={styles.nowrap}>{member.lastSeen ? formatDateTime(member.lastSeen, ui.language) : t('never')}</TableCell>
                  <TableCell>
                    {member.dateDeactivated === null ? (
                      <Badge appearance="tint" color="success">
                        {t('staff.active')}
                      </Badge>
                    ) : (
                      <Badge appearance="tint" color="subtle">
                        {t('staff.deactivated')}
                      </Badge>
                    )}
                  </TableCell>
                  <TableCell>
                    {member.dateDeactivated === null ? (
                      <Button size="small" onClick={() => setLeaving(member)} data-testid="staff-deactivate">
                        {t('staff.deactivate')}
                      </Button>
                    ) : (
                      <Button size="small" onClick={() => void reactivate(member)} data-testid="staff-reactivate">
                        {t('staff.reactivate')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </ListFrame>
      {creating && (
        <CreateStaffDialog
          store={store}
          onClose={() => setCreating(false)}
          onCreated={(member) => setNotice(t('staff.created', { name: fullName(member), email: member.email }))}
        />
      )}
      {leaving && (
        <DeactivateDialog
          store={store}
          member={leaving}
          onClose={() => setLeaving(null)}
          onDone={(member) => setNotice(t('staff.deactivatedDone', { name: fullName(member) }))}
        />
      )}
    </section>
  );
});

type CreateField = 'role' | 'email' | 'firstname' | 'lastname';

/** A staff account: role, email and names; the person gets a mail with a link to set a password. */
export function CreateStaffDialog(props: { store: StaffStore; onClose: () => void; onCreated: (member: OpsStaffMember) => void }) {
  const { t } = useTranslation('ops');
  const styles = useOpsStyles();
  const [form, setForm] = useState({ role: 'am' as StaffRole, email: '', firstname: '', lastname: '' });
  const [errors, setErrors] = useState<Partial<Record<CreateField | 'form', string>>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const missing: Partial<Record<CreateField, string>> = {};
    for (const field of ['email', 'firstname', 'lastname'] as const) if (!form[field].trim()) missing[field] = messageText({ key: `${field}_is_empty` });
    if (!missing.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim())) missing.email = messageText({ key: 'email_is_invalid' });
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    try {
      const member = await props.store.create({ role: form.role, email: form.email.trim(), firstname: form.firstname.trim(), lastname: form.lastname.trim() });
      props.onCreated(member);
      props.onClose();
    } catch (failure) {
      const fieldErrors: Partial<Record<CreateField | 'form', string>> = {};
      for (const field of ['role', 'email', 'firstname', 'lastname'] as const) {
        if (failure instanceof ApiError && failure.fieldError(field)) fieldErrors[field] = messageText(messageOfError(failure, field));
      }
      if (Object.keys(fieldErrors).length === 0) fieldErrors.form = messageText(messageOfError(failure));
      setErrors(fieldErrors);
    } finally {
      setBusy(false);
    }
  };

  const field = (name: 'email' | 'firstname' | 'lastname', label: string, type: 'text' | 'email' = 'text') => (
    <Field label={label} required validationMessage={errors[name]} validationState={errors[name] ? 'error' : 'none'}>
      <Input
        type={type}
        value={form[name]}
        maxLength={name === 'email' ? LENGTH.email : LENGTH.personName}
        onChange={(_event, data) => setForm({ ...form, [name]: data.value })}
        data-testid={`create-staff-${name}`}
      />
    </Field>
  );

  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && !busy && props.onClose()}>
      <DialogSurface data-testid="create-staff-dialog">
        <form onSubmit={(event) => void submit(event)} noValidate>
          <DialogBody>
            <DialogTitle>{t('staff.createTitle')}</DialogTitle>
            <DialogContent className={styles.dialogForm}>
              <Field label={t('staff.role')} required validationMessage={errors.role} validationState={errors.role ? 'error' : 'none'}>
                <Select value={form.role} onChange={(_event, data) => setForm({ ...form, role: data.value as StaffRole })} data-testid="create-staff-role">
                  {STAFF_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {t(`role.${role}`)}
                    </option>
                  ))}
                </Select>
              </Field>
              {field('email', t('staff.email'), 'email')}
              {field('firstname', t('staff.firstname'))}
              {field('lastname', t('staff.lastname'))}
              {errors.form && (
                <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }} data-testid="create-staff-error">
                  {errors.form}
                </Text>
              )}
            </DialogContent>
            <FormDialogActions busy={busy} onCancel={props.onClose} submitLabel={t('staff.create')} testId="create-staff-submit" />
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

/** Deactivating asks who takes over the leaver's projects: an active colleague of the same role, or the server's pick. */
export function DeactivateDialog(props: { store: StaffStore; member: OpsStaffMember; onClose: () => void; onDone: (member: OpsStaffMember) => void }) {
  const { t } = useTranslation('ops');
  const [successors, setSuccessors] = useState<OpsStaffMember[] | null>(null);
  const [choice, setChoice] = useState('');
  const { member, store } = props;

  useEffect(() => {
    let live = true;
    store.successors(member).then(
      (list) => live && setSuccessors(list),
      () => live && setSuccessors([]),
    );
    return () => {
      live = false;
    };
  }, [store, member]);

  return (
    <ConfirmDialog
      title={t('staff.deactivateTitle', { name: fullName(member) })}
      text={t('staff.deactivateText', { projects: member.load.projects })}
      confirmLabel={t('staff.deactivate')}
      testId="deactivate-dialog"
      onClose={props.onClose}
      onConfirm={async () => {
        const changed = await store.deactivate(member, choice ? Number(choice) : null);
        props.onDone(changed);
      }}
    >
      <Field label={t('staff.successor')}>
        {successors === null ? (
          <Spinner size="tiny" />
        ) : (
          <Select value={choice} onChange={(_event, data) => setChoice(data.value)} data-testid="deactivate-successor">
            <option value="">{t('staff.pickAutomatically')}</option>
            {successors.map((other) => (
              <option key={other.id} value={String(other.id)}>
                {t('projects.candidate', { name: fullName(other), projects: other.load.projects, tasks: other.load.openTasks })}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </ConfirmDialog>
  );
}

import { INVITATION_KINDS } from '@negayno/shared/contract/ops';
import { Badge, Button, Field, Input, MessageBar, MessageBarBody, Text, tokens } from '@negayno/shared/fluent';
import { Checkbox } from '@negayno/shared/fluent-drawers';
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
import { AddRegular, TicketDiagonalRegular } from '@fluentui/react-icons';
import { LENGTH, type InvitationCodeKind, type OpsInvitation } from '@negayno/shared/contract';
import { formatDate, fullName } from '@negayno/shared/lib';
import { messageOfError, messageText, useTranslation } from '@negayno/shared/i18n';
import { useStores } from '@negayno/shared/stores';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { ConfirmDialog, FormDialogActions, CopyButton, ListFrame, SearchBox, useOpsStyles } from '../parts';
import { InvitationsStore } from './invitations-store';

const STATUS_COLOR = { active: 'success', used: 'informative', expired: 'warning', revoked: 'subtle' } as const;

/** Invitation codes: issue (kind, uses, expiry, note), the list with uses and status, copy and revoke. */
export const InvitationsSection = observer(function InvitationsSection(props: { store?: InvitationsStore }) {
  const { t } = useTranslation('ops');
  const { ui } = useStores();
  const styles = useOpsStyles();
  const [store] = useState(() => props.store ?? new InvitationsStore());
  const [issuing, setIssuing] = useState(false);
  const [revoking, setRevoking] = useState<OpsInvitation | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { list } = store;

  useEffect(() => void list.load(), [list]);

  return (
    <section className={styles.section} data-testid="ops-invitations">
      <div className={styles.toolbar}>
        <Field label={t('invitations.kind')}>
          <Select
            value={list.filters.kind ?? ''}
            onChange={(_event, data) => void list.setFilters({ kind: (data.value || undefined) as InvitationCodeKind | undefined })}
            data-testid="invitations-kind-filter"
          >
            <option value="">{t('invitations.anyKind')}</option>
            {INVITATION_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`invitations.kinds.${kind}`)}
              </option>
            ))}
          </Select>
        </Field>
        <SearchBox value={list.filters.q} onSearch={(q) => void list.setFilters({ q: q || undefined })} testId="invitations-search" />
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setIssuing(true)} data-testid="invitation-issue">
          {t('invitations.issue')}
        </Button>
      </div>
      {notice && (
        <MessageBar intent="success" data-testid="invitations-notice">
          <MessageBarBody>{notice}</MessageBarBody>
        </MessageBar>
      )}
      <ListFrame
        list={list}
        empty={{ title: t('invitations.emptyTitle'), text: t('invitations.emptyText'), icon: <TicketDiagonalRegular /> }}
        testId="invitations"
      >
        <div className={styles.scroll}>
          <Table size="small" aria-label={t('section.invitations')} className={styles.wideTable}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('invitations.code')}</TableHeaderCell>
                <TableHeaderCell>{t('invitations.kind')}</TableHeaderCell>
                <TableHeaderCell>{t('invitations.uses')}</TableHeaderCell>
                <TableHeaderCell>{t('invitations.expires')}</TableHeaderCell>
                <TableHeaderCell>{t('invitations.status')}</TableHeaderCell>
                <TableHeaderCell>{t('invitations.note')}</TableHeaderCell>
                <TableHeaderCell>{t('actions')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.items.map((invitation) => (
                <TableRow key={invitation.id} data-testid="invitation-row" data-code={invitation.code}>
                  <TableCell>
                    <span className={styles.nowrap}>
                      <span className={styles.code}>{invitation.code}</span> <CopyButton text={invitation.code} testId="invitation-copy" iconOnly />
                    </span>
                  </TableCell>
                  <TableCell>{t(`invitations.kinds.${invitation.kind}`)}</TableCell>
                  <TableCell className={styles.nowrap}>
                    {invitation.maxUses === null
                      ? t('invitations.usesUnlimited', { used: invitation.useCount })
                      : t('invitations.usesValue', { used: invitation.useCount, max: invitation.maxUses })}
                  </TableCell>
                  <TableCell className={styles.nowrap}>
                    {invitation.dateExpires ? formatDate(invitation.dateExpires, ui.language) : t('invitations.noExpiry')}
                  </TableCell>
                  <TableCell>
                    <Badge appearance="tint" color={STATUS_COLOR[invitation.status]} data-testid="invitation-status">
                      {t(`invitations.statuses.${invitation.status}`)}
                    </Badge>
                  </TableCell>
                  <TableCell>
                    <div className={styles.cellStack}>
                      <Text size={200}>{invitation.note ?? t('none')}</Text>
                      {invitation.issuer && (
                        <Text size={200} className={styles.muted}>
                          {t('invitations.issuer')}: {fullName(invitation.issuer)}
                        </Text>
                      )}
                    </div>
                  </TableCell>
                  <TableCell>
                    {invitation.status === 'active' && (
                      <Button size="small" onClick={() => setRevoking(invitation)} data-testid="invitation-revoke">
                        {t('invitations.revoke')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </ListFrame>
      {issuing && <IssueInvitationDialog store={store} onClose={() => setIssuing(false)} onIssued={(code) => setNotice(t('invitations.issued', { code }))} />}
      {revoking && (
        <ConfirmDialog
          title={t('invitations.revokeTitle', { code: revoking.code })}
          text={t('invitations.revokeText')}
          confirmLabel={t('invitations.revoke')}
          testId="revoke-dialog"
          onClose={() => setRevoking(null)}
          onConfirm={async () => {
            const revoked = await store.revoke(revoking);
            setNotice(t('invitations.revoked', { code: revoked.code }));
          }}
        />
      )}
    </section>
  );
});

/** Kind, uses (or unlimited), expiry in days (or never), a note. */
export function IssueInvitationDialog(props: { store: InvitationsStore; onClose: () => void; onIssued: (code: string) => void }) {
  const { t } = useTranslation('ops');
  const styles = useOpsStyles();
  const [kind, setKind] = useState<InvitationCodeKind>('client');
  const [uses, setUses] = useState('1');
  const [unlimited, setUnlimited] = useState(false);
  const [days, setDays] = useState('30');
  const [noExpiry, setNoExpiry] = useState(false);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ maxUses?: string; expiresInDays?: string; note?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const whole = (text: string, max: number) => (/^\d+$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= max ? Number(text) : null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const maxUses = unlimited ? null : whole(uses, 100_000);
    const expiresInDays = noExpiry ? null : whole(days, 3650);
    const invalid = messageText({ key: 'invalid_value' });
    const found = { maxUses: !unlimited && maxUses === null ? invalid : undefined, expiresInDays: !noExpiry && expiresInDays === null ? invalid : undefined };
    setErrors(found);
    if (found.maxUses || found.expiresInDays) return;
    setBusy(true);
    try {
      const invitation = await props.store.issue({ kind, maxUses, expiresInDays, note: note.trim() });
      props.onIssued(invitation.code);
      props.onClose();
    } catch (failure) {
      setErrors({ form: messageText(messageOfError(failure)) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && !busy && props.onClose()}>
      <DialogSurface data-testid="issue-invitation-dialog">
        <form onSubmit={(event) => void submit(event)} noValidate>
          <DialogBody>
            <DialogTitle>{t('invitations.issueTitle')}</DialogTitle>
            <DialogContent className={styles.dialogForm}>
              <Field label={t('invitations.kind')} required>
                <Select value={kind} onChange={(_event, data) => setKind(data.value as InvitationCodeKind)} data-testid="issue-kind">
                  {INVITATION_KINDS.map((one) => (
                    <option key={one} value={one}>
                      {t(`invitations.kinds.${one}`)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t('invitations.maxUses')} validationMessage={errors.maxUses} validationState={errors.maxUses ? 'error' : 'none'}>
                <Input type="number" min={1} value={uses} disabled={unlimited} onChange={(_event, data) => setUses(data.value)} data-testid="issue-uses" />
              </Field>
              <Checkbox
                label={t('invitations.unlimited')}
                checked={unlimited}
                onChange={(_event, data) => setUnlimited(Boolean(data.checked))}
                data-testid="issue-unlimited"
              />
              <Field label={t('invitations.expiresInDays')} validationMessage={errors.expiresInDays} validationState={errors.expiresInDays ? 'error' : 'none'}>
                <Input type="number" min={1} value={days} disabled={noExpiry} onChange={(_event, data) => setDays(data.value)} data-testid="issue-days" />
              </Field>
              <Checkbox
                label={t('invitations.noExpiry')}
                checked={noExpiry}
                onChange={(_event, data) => setNoExpiry(Boolean(data.checked))}
                data-testid="issue-no-expiry"
              />
              <Field label={t('invitations.note')}>
                <Input value={note} maxLength={LENGTH.name} onChange={(_event, data) => setNote(data.value)} data-testid="issue-note" />
              </Field>
              {errors.form && (
                <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }} data-testid="issue-error">
                  {errors.form}
                </Text>
              )}
            </DialogContent>
            <FormDialogActions busy={busy} onCancel={props.onClose} submitLabel={t('invitations.issue')} testId="issue-submit" />
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

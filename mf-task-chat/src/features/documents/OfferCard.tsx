/**
 * The offer card (spec 2 "Task view"): name, description, numbered work items, the urgency choice with
 * each price and deadline, and the client administrator's accept / reject / request update, under a
 * loading overlay while an answer is on its way. An expired offer looks disabled. The version history
 * compares two versions.
 */
import type { DocumentActionBody, DocumentActionName, TaskDocument } from '@negayno/shared/contract';
import { Badge, Button, Field, MessageBar, MessageBarBody, Spinner, Text, makeStyles, mergeClasses, tokens } from '@negayno/shared/fluent';
import { Card, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Radio, RadioGroup } from '@negayno/shared/fluent-panels';
import { CardHeader, Textarea } from '@negayno/shared/fluent-drawers';
import { currentLanguage, messageOfError, messageText, useTranslation } from '@negayno/shared/i18n';
import { formatDateTime, formatMoney, fullName } from '@negayno/shared/lib';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { type TaskWorkflowStore } from '@negayno/shared/work-stores';
import { diffOffers } from './offer-diff';

const useStyles = makeStyles({
  card: { position: 'relative' },
  disabled: { opacity: 0.55 },
  overlay: {
    position: 'absolute',
    inset: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: tokens.colorNeutralBackgroundAlpha2,
    zIndex: 1,
  },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  text: { wordBreak: 'break-word' },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  rejection: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
});

function priceText(price: number | null, document: TaskDocument, language: 'uk' | 'en'): string {
  return price === null ? '' : ` · ${formatMoney(price, document.currency, language)}`;
}

export const OfferCard = observer(function OfferCard(props: { document: TaskDocument; store: TaskWorkflowStore }) {
  const { t } = useTranslation('workflow');
  const styles = useStyles();
  const language = currentLanguage();
  const { document, store } = props;
  const [urgency, setUrgency] = useState<string>(String(document.urgencies[0]?.urgency ?? ''));
  const [asking, setAsking] = useState<'reject' | 'update' | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [history, setHistory] = useState<TaskDocument[] | null>(null);
  const busy = store.pending?.startsWith('document-') ?? false;

  async function answer<Name extends DocumentActionName>(name: Name, body: DocumentActionBody<Name>) {
    setError(null);
    const result = await store.answer(document.id, name, body);
    if (result.ok) setAsking(null);
    else setError(result.error);
  }

  return (
    <Card className={mergeClasses(styles.card, document.expired && styles.disabled)} data-testid="offer-card" aria-busy={busy}>
      {busy && (
        <div className={styles.overlay}>
          <Spinner size="medium" />
        </div>
      )}
      <CardHeader
        header={
          <Text weight="semibold">
            {t('offer.title')}: {document.name}
          </Text>
        }
        description={
          <span className={styles.badges}>
            <Badge appearance="outline">{t('offer.version', { version: document.version })}</Badge>
            {document.rejection && (
              <Badge appearance="filled" color="danger" data-testid="offer-rejected">
                {t('offer.rejected')}
              </Badge>
            )}
          </span>
        }
      />
      {document.rejection && <Rejection rejection={document.rejection} />}
      {document.expired && <Text data-testid="offer-expired">{t('offer.expired')}</Text>}
      {document.description && <Text className={styles.text}>{document.description}</Text>}
      <Text weight="semibold">{t('offer.workItems')}</Text>
      <ol className={styles.list} data-testid="offer-work-list">
        {document.workList.map((item, index) => (
          <li key={index} className={styles.text}>
            {item}
          </li>
        ))}
      </ol>
      <Field label={t('offer.chooseUrgency')}>
        <RadioGroup value={urgency} onChange={(_e, data) => setUrgency(data.value)} disabled={!document.can.accept} data-testid="offer-urgencies">
          {document.urgencies.map((u) => (
            <Radio
              key={u.urgency}
              value={String(u.urgency)}
              label={`${t(`urgency.${u.urgency}`)}${priceText(u.price, document, language)} · ${t('offer.deadlineOn', { date: formatDateTime(u.dateDeadline, language) })}`}
            />
          ))}
        </RadioGroup>
      </Field>
      {error !== null && (
        <MessageBar intent="error" data-testid="offer-error">
          <MessageBarBody>{messageText(messageOfError(error))}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.actions}>
        {document.can.accept && (
          <Button appearance="primary" disabled={busy} onClick={() => void answer('accept', { urgency: Number(urgency) })} data-testid="offer-accept">
            {t('offer.accept')}
          </Button>
        )}
        {document.can.reject && (
          <Button disabled={busy} onClick={() => setAsking('reject')} data-testid="offer-reject">
            {t('offer.reject')}
          </Button>
        )}
        {document.can.update && (
          <Button disabled={busy} onClick={() => setAsking('update')} data-testid="offer-update">
            {t('offer.update')}
          </Button>
        )}
        <Button appearance="subtle" onClick={() => void store.versions(document.id).then(setHistory)} data-testid="offer-versions">
          {t('offer.versions')}
        </Button>
      </div>
      {asking && (
        <Dialog open onOpenChange={(_e, data) => !data.open && setAsking(null)}>
          <DialogSurface aria-describedby={undefined}>
            <DialogBody>
              <DialogTitle>{t(`offer.${asking}`)}</DialogTitle>
              <DialogContent>
                <Field label={t('field.message')} required>
                  <Textarea value={reason} onChange={(_e, data) => setReason(data.value)} data-testid="offer-reason" />
                </Field>
                {error !== null && <Text>{messageText(messageOfError(error))}</Text>}
              </DialogContent>
              <DialogActions>
                <Button onClick={() => setAsking(null)}>{t('cancel')}</Button>
                <Button appearance="primary" disabled={busy} onClick={() => void answer(asking, { message: reason })} data-testid="offer-reason-send">
                  {t('send')}
                </Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      )}
      {history && <VersionHistory versions={history} onClose={() => setHistory(null)} />}
    </Card>
  );
});

/** Who rejected the offer, when, and the client's reason (issue 33). */
function Rejection(props: { rejection: NonNullable<TaskDocument['rejection']> }) {
  const { t } = useTranslation('workflow');
  const styles = useStyles();
  const language = currentLanguage();
  const { rejection } = props;
  const date = formatDateTime(rejection.date, language);
  return (
    <MessageBar intent="warning" layout="multiline" data-testid="offer-rejection">
      <MessageBarBody className={styles.rejection}>
        <Text weight="semibold">{rejection.by ? t('offer.rejectedBy', { name: fullName(rejection.by), date }) : date}</Text>
        <Text className={styles.text} data-testid="offer-rejection-reason">
          {t('offer.rejectReason', { reason: rejection.reason })}
        </Text>
      </MessageBarBody>
    </MessageBar>
  );
}

function VersionHistory(props: { versions: TaskDocument[]; onClose: () => void }) {
  const { t } = useTranslation('workflow');
  const language = currentLanguage();
  const pairs = props.versions.slice(1).map((version, index) => [props.versions[index]!, version] as const);
  const money = (document: TaskDocument, price: number | null) => (price === null ? '—' : formatMoney(price, document.currency, language));
  return (
    <Dialog open onOpenChange={(_e, data) => !data.open && props.onClose()}>
      <DialogSurface aria-describedby={undefined} data-testid="offer-history">
        <DialogBody>
          <DialogTitle>{t('offer.versions')}</DialogTitle>
          <DialogContent>
            {props.versions.map((version) => (
              <Text as="p" block key={version.id}>
                {t('offer.version', { version: version.version })}: {version.name}
                {version.rejection && ` · ${t('offer.rejected')}: ${version.rejection.reason}`}
              </Text>
            ))}
            {pairs.map(([from, to]) => {
              const diff = diffOffers(from, to);
              return (
                <section key={to.id} data-testid={`offer-diff-${from.version}-${to.version}`}>
                  <Text weight="semibold" as="h3" block>
                    {t('offer.compare', { from: from.version, to: to.version })}
                  </Text>
                  {diff.added.map((item) => (
                    <Text as="p" block key={`+${item}`}>
                      + {t('offer.added')}: {item}
                    </Text>
                  ))}
                  {diff.removed.map((item) => (
                    <Text as="p" block key={`-${item}`}>
                      − {t('offer.removed')}: {item}
                    </Text>
                  ))}
                  {diff.changes.map((change) => (
                    <Text as="p" block key={change.urgency}>
                      {t('offer.priceChanged', { urgency: t(`urgency.${change.urgency}`), from: money(from, change.price[0]), to: money(to, change.price[1]) })}
                      {change.deadline[0] !== change.deadline[1] &&
                        ` · ${change.deadline[0] ? formatDateTime(change.deadline[0], language) : '—'} → ${change.deadline[1] ? formatDateTime(change.deadline[1], language) : '—'}`}
                    </Text>
                  ))}
                  {diff.added.length + diff.removed.length + diff.changes.length === 0 && <Text as="p">{t('offer.noChanges')}</Text>}
                </section>
              );
            })}
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onClose}>{t('cancel')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

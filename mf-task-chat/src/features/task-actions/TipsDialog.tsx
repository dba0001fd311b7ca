/**
 * The tips offer that follows a rating (decisions 5): the client may thank one of the task's performers
 * with an amount from their own wallet, or skip it. The server checks who may tip whom and how much.
 */
import { ApiError, newIdempotencyKey } from '@negayno/shared/api';
import type { Currency, DocumentPerformer } from '@negayno/shared/contract';
import { Button, Field, Input, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@negayno/shared/fluent';
import { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Radio, RadioGroup } from '@negayno/shared/fluent-panels';
import { messageOfError, messageText, useTranslation } from '@negayno/shared/i18n';
import { amountOf, currencySign } from '@negayno/shared/lib';
import { observer } from 'mobx-react-lite';
import { useRef, useState, type FormEvent } from 'react';
import { type TaskWorkflowStore } from '@negayno/shared/work-stores';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  amount: { maxWidth: '240px' },
});

const nameOf = (performer: DocumentPerformer) => `${performer.firstname} ${performer.lastname}`;

export const TipsDialog = observer(function TipsDialog(props: {
  performers: DocumentPerformer[];
  currency: Currency;
  store: TaskWorkflowStore;
  onClose: () => void;
}) {
  const { t } = useTranslation('workflow');
  const styles = useStyles();
  const [performerId, setPerformerId] = useState(props.performers[0]?.id ?? 0);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<unknown>(null);
  // The same key while the person retries this tip: a lost answer never pays it twice.
  const key = useRef(newIdempotencyKey());
  const busy = props.store.pending === 'tips';
  const amountError = error instanceof ApiError && error.code.startsWith('amount_') ? messageText(messageOfError(error)) : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const result = await props.store.tip(performerId, amountOf(amount), key.current);
    if (result.ok) props.onClose();
    else setError(result.error);
  }

  return (
    <Dialog open modalType="modal" onOpenChange={(_event, data) => !data.open && !busy && props.onClose()}>
      <DialogSurface data-testid="tips-dialog">
        <form onSubmit={(event) => void submit(event)} noValidate>
          <DialogBody>
            <DialogTitle>{t('tips.title')}</DialogTitle>
            <DialogContent className={styles.form}>
              <span>{t('tips.text')}</span>
              {error !== null && !amountError && (
                <MessageBar intent="error" data-testid="tips-error">
                  <MessageBarBody>{messageText(messageOfError(error))}</MessageBarBody>
                </MessageBar>
              )}
              {props.performers.length > 1 ? (
                <Field label={t('tips.performer')}>
                  <RadioGroup value={String(performerId)} onChange={(_event, data) => setPerformerId(Number(data.value))}>
                    {props.performers.map((performer) => (
                      <Radio key={performer.id} value={String(performer.id)} label={nameOf(performer)} />
                    ))}
                  </RadioGroup>
                </Field>
              ) : (
                props.performers[0] && <strong>{nameOf(props.performers[0])}</strong>
              )}
              <Field label={t('tips.amount')} required validationMessage={amountError} validationState={amountError ? 'error' : 'none'}>
                <Input
                  className={styles.amount}
                  inputMode="numeric"
                  value={amount}
                  onChange={(_event, data) => setAmount(data.value)}
                  contentAfter={currencySign(props.currency)}
                  data-testid="tips-amount"
                />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={props.onClose} disabled={busy} data-testid="tips-skip">
                {t('tips.skip')}
              </Button>
              <Button appearance="primary" type="submit" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined} data-testid="tips-submit">
                {t('tips.send')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
});

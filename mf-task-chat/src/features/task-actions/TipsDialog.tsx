/**
 * Tips (decisions 5): the client may thank one of the task's performers with an amount from their own
 * wallet, or skip it. It follows a rating and opens from the drawer's Tips button on every task whose
 * work the client accepted (issue 33). It shows the wallet's balance, and its top-up link opens the
 * wallet drawer; the way back (closing the wallet, or the return from the card checkout to the task)
 * opens this dialog again (TaskLifeCycle, STORAGE_KEYS.tipsReturn). The server checks who may tip whom and how much.
 */
import { ApiError, call, newIdempotencyKey } from '@negayno/shared/api';
import { endpoints, type Currency, type DocumentPerformer, type WalletAnswer } from '@negayno/shared/contract';
import { Button, Field, Input, Link, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Radio, RadioGroup } from '@negayno/shared/fluent-panels';
import { currentLanguage, messageOfError, messageText, useTranslation } from '@negayno/shared/i18n';
import { STORAGE_KEYS, amountOf, currencySign, formatMoney, writeStorage } from '@negayno/shared/lib';
import { useStores } from '@negayno/shared/stores';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { type TaskWorkflowStore } from '@negayno/shared/work-stores';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  amount: { maxWidth: '240px' },
  wallet: { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXS },
});

/** The task page a top-up started here comes back to. */
export function tipsReturnPath(taskId: number): string {
  return `/task/${taskId}`;
}

const nameOf = (performer: DocumentPerformer) => `${performer.firstname} ${performer.lastname}`;

export const TipsDialog = observer(function TipsDialog(props: {
  taskId: number;
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
  const { ui } = useStores();
  const language = currentLanguage();
  const [wallet, setWallet] = useState<WalletAnswer | null>(null);
  useEffect(() => {
    let current = true;
    call(endpoints.money.balance, {}, { quiet: true }).then(
      (answer) => current && setWallet(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);

  function topUp() {
    // The wallet drawer takes the screen; this dialog opens again on the way back.
    writeStorage(STORAGE_KEYS.tipsReturn, String(props.taskId), globalThis.sessionStorage);
    props.onClose();
    ui.openWallet({ kind: 'user', returnTo: tipsReturnPath(props.taskId) });
  }

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
              <div className={styles.wallet} data-testid="tips-wallet">
                {wallet ? (
                  <Text weight="semibold" data-testid="tips-balance">
                    {t('tips.balance', { amount: formatMoney(wallet.balance, wallet.currency, language) })}
                  </Text>
                ) : (
                  <Spinner size="extra-tiny" label={t('common:loading')} />
                )}
                {wallet?.can.topUp && (
                  <Link as="button" type="button" onClick={topUp} data-testid="tips-top-up">
                    {t('tips.topUp')}
                  </Link>
                )}
              </div>
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

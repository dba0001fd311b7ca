import { Button, Field, Input, Spinner, makeStyles, tokens } from '@negayno/shared/fluent';
import { newIdempotencyKey } from '@negayno/shared/api';
import { messageOfError, messageText } from '@negayno/shared/i18n';
import { amountOf } from '@negayno/shared/lib';
import { useEffect, useRef, useState, type FormEvent } from 'react';

const CALCULATE_DELAY_MS = 400;

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start', flexWrap: 'wrap' },
  field: { flex: '1 1 160px', minWidth: 0 },
  // Fluent's Input keeps a min-width of its own; without this it runs under the button on a phone.
  input: { minWidth: 0 },
  button: { marginTop: '26px' },
});

export interface AmountFormProps {
  label: string;
  submitLabel: string;
  /** Asked (debounced) on every change: answers the hint under the field. */
  hintOf?: (amount: number | string) => Promise<string>;
  /** The move itself; the key stays the same while the amount does, so a retry moves nothing twice. */
  onSubmit: (amount: number | string, idempotencyKey: string) => Promise<void>;
  testId: string;
  /** The currency's sign after the field (грн, $). */
  unit: string;
}

/** An amount in whole units with a server-checked hint and one submit; each failure shown at the field. */
export function AmountForm(props: AmountFormProps) {
  const styles = useStyles();
  const [text, setText] = useState('');
  const [hint, setHint] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const key = useRef(newIdempotencyKey());
  const { hintOf } = props;

  useEffect(() => {
    key.current = newIdempotencyKey();
    if (!hintOf || text.trim() === '') {
      setHint('');
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      hintOf(amountOf(text)).then(
        (value) => {
          if (!current) return;
          setHint(value);
          setError('');
        },
        (failure: unknown) => {
          if (!current) return;
          setHint('');
          setError(messageText(messageOfError(failure, 'amount')));
        },
      );
    }, CALCULATE_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, hintOf]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return setError(messageText({ key: 'amount_is_empty' }));
    setBusy(true);
    setError('');
    try {
      await props.onSubmit(amountOf(text), key.current);
      setText('');
    } catch (failure) {
      setError(messageText(messageOfError(failure, 'amount')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate data-testid={props.testId}>
      <div className={styles.row}>
        <Field
          className={styles.field}
          label={props.label}
          validationMessage={error || undefined}
          validationState={error ? 'error' : 'none'}
          hint={error ? undefined : hint || undefined}
        >
          <Input
            className={styles.input}
            inputMode="numeric"
            value={text}
            onChange={(_event, data) => setText(data.value)}
            contentAfter={props.unit}
            data-testid="amount-input"
          />
        </Field>
        <Button
          className={styles.button}
          appearance="primary"
          type="submit"
          disabled={busy}
          icon={busy ? <Spinner size="tiny" /> : undefined}
          data-testid="amount-submit"
        >
          {props.submitLabel}
        </Button>
      </div>
    </form>
  );
}

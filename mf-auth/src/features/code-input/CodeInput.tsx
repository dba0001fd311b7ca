import { Input, Label, Text, makeStyles, tokens } from '@negayno/shared/fluent';
import { DiamondDismiss12Filled } from '@fluentui/react-icons';
import { CONFIRMATION_CODE_LENGTH } from '@negayno/shared/contract';
import { useId, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '@negayno/shared/i18n';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  boxes: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'space-between' },
  box: { minWidth: 0, width: '48px', height: '56px', flexShrink: 1 },
  digit: { textAlign: 'center', fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, padding: 0, fontVariantNumeric: 'tabular-nums' },
  // Worded and drawn like a Fluent Field's validation message, so every error of the flow looks alike.
  error: { color: tokens.colorPaletteRedForeground1, paddingLeft: `calc(12px + ${tokens.spacingHorizontalXS})` },
  errorIcon: {
    display: 'inline-block',
    fontSize: '12px',
    lineHeight: 0,
    verticalAlign: '-1px',
    marginLeft: `calc(-12px - ${tokens.spacingHorizontalXS})`,
    marginRight: tokens.spacingHorizontalXS,
  },
});

export interface CodeInputProps {
  /** The digits typed so far; a space stands for an empty box. */
  value: string;
  onChange(value: string): void;
  label: string;
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  length?: number;
  testId?: string;
}

/**
 * The confirmation code (spec 5): one digit per box, digits only; typing moves on, Backspace moves
 * back, the arrows move between boxes, and pasting (or the browser's one-time-code autofill) a whole
 * code fills every box. Enter submits the surrounding form.
 */
export function CodeInput({ value, onChange, label, error, disabled, autoFocus, length = CONFIRMATION_CODE_LENGTH, testId }: CodeInputProps) {
  const styles = useStyles();
  const { t } = useTranslation('auth');
  const id = useId();
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const digits = Array.from({ length }, (_, index) => (/\d/.test(value[index] ?? '') ? value[index]! : ''));

  const focus = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  /** Writes digits from a box on; answers the index after the last one written. */
  const write = (from: number, typed: string): number => {
    const incoming = typed
      .replace(/\D/g, '')
      .slice(0, length - from)
      .split('');
    if (incoming.length === 0) return from;
    const next = [...digits];
    incoming.forEach((digit, offset) => {
      next[from + offset] = digit;
    });
    onChange(
      next
        .map((digit) => digit || ' ')
        .join('')
        .trimEnd(),
    );
    return from + incoming.length;
  };

  const clear = (index: number) => {
    const next = [...digits];
    next[index] = '';
    onChange(
      next
        .map((digit) => digit || ' ')
        .join('')
        .trimEnd(),
    );
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      if (digits[index]) clear(index);
      else if (index > 0) {
        clear(index - 1);
        focus(index - 1);
      }
    } else if (event.key === 'Delete') {
      event.preventDefault();
      clear(index);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focus(index + 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = event.clipboardData.getData('text').replace(/\D/g, '');
    // A whole code fills every box whichever box it lands in.
    const end = write(pasted.length >= length ? 0 : index, pasted);
    focus(end);
  };

  return (
    <div className={styles.root}>
      <Label id={`${id}-label`} required disabled={disabled}>
        {label}
      </Label>
      <div role="group" aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-error` : undefined} className={styles.boxes} data-testid={testId}>
        {digits.map((digit, index) => (
          <Input
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            className={styles.box}
            input={{ className: styles.digit }}
            value={digit}
            disabled={disabled}
            autoFocus={autoFocus && index === 0}
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={t('register.code.digit', { index: index + 1, total: length })}
            aria-invalid={error ? true : undefined}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={(event) => onPaste(index, event)}
            onFocus={(event) => event.target.select()}
            onChange={(_event, data) => {
              const typed = data.value.replace(digit, '') || data.value;
              focus(write(index, typed));
            }}
            data-testid={testId ? `${testId}-${index}` : undefined}
          />
        ))}
      </div>
      {error && (
        <Text id={`${id}-error`} role="alert" size={200} className={styles.error}>
          <DiamondDismiss12Filled className={styles.errorIcon} />
          {error}
        </Text>
      )}
    </div>
  );
}

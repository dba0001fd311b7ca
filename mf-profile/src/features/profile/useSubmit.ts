import { ApiError } from '@negayno/shared/api';
import { messageOfError, messageText } from '@negayno/shared/i18n';
import { useCallback, useState } from 'react';

export interface Submit {
  busy: boolean;
  /** True after the last submit succeeded, until the next one starts. */
  done: boolean;
  /** The text of a field's error from the last refusal; the form's own error under `undefined`. */
  errorOf(field?: string): string | undefined;
  run(work: () => Promise<unknown>): Promise<boolean>;
}

/**
 * One form's submit: busy while the call runs, the refusal's texts per field (the catalogue's words,
 * through messageOfError), and whether it went through. `fields` are the ones the form shows; a refusal
 * naming none of them is the form's own error.
 */
export function useSubmit(fields: readonly string[]): Submit {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const run = useCallback(async (work: () => Promise<unknown>) => {
    setBusy(true);
    setDone(false);
    setFailure(null);
    try {
      await work();
      setDone(true);
      return true;
    } catch (error) {
      setFailure(error);
      return false;
    } finally {
      setBusy(false);
    }
  }, []);

  const errorOf = (field?: string) => {
    if (!failure) return undefined;
    const named = failure instanceof ApiError && fields.some((name) => failure.fieldError(name));
    if (field === undefined) return named ? undefined : messageText(messageOfError(failure));
    return failure instanceof ApiError && failure.fieldError(field) ? messageText(messageOfError(failure, field)) : undefined;
  };

  return { busy, done, errorOf, run };
}

/** A message for a field or the form: an i18n key (`auth:validation.required`, `errors:code_is_incorrect`). */
export interface FormError {
  key: string;
  values?: Record<string, unknown>;
  /** The server's own text, shown if the key has no translation. */
  fallback?: string;
}

/** The API envelope (decisions section 1). */
export interface FieldError {
  code: string;
  message: string;
}

export interface OkEnvelope<T> {
  status: 'ok';
  data: T;
}

export interface ErrorEnvelope {
  status: 'error';
  code: string;
  message: string;
  details?: Record<string, FieldError>;
  /**
   * Where a refusal left things, when the caller needs that to go on: a step machine that moved back
   * answers its new position (a StepAnswer), e.g. fresh nicknames after the chosen one was taken.
   */
  data?: unknown;
}

export type Envelope<T> = OkEnvelope<T> | ErrorEnvelope;

/** A page of a list; the next page is asked with `/{backFrom}` = the last item's number or id. */
export interface Paged<T> {
  list: T[];
  hasMore: boolean;
}

/**
 * The fetch client of spec section 7: cookies, JSON, a 120 s timeout, the envelope, named-request
 * de-duplication, and one place where failures are reported (bus `api:failure` and the log beacon).
 */
import {
  API_ROOT,
  API_TIMEOUT_MS,
  pathFor,
  type AnswerOf,
  type AnyEndpoint,
  type CallInput,
  type ErrorEnvelope,
  type Envelope,
  type FieldError,
  type FileBytes,
  type HttpMethod,
  type UploadEndpoint,
  type UploadInput,
} from '@negayno/shared/contract';
import { bus } from '@negayno/shared/bus';
import { ORIGIN_HEADER, TAB_ORIGIN } from './echo.js';
import { sendLog } from './log.js';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, FieldError> = {},
    /** The envelope's `data`: where the refusal left things (see ErrorEnvelope). */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The error of one form field, if the server named one. */
  fieldError(field: string): FieldError | undefined {
    return this.details[field];
  }
}

export interface RequestOptions {
  body?: unknown;
  /** A name for de-duplication: while a request of this name is in flight, callers share it. */
  name?: string;
  /** The caller shows the failure itself: no alert (maintenance mode and sign-out still apply). */
  quiet?: boolean;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key` on the calls that move money: a retry with the same key moves nothing twice. */
  idempotencyKey?: string;
  /**
   * Statuses that are an ordinary answer of this call rather than a failure (a visitor without a
   * session reading the profile: 401): still thrown, but not sent to the server log.
   */
  expected?: readonly number[];
  /**
   * The caller applies the whole answer (a life-cycle step's TaskStep): the call names this tab, so the
   * task events it causes come back marked as this tab's own and its listeners skip them (echo.ts).
   */
  appliesAnswer?: boolean;
}

let languageOf: () => string = () => 'uk';
/** Empty in the browser (same origin); a loopback origin in Node tests. */
let origin = '';

/** The i18n module tells the client the current language for Accept-Language. */
export function setLanguageProvider(provider: () => string): void {
  languageOf = provider;
}

export function setApiOrigin(value: string): void {
  origin = value;
}

const inFlight = new Map<string, Promise<unknown>>();

export function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  const key = options.name;
  if (key) {
    const running = inFlight.get(key);
    if (running) return running as Promise<T>;
  }
  const promise = send<T>(method, path, options);
  if (key) {
    inFlight.set(key, promise);
    const forget = () => inFlight.delete(key);
    promise.then(forget, forget);
  }
  return promise;
}

async function send<T>(method: HttpMethod, path: string, options: RequestOptions): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), API_TIMEOUT_MS);
  const abortFromCaller = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', abortFromCaller, { once: true });

  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': languageOf() };
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  if (options.appliesAnswer) headers[ORIGIN_HEADER] = TAB_ORIGIN;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(`${origin}${API_ROOT}${path}`, { method, headers, body, credentials: 'same-origin', signal: controller.signal });
  } catch (cause) {
    // Network failure or timeout: status 0; the host shows the offline state.
    const error = new ApiError(0, 'offline', cause instanceof Error ? cause.message : 'network error');
    report(error, path, options);
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortFromCaller);
  }

  const envelope = await readEnvelope<T>(response);
  if (envelope.status === 'ok' && response.ok) return envelope.data;
  const failure = envelope.status === 'error' ? envelope : fallbackEnvelope(response.status);
  const error = new ApiError(response.status, failure.code, failure.message, failure.details, failure.data);
  report(error, path, options);
  throw error;
}

async function readEnvelope<T>(response: Response): Promise<Envelope<T> | ErrorEnvelope> {
  try {
    return (await response.json()) as Envelope<T>;
  } catch {
    // A proxy's HTML error page or an empty body: classify by the HTTP status alone.
    return fallbackEnvelope(response.status);
  }
}

function fallbackEnvelope(status: number): ErrorEnvelope {
  const code = status === 502 || status === 503 ? 'maintenance_mode' : status === 401 ? 'request_denied' : status === 403 ? 'access_denied' : 'server_error';
  return { status: 'error', code, message: code };
}

function report(error: ApiError, path: string, options: RequestOptions): void {
  const requestName = options.name ?? path;
  bus.emit('api:failure', { status: error.status, code: error.code, message: error.message, request: requestName, quiet: Boolean(options.quiet) });
  // Every failed answer goes to the server log, except the log call itself, plain network loss and an
  // answer the caller expects.
  if (error.status !== 0 && !path.startsWith('/log/') && !options.expected?.includes(error.status))
    sendLog(`api_${error.code}`, `${error.status} ${requestName}`);
}

/**
 * One call of the endpoint table: the path is built from the entry's pattern and the params, the
 * query from the defined values in the order given, and the answer has the entry's answer type.
 * `call(endpoints.projects.rename, { params: { id }, body: { name } }, { name: `rename-project-${id}` })`.
 */
export function call<E extends AnyEndpoint>(endpoint: E, ...[input, options]: CallArgs<E>): Promise<AnswerOf<E>> {
  const given = (input ?? {}) as { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown };
  const path = `${pathFor(endpoint.path, given.params)}${queryOf(given.query)}`;
  return request<AnswerOf<E>>(endpoint.method, path, { ...options, body: given.body });
}

/**
 * An entry without params or body may be called with options alone; otherwise its input comes first.
 * An upload (`upload`) or a download (`fileUrl`) cannot be `call`ed: its arguments are `never`.
 */
type CallArgs<E> = E extends { readonly upload: object } | { readonly '~answer'?: () => FileBytes }
  ? never
  : object extends CallInput<E>
    ? [input?: CallInput<E>, options?: CallOptions]
    : [input: CallInput<E>, options?: CallOptions];

export type CallOptions = Omit<RequestOptions, 'body'>;

function queryOf(query: Record<string, unknown> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) params.set(key, String(value));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/**
 * An upload of the endpoint table (multipart: the text `fields`, then the one `file`), the one way a
 * task file, a chat file and an avatar travel. Answers like `call`: the envelope's data, or an
 * ApiError reported quietly (the caller shows the failure beside the file). With `onProgress` it goes
 * by XMLHttpRequest, as fetch reports no upload progress.
 * `upload(endpoints.files.upload, { params: { id }, file }, { onProgress })`.
 */
export function upload<E extends UploadEndpoint>(endpoint: E, input: UploadInput<E>, options: UploadOptions = {}): Promise<AnswerOf<E>> {
  const given = input as { params?: Record<string, string | number>; fields?: Record<string, unknown>; file?: File | null };
  const path = pathFor(endpoint.path, given.params);
  const form = new FormData();
  for (const [name, value] of Object.entries(given.fields ?? {})) if (value !== undefined && value !== null && value !== '') form.append(name, String(value));
  if (given.file) form.append('file', given.file, given.file.name);
  const { onProgress, ...requestOptions } = options;
  if (!onProgress) return request<AnswerOf<E>>('POST', path, { ...requestOptions, quiet: true, body: form });
  return withProgress<AnswerOf<E>>(path, form, onProgress, requestOptions);
}

function withProgress<T>(path: string, form: FormData, onProgress: (fraction: number) => void, options: CallOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${origin}${API_ROOT}${path}`);
    xhr.timeout = API_TIMEOUT_MS;
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', languageOf());
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    const fail = (error: ApiError) => {
      report(error, path, { ...options, quiet: true });
      reject(error);
    };
    xhr.onerror = () => fail(new ApiError(0, 'offline', 'network error'));
    xhr.ontimeout = () => fail(new ApiError(0, 'offline', 'timeout'));
    xhr.onload = () => {
      let envelope: Envelope<T> | ErrorEnvelope;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope<T>;
      } catch {
        envelope = fallbackEnvelope(xhr.status);
      }
      if (envelope.status === 'ok' && xhr.status < 400) resolve(envelope.data);
      else {
        const failure = envelope.status === 'error' ? envelope : fallbackEnvelope(xhr.status);
        fail(new ApiError(xhr.status, failure.code, failure.message, failure.details, failure.data));
      }
    };
    xhr.send(form);
  });
}

export interface UploadOptions extends CallOptions {
  onProgress?: (fraction: number) => void;
}

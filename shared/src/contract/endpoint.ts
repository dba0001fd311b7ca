/**
 * The shape of one HTTP call of the API: method, path pattern (under API_ROOT, `:name` for a path
 * parameter), a zod schema per path parameter, the query and body schemas, and the answer type.
 * The answer is a phantom: it exists only for the compiler, so the server's handler and the
 * browser's call are both checked against the same type without shipping anything at run time.
 */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The parameter names of a path pattern: `/project/:id/user/:userId` → `'id' | 'userId'`. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * One schema per path parameter, validated one by one in this order (a bad project id is reported
 * before a bad user id), each failure without field details, as a path is not a form.
 */
export type ParamSchemas<Path extends string> = { readonly [Name in PathParamNames<Path>]: z.ZodType };

/** What a path needs besides method and pattern: a path with parameters must name a schema for each. */
export type EndpointSchemas<Path extends string> = ([PathParamNames<Path>] extends [never]
  ? { readonly params?: undefined }
  : { readonly params: ParamSchemas<Path> }) & {
  readonly query?: z.ZodType;
  /** The JSON body; for an upload, the text fields sent beside the file. */
  readonly body?: z.ZodType;
  readonly upload?: UploadRule;
};

/**
 * A multipart upload (`POST`, FormData): one part named `file`, checked by its content on the server,
 * and the text fields `body` validates. The one way every upload travels (task files, chat files, avatars).
 */
export interface UploadRule {
  /** `optional`: a message of text alone may come without a file. */
  readonly file: 'required' | 'optional';
}

/**
 * The answer of a download: the bytes with their own Content-Type (never the JSON envelope). The
 * browser does not `call` such an entry, it puts `fileUrl(entry, …)` in an `src` or `href`.
 */
export interface FileBytes {
  readonly '~bytes': true;
}

export type Endpoint<Method extends HttpMethod = HttpMethod, Path extends string = string, Schemas = unknown, Answer = unknown> = {
  readonly method: Method;
  readonly path: Path;
  /** Never set: carries the answer type for both sides. */
  readonly '~answer'?: () => Answer;
} & Schemas;

/** Any entry of the table (what the generic server and browser helpers accept). */
export type AnyEndpoint = Endpoint<
  HttpMethod,
  string,
  { readonly params?: Record<string, z.ZodType>; readonly query?: z.ZodType; readonly body?: z.ZodType; readonly upload?: UploadRule },
  unknown
>;

export type AnswerOf<E> = E extends { readonly '~answer'?: () => infer Answer } ? Answer : never;

/** The server's view: what a valid request carries after the schemas ran. */
export type ParamsOf<E> = E extends { readonly params: infer P extends Record<string, z.ZodType> } ? { [K in keyof P]: z.output<P[K]> } : Record<string, never>;
export type QueryOf<E> = E extends { readonly query: infer Q extends z.ZodType } ? z.output<Q> : undefined;
export type BodyOf<E> = E extends { readonly body: infer B extends z.ZodType } ? z.output<B> : undefined;

type ParamsInput<E> = E extends { readonly params: infer P extends Record<string, z.ZodType> } ? { params: { [K in keyof P]: string | number } } : unknown;

/** The browser's view: what a call must send (path parameters as numbers or text, bodies as the schema takes them). */
export type CallInput<E> = ParamsInput<E> &
  (E extends { readonly query: infer Q extends z.ZodType } ? { query?: z.input<Q> } : unknown) &
  (E extends { readonly body: infer B extends z.ZodType } ? { body: z.input<B> } : unknown);

/** What an upload sends: its path parameters, its text fields, and the file (a Blob with a name). */
export type UploadInput<E> = ParamsInput<E> &
  (E extends { readonly body: infer B extends z.ZodType } ? { fields: z.input<B> } : unknown) &
  (E extends { readonly upload: { readonly file: 'required' } } ? { file: File } : { file?: File | null });

/** An entry the browser uploads through (`upload`, not `call`). */
export type UploadEndpoint = AnyEndpoint & { readonly upload: UploadRule };
/** An entry whose answer is bytes (`fileUrl`, not `call`). */
export type FileEndpoint = AnyEndpoint & { readonly method: 'GET'; readonly '~answer'?: () => FileBytes };

/**
 * Declares a call: `endpoint('PUT', '/project/:id/update-name', { params: { id }, body: nameBody }).answers<Project>()`.
 * The answer is named separately because TypeScript cannot infer some type arguments and take others.
 */
export function endpoint<const Method extends HttpMethod, const Path extends string, const Schemas extends EndpointSchemas<Path>>(
  method: Method,
  path: Path,
  schemas: Schemas,
): { answers<Answer>(): Endpoint<Method, Path, Schemas, Answer> } {
  return { answers: <Answer>() => ({ method, path, ...schemas }) as Endpoint<Method, Path, Schemas, Answer> };
}

/** The concrete path of a call: `/project/:id` with `{ id: 7 }` → `/project/7` (each value URI-encoded). */
export function pathFor(pattern: string, params: Record<string, string | number> = {}): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} of ${pattern}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The two kinds of entry of the endpoint table that do not speak JSON both ways (issue 32): uploads
 * (multipart, one `file` part beside text fields) and downloads (bytes with their own type). One path
 * for each, so a task file, a chat file and an avatar are received, refused and served alike.
 */
import type { Readable } from 'node:stream';
import type { AnswerOf, BodyOf, FileEndpoint, ParamsOf, UploadEndpoint } from '@negayno/shared/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';
import { paramsOf, replyRoute, type EndpointInput, type RouteOptions } from './endpoint.js';
import { ok } from './envelope.js';
import { validate } from './validate.js';

/** Room for the multipart framing and the text fields around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** More text fields than any upload of the table has: the rest are not read. */
const MAX_FIELDS = 8;

/** A file part as it streams in; `truncated` is set once it passed the size limit. */
export interface IncomingUpload {
  filename: string;
  stream: Readable & { truncated?: boolean };
}

/** An upload's bytes read whole, for a small or bounded file (an avatar, an import): refused when past the limit or empty. */
export async function wholeUpload(incoming: IncomingUpload): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming.stream) chunks.push(chunk as Buffer);
  if (incoming.stream.truncated) throw new AppError('file_is_too_large');
  const bytes = Buffer.concat(chunks);
  if (bytes.length === 0) throw new AppError('file_is_empty');
  return bytes;
}

/** Where an entry's file goes as it streams in, and how it is undone when the call fails afterwards. */
export interface UploadStorage<Stored, Params = Record<string, unknown>> {
  maxBytes: number;
  /** Checks and keeps the file as it streams in; refuses with a `file_…` code. */
  receive(incoming: IncomingUpload, params: Params): Promise<Stored>;
  discard?(stored: Stored): Promise<void>;
}

export type UploadInput<E, Stored> = Omit<EndpointInput<E>, 'query' | 'reply'> & {
  file: E extends { readonly upload: { readonly file: 'required' } } ? Stored : Stored | null;
};

export interface UploadOptions<E> extends RouteOptions {
  /** Asked before a byte of the file is read (may the caller upload here at all?). */
  allowed?(input: Pick<EndpointInput<E>, 'params' | 'request'>): Promise<unknown>;
}

/** A file refusal names the field, so the browser shows it on the file (spec 8: `details.file.code`). */
function asFileError(error: unknown): unknown {
  if (error instanceof AppError && error.code.startsWith('file_') && !error.details) return new AppError(error.code, { file: error.code });
  return error;
}

/**
 * Registers an upload of the table. The plugin registering it must have registered @fastify/multipart
 * (with `throwFileSizeLimit: false`: a file past the limit arrives `truncated` and `receive` refuses it).
 */
export function uploadRoute<E extends UploadEndpoint, Stored>(
  app: FastifyInstance,
  endpoint: E,
  storage: UploadStorage<Stored, ParamsOf<E>>,
  handler: (input: UploadInput<E, Stored>) => Promise<AnswerOf<E>>,
  options: UploadOptions<E> = {},
): void {
  app.route({
    method: 'POST',
    url: endpoint.path,
    // A body announced larger than the limit is refused before a byte of it is read.
    onRequest: async (request) => {
      const announced = Number(request.headers['content-length'] ?? 0);
      if (announced > storage.maxBytes + MULTIPART_OVERHEAD_BYTES) throw new AppError('file_is_too_large', { file: 'file_is_too_large' });
    },
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    handler: async (request) => {
      const params = paramsOf(endpoint, request.params as Record<string, string>) as ParamsOf<E>;
      await options.allowed?.({ params, request });
      const { fields, file } = await readParts(request, storage, params);
      try {
        if (endpoint.upload.file === 'required' && file === null) throw new AppError('file_is_empty', { file: 'file_is_empty' });
        const body = (endpoint.body ? validate(endpoint.body, fields) : undefined) as BodyOf<E>;
        return ok(await handler({ params, body, request, file: file as UploadInput<E, Stored>['file'] }));
      } catch (error) {
        if (file !== null) await storage.discard?.(file);
        throw error;
      }
    },
  });
}

/** The text fields and the one `file` part; the file is checked and stored as it streams in. A JSON call is fields alone. */
async function readParts<Stored, Params>(
  request: FastifyRequest,
  storage: UploadStorage<Stored, Params>,
  params: Params,
): Promise<{ fields: Record<string, unknown>; file: Stored | null }> {
  if (!request.isMultipart()) return { fields: (request.body ?? {}) as Record<string, unknown>, file: null };
  const fields: Record<string, unknown> = {};
  let file: Stored | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: storage.maxBytes, files: 1, fields: MAX_FIELDS, parts: MAX_FIELDS + 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file !== null) {
          part.file.resume();
          continue;
        }
        file = await storage.receive({ filename: part.filename, stream: part.file }, params);
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (file !== null) await storage.discard?.(file);
    throw asFileError(error);
  }
  return { fields, file };
}

/** A stored file as a download answers it. */
export interface ServedFile {
  stream: Readable;
  size: number;
  mime: string;
  name: string;
  /** Pictures, video and sound open in the page; everything else downloads. */
  inline: boolean;
}

/** `filename*` carries any name safely; the plain `filename` is its ASCII shadow for old clients. */
function dispositionOf(file: ServedFile, download: boolean): string {
  const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${download || !file.inline ? 'attachment' : 'inline'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`;
}

function sendFile(reply: FastifyReply, file: ServedFile, download: boolean): FastifyReply {
  return (
    reply
      .header('content-type', file.mime)
      .header('content-length', String(file.size))
      .header('content-disposition', dispositionOf(file, download))
      .header('x-content-type-options', 'nosniff')
      // Opened on its own, a file is inert: no script runs, nothing loads, whatever its bytes say.
      .header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox")
      .header('cache-control', 'private, max-age=300')
      .send(file.stream)
  );
}

/** Registers a download of the table: validated like any route, answered with the file's bytes. */
export function fileRoute<E extends FileEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: Omit<EndpointInput<E>, 'body'>) => Promise<ServedFile>,
  options: RouteOptions = {},
): void {
  replyRoute(
    app,
    endpoint,
    async (input) => sendFile(input.reply, await handler(input), (input.query as { download?: boolean } | undefined)?.download === true),
    options,
  );
}

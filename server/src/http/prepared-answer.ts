/**
 * An answer serialised once and sent many times (issue 15: a 2,000-card board is 2 MB of JSON; turning
 * it into text and brotli costs tens of milliseconds a time). The envelope's JSON is kept as bytes and
 * each encoding a client asks for is made once, on the first request that wants it, then re-used.
 * Sent with its Content-Encoding set, so @fastify/compress leaves it as it is.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_THRESHOLD_BYTES } from './compression.js';
import { ok } from './envelope.js';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

type Encoding = 'br' | 'gzip';

/** The same settings as the compression of every other answer (compression.ts). */
const ENCODE: Record<Encoding, (bytes: Buffer) => Promise<Buffer>> = {
  br: (bytes) => brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (bytes) => gzipped(bytes, { level: 6 }),
};

export class PreparedAnswer<T = unknown> {
  /** Only a type: the route's contract checks what was serialised (nothing is kept at run time). */
  declare readonly answerType?: T;
  readonly json: Buffer;
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();

  constructor(data: T) {
    this.json = Buffer.from(JSON.stringify(ok(data)));
  }

  encodedAs(encoding: Encoding): Promise<Buffer> {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes = ENCODE[encoding](this.json);
      // A failed encoding is not kept: the next request tries again.
      bytes.catch(() => this.encoded.delete(encoding));
      this.encoded.set(encoding, bytes);
    }
    return bytes;
  }
}

/** The encoding to send: brotli or gzip when the client takes it (a q=0 refuses), else none. */
export function encodingFor(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const takes = (encoding: Encoding) => (accepted.get(encoding) ?? accepted.get('*') ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return null;
}

export async function sendPrepared(request: FastifyRequest, reply: FastifyReply, answer: PreparedAnswer<unknown>): Promise<FastifyReply> {
  reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = answer.json.length >= COMPRESS_THRESHOLD_BYTES ? encodingFor(request.headers['accept-encoding']) : null;
  // Unencoded only when the client takes neither or the answer is small: compression.ts would not encode it either.
  if (!encoding) return reply.send(answer.json);
  return reply.header('content-encoding', encoding).send(await answer.encodedAs(encoding));
}

/**
 * Answers on the wire are compressed (issue 15): a 2,000-card board is 1.9 MB of JSON and about 60 kB
 * of brotli. Built files are compressed once at build time (webpack writes .br and .gz beside each
 * file, @fastify/static picks one by Accept-Encoding); API answers past a threshold are compressed
 * here, per answer, at a brotli quality chosen for speed (quality 4 compresses 2 MB in a few ms and
 * beats gzip -6 on size; the default 11 takes hundreds of ms).
 */
import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this an answer goes as it is: a header and a few bytes saved do not pay for the work. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}

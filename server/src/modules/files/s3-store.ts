/**
 * Attachment bytes on an S3-compatible object store (S3_URL, issue 12 and 18): with several server
 * processes on several machines, every process reads what any of them stored. Same interface as the
 * local disk; uploads in progress still land on local disk first (the content check reads them there),
 * then go up whole and the local copy goes.
 */
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { FastifyBaseLogger } from 'fastify';
import type { S3Config } from '../../config.js';
import { AppError } from '../../http/app-error.js';
import type { FileStore } from './file-store.js';

/** How long a call waits on the store: the SDK's defaults wait on a silent server for minutes. */
const CONNECTION_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 60_000;

export class S3FileStore implements FileStore {
  private readonly client: S3Client;

  constructor(
    private readonly config: S3Config,
    /** Local scratch space for uploads in progress. */
    private readonly scratchDir: string,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Path-style (`host/bucket/key`) works with every S3-compatible server, not only AWS.
      forcePathStyle: true,
      // Plain bodies: the SDK's default checksum trailers (aws-chunked) are not understood by every S3-compatible server.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    });
  }

  private objectKey(key: string): string {
    return `${this.config.prefix}${key}`;
  }

  async putFile(key: string, sourcePath: string): Promise<void> {
    const { size } = await stat(sourcePath);
    await this.call('put', key, () =>
      this.client.send(new PutObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key), Body: createReadStream(sourcePath), ContentLength: size })),
    );
    await rm(sourcePath, { force: true });
  }

  async read(key: string): Promise<{ stream: Readable; size: number } | null> {
    const object = await this.call('read', key, () => this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) })));
    return object && { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
  }

  async remove(key: string): Promise<void> {
    await this.call('remove', key, () => this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) })));
  }

  /**
   * One call to the store. A missing object is null; any other failure (the store down, refusing, too
   * slow) is logged with the store's own error and answered `storage_is_unavailable` (503, issue 35).
   */
  private async call<T>(action: string, key: string, send: () => Promise<T>): Promise<T | null> {
    try {
      return await send();
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
      this.log.warn({ err: error, action, key }, 'file store call failed');
      throw new AppError('storage_is_unavailable');
    }
  }

  async tempDir(): Promise<string> {
    await mkdir(this.scratchDir, { recursive: true });
    return this.scratchDir;
  }
}

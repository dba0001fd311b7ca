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
import type { S3Config } from '../../config.js';
import type { FileStore } from './file-store.js';

export class S3FileStore implements FileStore {
  private readonly client: S3Client;

  constructor(
    private readonly config: S3Config,
    /** Local scratch space for uploads in progress. */
    private readonly scratchDir: string,
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
    });
  }

  private objectKey(key: string): string {
    return `${this.config.prefix}${key}`;
  }

  async putFile(key: string, sourcePath: string): Promise<void> {
    const { size } = await stat(sourcePath);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key), Body: createReadStream(sourcePath), ContentLength: size }),
    );
    await rm(sourcePath, { force: true });
  }

  async read(key: string): Promise<{ stream: Readable; size: number } | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }));
      return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }));
  }

  async tempDir(): Promise<string> {
    await mkdir(this.scratchDir, { recursive: true });
    return this.scratchDir;
  }
}

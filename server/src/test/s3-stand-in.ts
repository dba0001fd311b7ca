/**
 * An S3-compatible stand-in on loopback for tests (issue 12, 18): path-style object PUT, GET, HEAD and
 * DELETE in one bucket, kept in memory. It refuses a request not signed (AWS Signature V4) with its
 * access key, so a store that forgot its credentials fails here as it would against S3; it does not
 * recompute signatures. Its `url` is what S3_URL takes.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface S3StandIn {
  /** `http://ACCESS:SECRET@127.0.0.1:PORT/BUCKET`, the form S3_URL takes. */
  url: string;
  /** Stored objects by key (within the bucket). */
  objects: Map<string, { body: Buffer; contentType: string | undefined }>;
  close(): Promise<void>;
}

const ACCESS_KEY = 'stand-in-access';
const SECRET_KEY = 'stand-in-secret';
const BUCKET = 'negayno-files';

function errorXml(code: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startS3StandIn(): Promise<S3StandIn> {
  const objects: S3StandIn['objects'] = new Map();
  const server: Server = createServer((request, response) => {
    void (async () => {
      const fail = (status: number, code: string) => {
        response.writeHead(status, { 'content-type': 'application/xml' });
        response.end(errorXml(code));
      };
      if (!(request.headers.authorization ?? '').startsWith(`AWS4-HMAC-SHA256 Credential=${ACCESS_KEY}/`)) return fail(403, 'AccessDenied');
      const path = decodeURIComponent(new URL(request.url ?? '/', 'http://stand-in').pathname);
      const [, bucket, ...rest] = path.split('/');
      const key = rest.join('/');
      if (bucket !== BUCKET) return fail(404, 'NoSuchBucket');
      if (!key) return fail(400, 'InvalidRequest');
      if (request.method === 'PUT') {
        objects.set(key, { body: await bodyOf(request), contentType: request.headers['content-type'] });
        response.writeHead(200, { etag: '"stand-in"' });
        return response.end();
      }
      if (request.method === 'DELETE') {
        objects.delete(key);
        response.writeHead(204);
        return response.end();
      }
      const object = objects.get(key);
      if (request.method === 'GET' || request.method === 'HEAD') {
        if (!object) return fail(404, 'NoSuchKey');
        response.writeHead(200, { 'content-length': object.body.length, 'content-type': object.contentType ?? 'application/octet-stream', etag: '"stand-in"' });
        return response.end(request.method === 'GET' ? object.body : undefined);
      }
      fail(405, 'MethodNotAllowed');
    })().catch(() => {
      response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://${ACCESS_KEY}:${SECRET_KEY}@127.0.0.1:${port}/${BUCKET}`,
    objects,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

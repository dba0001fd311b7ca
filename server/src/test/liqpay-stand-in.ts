/**
 * A LiqPay stand-in on loopback for tests: it speaks LiqPay's status API (`POST /request` with the
 * signed form fields `data` and `signature`) and signs callbacks the way LiqPay does, with the same
 * keys the server under test is configured with.
 */
import { createServer, type Server } from 'node:http';
import { encodeLiqpayData, liqpaySignature } from '../modules/money/index.js';

export interface LiqpayStandIn {
  apiUrl: string;
  publicKey: string;
  privateKey: string;
  /** What the status API answers for an order: LiqPay's fields (status, amount, currency). */
  statuses: Map<string, Record<string, unknown>>;
  /** The callback form a LiqPay server would post for these fields. */
  callbackForm(fields: Record<string, unknown>): { data: string; signature: string };
  close(): Promise<void>;
}

export async function startLiqpayStandIn(keys = { publicKey: 'sandbox_public', privateKey: 'sandbox_private_key' }): Promise<LiqpayStandIn> {
  const statuses = new Map<string, Record<string, unknown>>();
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      const data = form.get('data') ?? '';
      const answer = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      if (request.method !== 'POST' || request.url !== '/request') return answer(404, { status: 'error' });
      if (form.get('signature') !== liqpaySignature(keys.privateKey, data)) return answer(200, { status: 'error', err_code: 'invalid_signature' });
      const params = JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as { action?: string; order_id?: string };
      const known = params.order_id ? statuses.get(params.order_id) : undefined;
      answer(200, known ? { ...known, order_id: params.order_id } : { status: 'error', err_code: 'payment_not_found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('stand-in not listening');
  return {
    apiUrl: `http://127.0.0.1:${address.port}`,
    ...keys,
    statuses,
    callbackForm(fields) {
      const data = encodeLiqpayData({ public_key: keys.publicKey, version: 3, ...fields });
      return { data, signature: liqpaySignature(keys.privateKey, data) };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import { expect, type APIRequestContext } from '@playwright/test';

/** One API call as a spec's set-up makes it: the envelope's data, or the spec fails with the answer. */
export async function api<T>(request: APIRequestContext, method: 'get' | 'post' | 'put' | 'delete', path: string, data?: unknown): Promise<T> {
  const response = await request[method](`/api${path}`, data === undefined ? {} : { data });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

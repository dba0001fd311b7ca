import { ApiError } from '@negayno/shared/api';
import { settle } from './load';

describe('settle: how a store request ended', () => {
  it('answers ready with the answer', async () => {
    await expect(settle(Promise.resolve(5))).resolves.toEqual({ status: 'ready', answer: 5 });
  });

  it('reads 403 and 404 as gone, anything else as error, and keeps the error', async () => {
    const forbidden = new ApiError(403, 'access_denied', 'x');
    await expect(settle(Promise.reject(forbidden))).resolves.toEqual({ status: 'gone', error: forbidden });
    await expect(settle(Promise.reject(new ApiError(404, 'task_not_found', 'x')))).resolves.toMatchObject({ status: 'gone' });
    await expect(settle(Promise.reject(new ApiError(500, 'server_error', 'x')))).resolves.toMatchObject({ status: 'error' });
    await expect(settle(Promise.reject(new ApiError(0, 'offline', 'x')))).resolves.toMatchObject({ status: 'error' });
    await expect(settle(Promise.reject(new Error('boom')))).resolves.toMatchObject({ status: 'error' });
  });
});

import { ApiError } from './client';
import { RetryCancelled, cancelPendingRetries, withRetry } from './retry';

describe('withRetry', () => {
  it('tries three times, then gives up with the last error', async () => {
    let attempts = 0;
    const failing = () => {
      attempts += 1;
      return Promise.reject(new ApiError(500, 'server_error', 'x'));
    };
    await expect(withRetry(failing, 3, 1)).rejects.toMatchObject({ code: 'server_error' });
    expect(attempts).toBe(3);
  });

  it('does not retry a 4xx answer: it will not pass by waiting', async () => {
    let attempts = 0;
    await expect(
      withRetry(
        () => {
          attempts += 1;
          return Promise.reject(new ApiError(404, 'task_not_found', 'x'));
        },
        3,
        1,
      ),
    ).rejects.toMatchObject({ code: 'task_not_found' });
    expect(attempts).toBe(1);
  });

  it('returns as soon as an attempt succeeds', async () => {
    let attempts = 0;
    const flaky = () => (++attempts < 2 ? Promise.reject(new ApiError(0, 'offline', 'x')) : Promise.resolve('ok'));
    await expect(withRetry(flaky, 3, 1)).resolves.toBe('ok');
    expect(attempts).toBe(2);
  });

  it('is cancelled by sign-out while waiting between attempts', async () => {
    const pending = withRetry(() => Promise.reject(new ApiError(503, 'maintenance_mode', 'x')), 3, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 5));
    cancelPendingRetries();
    await expect(pending).rejects.toBeInstanceOf(RetryCancelled);
  });
});

import { WorkQueue } from './work-queue.js';

/** A job that runs until the test lets it finish. */
function heldJob(log: string[], name: string): { job: () => Promise<string>; finish: () => void } {
  let finish = () => {};
  const job = () => {
    log.push(`start ${name}`);
    return new Promise<string>((resolve) => (finish = () => resolve(name)));
  };
  return { job, finish: () => finish() };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('WorkQueue', () => {
  it('runs as many jobs at once as allowed, in order, and turns jobs away past the waiting limit', async () => {
    const queue = new WorkQueue({ concurrency: 1, maxWaiting: 1 });
    const log: string[] = [];
    const first = heldJob(log, 'first');
    const second = heldJob(log, 'second');
    const firstAnswer = queue.run(first.job);
    const secondAnswer = queue.run(second.job);
    expect(await queue.run(heldJob(log, 'third').job)).toBeNull();
    await turn();
    expect(log).toEqual(['start first']);
    first.finish();
    expect(await firstAnswer).toBe('first');
    await turn();
    expect(log).toEqual(['start first', 'start second']);
    second.finish();
    expect(await secondAnswer).toBe('second');
  });

  it('frees its place when a job fails', async () => {
    const queue = new WorkQueue({ concurrency: 1, maxWaiting: 0 });
    await expect(queue.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await queue.run(() => Promise.resolve('next'))).toBe('next');
  });
});

/**
 * Runs costly work a few jobs at a time, the rest waiting their turn, and turns work away once too
 * much is waiting: a burst of requests then costs a bounded share of the machine (CPU, memory and
 * libuv's threads, which file I/O needs too), and the callers learn at once that theirs was skipped.
 */
export class WorkQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limits: { concurrency: number; maxWaiting: number }) {}

  /** The job's answer, or null when the queue is full and the job was never started. */
  async run<T>(job: () => Promise<T>): Promise<T | null> {
    if (this.running >= this.limits.concurrency) {
      if (this.waiting.length >= this.limits.maxWaiting) return null;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running += 1;
    try {
      return await job();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }
}

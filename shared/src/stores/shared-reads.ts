/**
 * Reads of one thing at a time per key, shared by whoever asks while one is under way. A live event
 * says the thing changed, and a read already under way may have been answered before the change:
 * joining it would leave the view one change behind until the next event (a chat tab one message
 * short). `afterChange` therefore queues one more read behind it, shared by every change meanwhile.
 */
export class SharedReads<K, T> {
  private readonly running = new Map<K, Promise<T>>();
  private readonly queued = new Map<K, Promise<T>>();

  constructor(private readonly reader: (key: K) => Promise<T>) {}

  /** The read under way for `key`, or a new one. */
  read(key: K): Promise<T> {
    let running = this.running.get(key);
    if (!running) {
      running = this.reader(key).finally(() => this.running.delete(key));
      this.running.set(key, running);
    }
    return running;
  }

  /** A read that starts after `key` changed: behind the one under way, if any. */
  afterChange(key: K): Promise<T> {
    const running = this.running.get(key);
    if (!running) return this.read(key);
    let queued = this.queued.get(key);
    if (!queued) {
      // Settled either way before the next read starts: the reader's own failure is its answer's.
      queued = running
        .catch(() => undefined)
        .then(() => {
          this.queued.delete(key);
          return this.read(key);
        });
      this.queued.set(key, queued);
    }
    return queued;
  }
}

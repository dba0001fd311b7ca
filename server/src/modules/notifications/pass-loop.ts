/**
 * When a worker of this process looks for work: every `pollMs`, and at once when woken (a committed
 * notify, through PostgreSQL NOTIFY). Passes never overlap; a wake during a pass runs another after it.
 * The notification outbox and the email digest each run one.
 */
export class PassLoop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private wokenWhileRunning = false;
  private halted = false;

  constructor(
    private readonly pass: () => Promise<unknown>,
    private readonly options: { pollMs: number; name: string; log: { error(object: object, message: string): void } },
  ) {}

  get stopped(): boolean {
    return this.halted;
  }

  /** Starts the periodic look and runs a pass at once (work left by a previous run). */
  start(): void {
    this.halted = false;
    this.timer = setInterval(() => this.wake(), this.options.pollMs);
    this.timer.unref();
    this.wake();
  }

  wake(): void {
    if (this.halted) return;
    if (this.running) {
      this.wokenWhileRunning = true;
      return;
    }
    this.running = this.pass()
      .then(() => undefined)
      .catch((error: unknown) => this.options.log.error({ err: error }, `${this.options.name} pass failed`))
      .finally(() => {
        this.running = null;
        if (this.wokenWhileRunning) {
          this.wokenWhileRunning = false;
          this.wake();
        }
      });
  }

  /** Waits for the pass in progress and stops waking. */
  async stop(): Promise<void> {
    this.halted = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}

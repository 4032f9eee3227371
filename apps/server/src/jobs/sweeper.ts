import type { FastifyBaseLogger } from 'fastify';

export type SweepTask = (now: Date) => Promise<unknown>;

/**
 * Periodic server-side work (auto-submitting overdue attempts, publishing results).
 * Every task must be idempotent and safe with several app instances running at once
 * (row locks with SKIP LOCKED, conditional updates): the sweeper itself gives no exclusivity.
 * Tests call `runOnce()` with an injected clock instead of waiting for the interval.
 */
export class Sweeper {
  private readonly tasks: { name: string; run: SweepTask }[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Tasks run in the order they were added (auto-submit before publication). */
  add(name: string, run: SweepTask): void {
    this.tasks.push({ name, run });
  }

  async runOnce(): Promise<void> {
    if (this.running) return this.running;
    this.running = (async () => {
      for (const task of this.tasks) {
        try {
          await task.run(this.now());
        } catch (err) {
          this.log.error({ err, task: task.name }, 'sweep task failed');
        }
      }
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  start(intervalMs: number): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.runOnce(), intervalMs);
    this.timer.unref();
    void this.runOnce();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}

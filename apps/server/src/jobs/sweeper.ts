import type { FastifyBaseLogger } from 'fastify';
import { withTimeout } from '../lib/timeout';

export type SweepTask = (now: Date) => Promise<unknown>;

export interface SweepTaskOptions {
  /**
   * Runs before every other task (auto-submit, results publication): a slow gateway behind a
   * payments task can never delay them.
   */
  first?: boolean;
}

interface Task {
  name: string;
  run: SweepTask;
  first: boolean;
  /** A run that outlived its timeout and is still going: the task is skipped until it ends. */
  straggler: Promise<unknown> | null;
}

/**
 * Periodic server-side work (auto-submitting overdue attempts, publishing results).
 * Every task must be idempotent and safe with several app instances running at once
 * (row locks with SKIP LOCKED, conditional updates): the sweeper itself gives no exclusivity.
 * Each task has its own timeout, and `first` tasks run before the others, so one hung task
 * (a gateway that never answers) delays nothing else by more than its timeout.
 * Tests call `runOnce()` with an injected clock instead of waiting for the interval.
 */
export class Sweeper {
  private readonly tasks: Task[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** One sweep to run after the current one, shared by every caller that asked during it. */
  private followUp: Promise<void> | null = null;
  private stopping = false;

  constructor(
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
    /** Each task's budget per sweep. */
    private readonly taskTimeoutMs = 60_000,
  ) {}

  /** `first` tasks run in the order they were added, then the others in theirs. */
  add(name: string, run: SweepTask, options: SweepTaskOptions = {}): void {
    this.tasks.push({ name, run, first: options.first ?? false, straggler: null });
  }

  /** Task names in the order a sweep runs them. */
  order(): string[] {
    return [...this.tasks.filter((t) => t.first), ...this.tasks.filter((t) => !t.first)].map((t) => t.name);
  }

  /**
   * Sweeps once with the clock as it is now. A sweep already under way may have read the clock
   * before the caller's change (a dev-clock move, a test's), so the caller waits for it and then for
   * one more sweep, which every caller arriving meanwhile shares: sweeps never overlap, and at most
   * one waits.
   */
  async runOnce(): Promise<void> {
    // Stopped: nothing starts again (a task that outlived its timeout may still ask for a sweep).
    if (this.stopping) return;
    if (this.running) {
      this.followUp ??= this.running.then(() => {
        this.followUp = null;
        // Shutting down: the sweep under way was the last.
        return this.stopping ? undefined : this.runOnce();
      });
      return this.followUp;
    }
    this.running = (async () => {
      for (const name of this.order()) await this.runTask(this.tasks.find((t) => t.name === name)!);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async runTask(task: Task): Promise<void> {
    if (task.straggler) {
      this.log.warn({ task: task.name }, 'sweep task skipped: its previous run has not finished');
      return;
    }
    const work = task.run(this.now());
    try {
      await withTimeout(work, this.taskTimeoutMs, `sweep task ${task.name}`);
    } catch (err) {
      this.log.error({ err, task: task.name }, 'sweep task failed');
      // Still running after its timeout: remember it, so the next sweep does not pile a second one on.
      task.straggler = work.then(
        () => undefined,
        () => undefined,
      );
      void task.straggler.then(() => {
        task.straggler = null;
      });
    }
  }

  start(intervalMs: number): void {
    if (this.timer) return;
    // A tick during a slow sweep is skipped, not queued: the next tick sweeps (follow-ups are for
    // callers that changed something, like the dev clock).
    this.timer = setInterval(() => {
      if (!this.running) void this.runOnce();
    }, intervalMs);
    this.timer.unref();
    void this.runOnce();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    await this.followUp;
  }
}

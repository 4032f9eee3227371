import type { Worker } from 'node:worker_threads';

/**
 * A worker's file beside this one: from the sources (tsx, vitest) its .ts; in the bundle (dist/main.js)
 * dist/<name>.js, an entry of its own in scripts/build.mjs.
 */
export function workerFile(name: 'math-worker' | 'card-worker'): URL {
  return new URL(`./${name}${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);
}

/** The replies a pool gives for the failures it sees itself, in its caller's words. */
export interface PoolReplies<Reply> {
  /** No worker could start: every waiting job is answered with this rather than left to hang. */
  notStarted(id: number, cause: string): Reply;
  /** The job's worker exited before it answered. */
  stopped(id: number): Reply;
  /** The job ran past the pool's time bound; its worker is stopped. */
  timedOut(id: number, timeoutMs: number): Reply;
}

export interface WorkerPoolOptions<Job extends { id: number }, Reply extends { id: number }> {
  /** Workers at most; each starts on demand. */
  size: number;
  timeoutMs: number;
  /**
   * A worker idle this long is stopped (the next job starts one): each holds its own V8 heap and
   * renderer, ~140 MiB for the formula renderer, which the demo seed's formulas left resident in an
   * idle `npm start` for good (issue 31). WORKER_IDLE_MS unless given.
   */
  idleMs?: number;
  /** A worker speaks the pool's protocol: "ready" once loaded, then one reply (with the job's id) per job. */
  createWorker: () => Worker;
  replies: PoolReplies<Reply>;
  /** A reply that refuses a job before it waits (its input is past the caller's bound), or none. */
  refuse?: (job: Job) => Reply | undefined;
  /** Jobs waiting for a worker; beyond `max` a job is refused at once with `reply`. Unbounded without it. */
  waiting?: { max: number; reply: (id: number) => Reply };
}

/** How long an idle worker is kept for the next job (a burst, an import) before it is stopped. */
export const WORKER_IDLE_MS = 30_000;

interface Pending<Job, Reply> {
  job: Job;
  resolve: (reply: Reply) => void;
}

/**
 * Worker threads that run one job each at a time, so slow work (a formula, a card) never stops the
 * server's event loop. At most `size` workers; a job past `timeoutMs` stops its worker (a new one
 * starts on demand) and is refused; idle workers do not keep the process alive, and are stopped once
 * idle for `idleMs`. Used by math-pool.ts
 * and card-pool.ts, which keep their own bounds and words.
 */
export class WorkerPool<Job extends { id: number }, Reply extends { id: number }> {
  private readonly idle: Worker[] = [];
  /** Each idle worker's timer that stops it. */
  private readonly retiring = new Map<Worker, NodeJS.Timeout>();
  private readonly waiting: Pending<Job, Reply>[] = [];
  private starting = 0;
  private live = 0;
  private nextId = 1;

  constructor(private readonly options: WorkerPoolOptions<Job, Reply>) {}

  /** Runs the job that `make` builds around the pool's id for it. */
  run(make: (id: number) => Job): Promise<Reply> {
    const job = make(this.nextId++);
    const refused = this.options.refuse?.(job);
    if (refused) return Promise.resolve(refused);
    const bound = this.options.waiting;
    if (bound && this.waiting.length >= bound.max) return Promise.resolve(bound.reply(job.id));
    return new Promise((resolve) => {
      this.waiting.push({ job, resolve });
      this.pump();
    });
  }

  private pump(): void {
    while (this.waiting.length && this.idle.length) this.serve(this.idle.pop()!, this.waiting.shift()!);
    if (this.waiting.length > this.starting && this.live + this.starting < this.options.size) this.start();
  }

  private start(): void {
    this.starting += 1;
    let ready = false;
    const failed = (err: unknown) => {
      if (ready) return;
      ready = true;
      this.starting -= 1;
      // Another worker runs (or is starting): it serves the waiting jobs when it is free.
      if (this.live > 0 || this.starting > 0) return;
      // Nothing can run them: answer every waiting job rather than hang.
      for (const p of this.waiting.splice(0))
        p.resolve(this.options.replies.notStarted(p.job.id, String(err)));
    };
    let worker: Worker;
    try {
      worker = this.options.createWorker();
    } catch (err) {
      // No thread could be made (ERR_WORKER_INIT_FAILED): counted out like one that died starting,
      // or `starting` would stay taken and every later job wait for a worker that never comes.
      failed(err);
      return;
    }
    const onExit = (code: number) => failed(`exit ${code}`);
    const onReady = (message: unknown) => {
      if (message !== 'ready' || ready) return;
      ready = true;
      this.starting -= 1;
      this.live += 1;
      // Only our own listeners go: Worker keeps internal ones (removeAllListeners breaks its messages).
      worker.off('error', failed);
      worker.off('exit', onExit);
      worker.off('message', onReady);
      worker.on('error', () => undefined); // a crash during a job is reported by its exit
      worker.once('exit', () => {
        this.live -= 1;
        const at = this.idle.indexOf(worker);
        if (at >= 0) this.idle.splice(at, 1);
        // A worker stopped on a timed-out job: start its replacement for the jobs waiting.
        this.pump();
      });
      this.park(worker);
    };
    worker.once('error', failed);
    worker.once('exit', onExit);
    worker.on('message', onReady);
  }

  private park(worker: Worker): void {
    worker.unref();
    this.idle.push(worker);
    this.pump();
    if (!this.idle.includes(worker)) return;
    const timer = setTimeout(() => {
      this.retiring.delete(worker);
      const at = this.idle.indexOf(worker);
      if (at < 0) return;
      this.idle.splice(at, 1);
      void worker.terminate(); // its exit handler counts it out
    }, this.options.idleMs ?? WORKER_IDLE_MS);
    timer.unref();
    this.retiring.set(worker, timer);
  }

  private serve(worker: Worker, pending: Pending<Job, Reply>): void {
    clearTimeout(this.retiring.get(worker));
    this.retiring.delete(worker);
    worker.ref(); // a job in progress keeps the process alive until it is answered
    const { id } = pending.job;
    let settled = false;
    const finish = (reply: Reply, healthy: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      pending.resolve(reply);
      if (healthy) this.park(worker);
      else this.pump();
    };
    const onMessage = (reply: Reply) => {
      if (reply.id === id) finish(reply, true);
    };
    const onExit = () => finish(this.options.replies.stopped(id), false);
    const { timeoutMs } = this.options;
    const timer = setTimeout(() => {
      finish(this.options.replies.timedOut(id, timeoutMs), false);
      void worker.terminate();
    }, timeoutMs);
    worker.on('message', onMessage);
    worker.once('exit', onExit);
    worker.postMessage(pending.job);
  }
}

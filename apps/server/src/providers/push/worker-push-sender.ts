import { Worker } from 'node:worker_threads';
import type { PushOutcome, PushSender, PushTarget } from './push-sender';
import type { PushJob, PushReply, PushWorkerData } from './push-worker';

/** The worker's file beside this one: its .ts from the sources, dist/push-worker.js in the bundle. */
const WORKER_FILE = new URL(
  `./push-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`,
  import.meta.url,
);
/** An idle worker is stopped after this long (its isolate costs memory; the next push starts one). */
const IDLE_STOP_MS = 30_000;
/** Past the push's own timeout, how long the worker itself may take to answer before the push fails. */
const WORKER_GRACE_MS = 1_000;

/**
 * Web push from a worker thread (push-worker.ts, at a lower priority than the server's threads): the
 * encryption and the request run there, the sweep only posts each push and waits for its outcome. The
 * worker starts on the first push and stops when idle. A push the worker does not answer within its
 * timeout (and a moment) fails, as does every push in flight when the worker dies (a new one starts on
 * the next push): `send` never rejects and never outlives `timeoutMs` by more than a second.
 */
export class WorkerPushSender implements PushSender {
  readonly publicKey: string;
  private worker: Worker | null = null;
  private readonly pending = new Map<number, (outcome: PushOutcome) => void>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;

  private readonly data: PushWorkerData;
  private readonly createWorker: (data: PushWorkerData) => Worker;

  constructor(
    data: PushWorkerData,
    createWorker: (data: PushWorkerData) => Worker = (workerData) => new Worker(WORKER_FILE, { workerData }),
  ) {
    this.data = data;
    this.createWorker = createWorker;
    this.publicKey = data.keys.publicKey;
  }

  send(target: PushTarget, payload: string, ttlSeconds: number): Promise<PushOutcome> {
    let worker: Worker;
    try {
      worker = this.started();
    } catch {
      // No thread could be made (ERR_WORKER_INIT_FAILED): this push fails, as a dead worker's do;
      // the next one tries again. Never a rejection: a sweep's round must still record what it sent.
      return Promise.resolve('failed');
    }
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle('failed'), this.data.timeoutMs + WORKER_GRACE_MS);
      const settle = (outcome: PushOutcome) => {
        if (!this.pending.delete(id)) return;
        clearTimeout(timer);
        resolve(outcome);
        if (!this.pending.size) this.idle();
      };
      this.pending.set(id, settle);
      const job: PushJob = {
        id,
        target: { endpoint: target.endpoint, p256dh: target.p256dh, auth: target.auth },
        payload,
        ttlSeconds,
      };
      worker.postMessage(job);
    });
  }

  /** Stops the worker (the server's close); pushes in flight fail. */
  async close(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const worker = this.worker;
    this.worker = null;
    for (const settle of [...this.pending.values()]) settle('failed');
    await worker?.terminate();
  }

  private started(): Worker {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (this.worker) {
      this.worker.ref(); // pushes in flight keep the process alive until they are answered
      return this.worker;
    }
    const worker = this.createWorker(this.data);
    worker.on('message', (reply: PushReply) => this.pending.get(reply.id)?.(reply.outcome));
    worker.on('error', () => undefined); // reported by its exit
    worker.once('exit', () => {
      // A worker stopped when idle (or by close) may exit after its successor has taken pushes:
      // those are the successor's, and it had none of its own left.
      if (this.worker !== worker) return;
      this.worker = null;
      for (const settle of [...this.pending.values()]) settle('failed');
    });
    this.worker = worker;
    return worker;
  }

  private idle(): void {
    const worker = this.worker;
    if (!worker) return;
    worker.unref();
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.worker === worker && !this.pending.size) {
        this.worker = null;
        void worker.terminate();
      }
    }, IDLE_STOP_MS);
    this.idleTimer.unref();
  }
}

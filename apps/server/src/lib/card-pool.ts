import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CardJob, CardReply } from './card-worker';

/** Bounds of one card render (ADR 026): the SVG's size, and the time before its worker is stopped. */
export const CARD_LIMITS = {
  maxSvgChars: 64_000,
  timeoutMs: 3_000,
  /** Cards waiting for a worker; beyond this a render is refused at once (503 for its caller). */
  maxWaiting: 64,
} as const;

/** From the sources the worker is card-worker.ts; in the bundle it is dist/card-worker.js (scripts/build.mjs). */
function cardWorkerUrl(): URL {
  return new URL(import.meta.url.endsWith('.ts') ? './card-worker.ts' : './card-worker.js', import.meta.url);
}

interface Pending {
  job: CardJob;
  resolve: (reply: CardReply) => void;
}

/**
 * Worker threads that render result cards (SVG → PNG with resvg) one at a time each, so a render never
 * stops the event loop. Like the formula pool (math-pool.ts): at most `size` workers, a render past
 * `timeoutMs` stops its worker (a new one starts on demand) and is refused, idle workers do not keep
 * the process alive; and the queue is bounded.
 */
export class CardPool {
  private readonly idle: Worker[] = [];
  private readonly waiting: Pending[] = [];
  private starting = 0;
  private live = 0;
  private nextId = 1;

  constructor(
    private readonly size: number,
    private readonly timeoutMs: number = CARD_LIMITS.timeoutMs,
    private readonly createWorker: () => Worker = () => new Worker(cardWorkerUrl()),
  ) {}

  render(svg: string): Promise<CardReply> {
    const id = this.nextId++;
    if (svg.length > CARD_LIMITS.maxSvgChars) {
      return Promise.resolve({ id, ok: false, error: 'the card is larger than its bound' });
    }
    if (this.waiting.length >= CARD_LIMITS.maxWaiting) {
      return Promise.resolve({ id, ok: false, error: 'too many cards are waiting to be drawn' });
    }
    return new Promise((resolve) => {
      this.waiting.push({ job: { id, svg }, resolve });
      this.pump();
    });
  }

  private pump(): void {
    while (this.waiting.length && this.idle.length) this.run(this.idle.pop()!, this.waiting.shift()!);
    if (this.waiting.length > this.starting && this.live + this.starting < this.size) this.start();
  }

  private start(): void {
    this.starting += 1;
    const worker = this.createWorker();
    let ready = false;
    const failed = (err: unknown) => {
      if (ready) return;
      ready = true;
      this.starting -= 1;
      if (this.live > 0 || this.starting > 0) return;
      for (const p of this.waiting.splice(0)) {
        p.resolve({ id: p.job.id, ok: false, error: `the card renderer did not start (${String(err)})` });
      }
    };
    const onExit = (code: number) => failed(`exit ${code}`);
    const onReady = (message: unknown) => {
      if (message !== 'ready' || ready) return;
      ready = true;
      this.starting -= 1;
      this.live += 1;
      worker.off('error', failed);
      worker.off('exit', onExit);
      worker.off('message', onReady);
      worker.on('error', () => undefined);
      worker.once('exit', () => {
        this.live -= 1;
        const at = this.idle.indexOf(worker);
        if (at >= 0) this.idle.splice(at, 1);
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
  }

  private run(worker: Worker, pending: Pending): void {
    worker.ref();
    let settled = false;
    const finish = (reply: CardReply, healthy: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      pending.resolve(reply);
      if (healthy) this.park(worker);
      else this.pump();
    };
    const onMessage = (reply: CardReply) => {
      if (reply.id === pending.job.id) finish(reply, true);
    };
    const onExit = () => finish({ id: pending.job.id, ok: false, error: 'the card renderer stopped' }, false);
    const timer = setTimeout(() => {
      finish(
        { id: pending.job.id, ok: false, error: `drawing took longer than ${this.timeoutMs} ms` },
        false,
      );
      void worker.terminate();
    }, this.timeoutMs);
    worker.on('message', onMessage);
    worker.once('exit', onExit);
    worker.postMessage(pending.job);
  }
}

let shared: CardPool | undefined;

/** The process's one card pool: one worker per core but one, at most two, started on first use. */
export function cardPool(): CardPool {
  shared ??= new CardPool(Math.max(1, Math.min(2, availableParallelism() - 1)));
  return shared;
}

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CardJob, CardReply } from './card-worker';
import { WorkerPool, workerFile } from './worker-pool';

/** Bounds of one card render (ADR 026): the SVG's size, and the time before its worker is stopped. */
export const CARD_LIMITS = {
  maxSvgChars: 64_000,
  timeoutMs: 3_000,
  /** Cards waiting for a worker; beyond this a render is refused at once (503 for its caller). */
  maxWaiting: 64,
} as const;

/**
 * Worker threads (card-worker.ts) that render result cards (SVG → PNG with resvg), on the shared
 * worker pool (worker-pool.ts) like the formula pool: a card past `timeoutMs` stops its worker and is
 * refused. Unlike formulas, a card's SVG and the queue of cards are bounded here.
 */
export class CardPool {
  private readonly pool: WorkerPool<CardJob, CardReply>;

  constructor(
    size: number,
    timeoutMs: number = CARD_LIMITS.timeoutMs,
    createWorker: () => Worker = () => new Worker(workerFile('card-worker')),
  ) {
    const refused = (id: number, error: string): CardReply => ({ id, ok: false, error });
    this.pool = new WorkerPool<CardJob, CardReply>({
      size,
      timeoutMs,
      createWorker,
      refuse: (job) =>
        job.svg.length > CARD_LIMITS.maxSvgChars
          ? refused(job.id, 'the card is larger than its bound')
          : undefined,
      waiting: {
        max: CARD_LIMITS.maxWaiting,
        reply: (id) => refused(id, 'too many cards are waiting to be drawn'),
      },
      replies: {
        notStarted: (id, cause) => refused(id, `the card renderer did not start (${cause})`),
        stopped: (id) => refused(id, 'the card renderer stopped'),
        timedOut: (id, ms) => refused(id, `drawing took longer than ${ms} ms`),
      },
    });
  }

  render(svg: string): Promise<CardReply> {
    return this.pool.run((id) => ({ id, svg }));
  }
}

let shared: CardPool | undefined;

/** The process's one card pool: one worker per core but one, at most two, started on first use. */
export function cardPool(): CardPool {
  shared ??= new CardPool(Math.max(1, Math.min(2, availableParallelism() - 1)));
  return shared;
}

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { TextLang } from '@quizcast/contract/schemas/question-text';
import { FORMULA_LIMITS, shownFormula, type RenderBudget } from './formula-bounds';
import type { MathJob, MathReply, MathWorkerLimits } from './math-worker';

const WORKER_LIMITS: MathWorkerLimits = {
  maxExpand: FORMULA_LIMITS.maxExpand,
  maxSize: FORMULA_LIMITS.maxSize,
  maxMathml: FORMULA_LIMITS.maxMathml,
};

/**
 * From the sources (tsx, vitest) the worker is math-worker.ts beside this file; in the bundle
 * (dist/main.js) it is dist/math-worker.js (scripts/build.mjs).
 */
function mathWorkerUrl(): URL {
  return new URL(import.meta.url.endsWith('.ts') ? './math-worker.ts' : './math-worker.js', import.meta.url);
}

interface Pending {
  job: MathJob;
  resolve: (reply: MathReply) => void;
}

/**
 * A small pool of worker threads (math-worker.ts) that render one formula each at a time, so a slow
 * formula never stops the server's event loop (health, autosave, submit). One worker per core but
 * one, at most two: the main thread keeps a core. A formula past `timeoutMs` stops its worker (a new
 * one starts) and is refused. Idle workers do not keep the process alive.
 */
export class MathPool {
  private readonly idle: Worker[] = [];
  private readonly waiting: Pending[] = [];
  private starting = 0;
  private live = 0;
  private nextId = 1;

  /** `timeoutMs` and `createWorker` are the renderer's own unless a test gives its own (math-pool.test.ts). */
  constructor(
    private readonly size: number,
    private readonly timeoutMs: number = FORMULA_LIMITS.timeoutMs,
    private readonly createWorker: () => Worker = () =>
      new Worker(mathWorkerUrl(), { workerData: WORKER_LIMITS }),
  ) {}

  render(tex: string, display: boolean, lang: TextLang): Promise<MathReply> {
    return new Promise((resolve) => {
      this.waiting.push({ job: { id: this.nextId++, tex, display, lang }, resolve });
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
      // Another worker runs (or is starting): it serves the waiting formulas when it is free.
      if (this.live > 0 || this.starting > 0) return;
      // Nothing can render: answer every waiting formula rather than hang.
      for (const p of this.waiting.splice(0)) {
        p.resolve({ id: p.job.id, ok: false, error: `the formula renderer did not start (${String(err)})` });
      }
    };
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
        // A worker stopped on a timed-out formula: start its replacement for the formulas waiting.
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
    worker.ref(); // a formula in progress keeps the process alive until it is answered
    let settled = false;
    const finish = (reply: MathReply, healthy: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      pending.resolve(reply);
      if (healthy) this.park(worker);
      else this.pump();
    };
    const onMessage = (reply: MathReply) => {
      if (reply.id === pending.job.id) finish(reply, true);
    };
    const onExit = () =>
      finish({ id: pending.job.id, ok: false, error: 'the formula renderer stopped on this formula' }, false);
    const timer = setTimeout(() => {
      finish(
        {
          id: pending.job.id,
          ok: false,
          error: `it took longer than ${this.timeoutMs / 1000} s to render`,
          limit: true,
        },
        false,
      );
      void worker.terminate();
    }, this.timeoutMs);
    worker.on('message', onMessage);
    worker.once('exit', onExit);
    worker.postMessage(pending.job);
  }
}

const pool = new MathPool(Math.max(1, Math.min(2, availableParallelism() - 1)));

/** One formula's MathML and words, or its problem (Temml's own message, or the bound it broke in the worker). */
export async function renderFormula(
  tex: string,
  display: boolean,
  lang: TextLang,
  budget?: RenderBudget,
): Promise<{ mathml: string; speech: string }> {
  const reply = await pool.render(tex, display, lang);
  budget?.spend(reply.cpuMs ?? 0);
  if (reply.ok) return reply;
  if (reply.limit) throw new Error(`formula "${shownFormula(tex)}" is refused: ${reply.error}`);
  throw new Error(`formula "${shownFormula(tex)}" cannot be read: ${reply.error}`);
}

import { AsyncLocalStorage } from 'node:async_hooks';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { TextLang } from '@quizcast/contract/schemas/question-text';
import { FORMULA_LIMITS, shownFormula, type RenderBudget } from './formula-bounds';
import type { MathJob, MathReply, MathWorkerLimits } from './math-worker';
import { WorkerPool, workerFile } from './worker-pool';

export const WORKER_LIMITS: MathWorkerLimits = {
  maxExpand: FORMULA_LIMITS.maxExpand,
  maxSize: FORMULA_LIMITS.maxSize,
  maxMathml: FORMULA_LIMITS.maxMathml,
};

/**
 * Worker threads (math-worker.ts) that render one formula each at a time, on the shared worker pool
 * (worker-pool.ts), so a slow formula never stops the server's event loop (health, autosave, submit).
 * One worker per core but one, at most two: the main thread keeps a core. A formula past `timeoutMs`
 * stops its worker (a new one starts) and is refused, as a broken bound (`limit`).
 */
export class MathPool {
  private readonly pool: WorkerPool<MathJob, MathReply>;

  /** `timeoutMs`, `createWorker` and `idleMs` are the renderer's own unless a test gives its own (math-pool.test.ts). */
  constructor(
    size: number,
    timeoutMs: number = FORMULA_LIMITS.timeoutMs,
    createWorker: () => Worker = () => new Worker(workerFile('math-worker'), { workerData: WORKER_LIMITS }),
    idleMs?: number,
  ) {
    this.pool = new WorkerPool<MathJob, MathReply>({
      size,
      timeoutMs,
      idleMs,
      createWorker,
      replies: {
        notStarted: (id, cause) => ({
          id,
          ok: false,
          error: `the formula renderer did not start (${cause})`,
        }),
        stopped: (id) => ({ id, ok: false, error: 'the formula renderer stopped on this formula' }),
        timedOut: (id, ms) => ({
          id,
          ok: false,
          error: `it took longer than ${ms / 1000} s to render`,
          limit: true,
        }),
      },
    });
  }

  render(tex: string, display: boolean, lang: TextLang): Promise<MathReply> {
    return this.pool.run((id) => ({ id, tex, display, lang }));
  }
}

const pool = new MathPool(Math.max(1, Math.min(2, availableParallelism() - 1)));

/** One formula's MathML and words, or its problem (Temml's own message, or the bound it broke in the worker). */
export type RenderedFormula = { mathml: string; speech: string };

/** What names one rendering: the TeX, inline or display, and the language its words are in. */
export const formulaKey = (tex: string, display: boolean, lang: TextLang) =>
  `${display ? 'display' : 'inline'}|${lang}|${tex}`;

/**
 * Formulas already rendered by this build (issue 31): the demo seed's, rendered once by `npm run build`
 * (seed/demo-formulas.ts), so a first start seeds without starting the renderer's worker (~140 MiB at
 * the embedded server's peak). `record` adds what is rendered here to `known` (the build's run).
 */
interface KnownFormulas {
  known: Map<string, RenderedFormula>;
  record: boolean;
}
const knownFormulas = new AsyncLocalStorage<KnownFormulas>();

/** Runs `fn` with `known`'s formulas answered from it. */
export function withKnownFormulas<T>(
  known: Map<string, RenderedFormula>,
  fn: () => Promise<T>,
  options: { record?: boolean } = {},
): Promise<T> {
  return knownFormulas.run({ known, record: options.record ?? false }, fn);
}

export async function renderFormula(
  tex: string,
  display: boolean,
  lang: TextLang,
  budget?: RenderBudget,
): Promise<RenderedFormula> {
  const store = knownFormulas.getStore();
  const known = store?.known.get(formulaKey(tex, display, lang));
  if (known) return known;
  const reply = await pool.render(tex, display, lang);
  if (store?.record && reply.ok)
    store.known.set(formulaKey(tex, display, lang), { mathml: reply.mathml, speech: reply.speech });
  budget?.spend(reply.cpuMs ?? 0);
  if (reply.ok) return reply;
  if (reply.limit) throw new Error(`formula "${shownFormula(tex)}" is refused: ${reply.error}`);
  throw new Error(`formula "${shownFormula(tex)}" cannot be read: ${reply.error}`);
}

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { CHOICE_LETTERS } from '@quizcast/contract/schemas/question-rules';
import type { MathText, QuestionMath, TextLang } from '@quizcast/contract/schemas/question-text';
import type { StoredQuestionMath } from '../db/schema';
import type { MathJob, MathReply, MathWorkerLimits } from './math-worker';

/**
 * Math in question texts (ADR 019): TeX between `$…$` (inline) or `$$…$$` (display), `\$` for a
 * dollar sign. Temml turns each formula into MathML when the quiz is saved (no math JavaScript
 * reaches the phone), and speech-rule-engine turns that MathML into words in the text's language
 * (en / hi), so Listen says "x squared plus 2 x". This file only finds the `$` delimiters and checks
 * each formula's bounds; all TeX is parsed by Temml, in a worker thread (math-worker.ts, issue 29).
 */

type Segment = { kind: 'text'; value: string } | { kind: 'math'; tex: string; display: boolean };

/** The text split at its `$` delimiters, or the problem with them. */
export function splitFormulas(text: string): { segments: Segment[] } | { error: string } {
  const segments: Segment[] = [];
  let plain = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\\' && text[i + 1] === '$') {
      plain += '$';
      i += 2;
      continue;
    }
    if (ch !== '$') {
      plain += ch;
      i += 1;
      continue;
    }
    const display = text[i + 1] === '$';
    const open = display ? 2 : 1;
    const closer = display ? '$$' : '$';
    let j = i + open;
    let end = -1;
    while (j < text.length) {
      if (text[j] === '\\') {
        j += 2; // an escaped character inside TeX (e.g. \$ or \\) never closes the formula
        continue;
      }
      if (text.startsWith(closer, j)) {
        end = j;
        break;
      }
      j += 1;
    }
    if (end < 0) {
      return { error: `a formula opened with ${closer} is never closed (write \\$ for a dollar sign)` };
    }
    const tex = text.slice(i + open, end);
    if (!tex.trim()) return { error: `an empty formula ${closer}${closer}` };
    if (plain) segments.push({ kind: 'text', value: plain });
    plain = '';
    segments.push({ kind: 'math', tex, display });
    i = end + closer.length;
  }
  if (plain) segments.push({ kind: 'text', value: plain });
  return { segments };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// ── bounds (issue 29 item 1) ─────────────────────────────────────────────────────────────────

/**
 * What one formula may be. Speech-rule-engine's time grows faster than the MathML it reads (a
 * 2,000-character formula nested 498 deep took seconds), so the bounds keep every accepted formula
 * well inside the per-formula time limit even on a busy machine; docs/security.md has the figures.
 */
export const FORMULA_LIMITS = {
  /** Characters of TeX between the `$` signs. */
  maxChars: 500,
  /** Groups inside groups: `{…}`, `\left…\right`, `\begin…\end`. */
  maxDepth: 12,
  /** Temml's `maxExpand`: macro expansions in one formula (its built-in macros count too). */
  maxExpand: 300,
  /** Temml's `maxSize` for user sizes (`\rule`, `\kern`, `\hspace`…): [em, pt]. */
  maxSize: [20, 200] as [number, number],
  /** The MathML of one formula once its macros are expanded, in characters. */
  maxMathml: 8000,
  /**
   * Wall time for one formula in a worker; past it the worker is stopped and the formula refused. A
   * backstop only (the bounds above keep the worst accepted formula near a second of CPU): wall time
   * stretches on a busy machine, and an accepted formula must not be refused for that.
   */
  timeoutMs: 30_000,
  /** Worker CPU time all the formulas of one save or import may take; past it the rest are refused. */
  budgetMs: 120_000,
} as const;

/**
 * The worker time one request (a quiz save, an import) may spend on formulas: every formula is
 * bounded, but a 1 MB quiz could hold thousands, and hours of rendering would keep every other admin's
 * formulas waiting. The time is the worker thread's CPU time (not the wait in the queue, nor a busy
 * machine's stretch).
 */
export class RenderBudget {
  private spentMs = 0;
  private told = false;

  constructor(readonly limitMs: number = FORMULA_LIMITS.budgetMs) {}

  get exhausted(): boolean {
    return this.spentMs > this.limitMs;
  }

  spend(ms: number): void {
    this.spentMs += ms;
  }

  /** The problem, once per request: true the first time it is asked after the budget ran out. */
  tell(): boolean {
    if (this.told) return false;
    this.told = true;
    return true;
  }
}

/** How deep the formula's groups nest. */
export function formulaDepth(tex: string): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < tex.length; i++) {
    const ch = tex[i]!;
    if (ch === '\\') {
      const word = /^[a-zA-Z]+/.exec(tex.slice(i + 1, i + 7))?.[0] ?? '';
      if (word === 'left' || word === 'begin') max = Math.max(max, ++depth);
      else if (word === 'right' || word === 'end') depth -= 1;
      i += Math.max(word.length, 1); // skip the command name, or the escaped character (\{, \\)
    } else if (ch === '{') max = Math.max(max, ++depth);
    else if (ch === '}') depth -= 1;
  }
  return max;
}

/** The bound a formula breaks, in words, or null. Checked before any formula reaches a worker. */
export function formulaLimitProblem(tex: string): string | null {
  if (tex.length > FORMULA_LIMITS.maxChars)
    return `a formula can have at most ${FORMULA_LIMITS.maxChars} characters (this one has ${tex.length})`;
  const depth = formulaDepth(tex);
  if (depth > FORMULA_LIMITS.maxDepth)
    return `a formula can nest groups at most ${FORMULA_LIMITS.maxDepth} deep (this one nests ${depth})`;
  return null;
}

/** The start of a long formula for a message. */
const shown = (tex: string) => (tex.length > 60 ? `${tex.slice(0, 60)}…` : tex);

// ── the worker pool ───────────────────────────────────────────────────────────────────────────

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
class MathPool {
  private readonly idle: Worker[] = [];
  private readonly waiting: Pending[] = [];
  private starting = 0;
  private live = 0;
  private nextId = 1;

  constructor(private readonly size: number) {}

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

  private workerUrl(): URL {
    // From the sources (tsx, vitest) the worker is math-worker.ts beside this file; in the bundle
    // (dist/main.js) it is dist/math-worker.js (scripts/build.mjs).
    return new URL(
      import.meta.url.endsWith('.ts') ? './math-worker.ts' : './math-worker.js',
      import.meta.url,
    );
  }

  private start(): void {
    this.starting += 1;
    const limits: MathWorkerLimits = {
      maxExpand: FORMULA_LIMITS.maxExpand,
      maxSize: FORMULA_LIMITS.maxSize,
      maxMathml: FORMULA_LIMITS.maxMathml,
    };
    const worker = new Worker(this.workerUrl(), { workerData: limits });
    let ready = false;
    const failed = (err: unknown) => {
      if (ready) return;
      ready = true;
      this.starting -= 1;
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
          error: `it took longer than ${FORMULA_LIMITS.timeoutMs / 1000} s to render`,
          limit: true,
        },
        false,
      );
      void worker.terminate();
    }, FORMULA_LIMITS.timeoutMs);
    worker.on('message', onMessage);
    worker.once('exit', onExit);
    worker.postMessage(pending.job);
  }
}

const pool = new MathPool(Math.max(1, Math.min(2, availableParallelism() - 1)));

/** One formula's MathML and words, or its problem (Temml's own message, or the bound it broke in the worker). */
async function renderFormula(
  tex: string,
  display: boolean,
  lang: TextLang,
  budget?: RenderBudget,
): Promise<{ mathml: string; speech: string }> {
  const reply = await pool.render(tex, display, lang);
  budget?.spend(reply.cpuMs ?? 0);
  if (reply.ok) return reply;
  if (reply.limit) throw new Error(`formula "${shown(tex)}" is refused: ${reply.error}`);
  throw new Error(`formula "${shown(tex)}" cannot be read: ${reply.error}`);
}

// ── texts ────────────────────────────────────────────────────────────────────────────────────

/** A text rendered: null when it has no `$` at all (shown and read as it is). Throws on bad TeX. */
export async function renderMathText(
  text: string,
  lang: TextLang,
  budget?: RenderBudget,
): Promise<MathText | null> {
  if (!text.includes('$')) return null;
  const split = splitFormulas(text);
  if ('error' in split) throw new Error(split.error);
  const formulas = split.segments.filter((s) => s.kind === 'math');
  // The bounds first, so nothing of a refused text reaches a worker; then every formula at once.
  for (const s of formulas) {
    const bound = formulaLimitProblem(s.tex);
    if (bound) throw new Error(`formula "${shown(s.tex)}" is refused: ${bound}`);
  }
  const rendered = await Promise.allSettled(
    formulas.map((s) => renderFormula(s.tex, s.display, lang, budget)),
  );
  const done: { mathml: string; speech: string }[] = [];
  for (const r of rendered) {
    if (r.status === 'rejected') throw r.reason;
    done.push(r.value);
  }
  const mathml = done.map((d) => d.mathml);
  const words = done.map((d) => d.speech);
  let k = 0;
  let html = '';
  let speech = '';
  for (const s of split.segments) {
    if (s.kind === 'text') {
      html += escapeHtml(s.value);
      speech += s.value;
    } else {
      html += mathml[k]!;
      speech += ` ${words[k]!} `;
      k += 1;
    }
  }
  // Spaces around each formula's words, but none before punctuation ("acceleration a.").
  speech = speech
    .replace(/[ \t]+/g, ' ')
    .replace(/ ([.,;:?!।)])/g, '$1')
    .trim();
  return { html, speech };
}

export interface QuestionTexts {
  qn: string;
  choices: string[];
  explanation?: string | null;
  lang?: TextLang;
  qnHi?: string | null;
  choicesHi?: string[] | null;
  explanationHi?: string | null;
}

/**
 * Every formula of a question, in both languages. `problems` names the question (`label`, e.g.
 * "Question 3") and the text with the broken formula; `math` is null when no text has a formula.
 */
export async function renderQuestionMath(
  q: QuestionTexts,
  label: string,
  /** Shared by every question of one request (issue 29); none: no bound beyond each formula's. */
  budget?: RenderBudget,
): Promise<{ math: StoredQuestionMath | null; problems: string[] }> {
  const problems: string[] = [];
  const one = async (text: string | null | undefined, lang: TextLang, where: string) => {
    if (!text) return null;
    if (budget?.exhausted && text.includes('$')) {
      if (budget.tell())
        problems.push(
          `${label}: ${where}: the formulas take more than ${budget.limitMs / 1000} s to render in all; ` +
            'this and the later formulas were not rendered (split the quiz, or simplify its formulas)',
        );
      return null;
    }
    try {
      return await renderMathText(text, lang, budget);
    } catch (err) {
      problems.push(`${label}: ${where}: ${(err as Error).message}`);
      return null;
    }
  };
  const version = async (
    texts: { qn: string | null | undefined; choices: string[]; explanation: string | null | undefined },
    lang: TextLang,
    hindi: boolean,
  ): Promise<QuestionMath | null> => {
    const prefix = hindi ? 'Hindi ' : '';
    const qn = await one(texts.qn, lang, `${prefix}question text`);
    const choices: (MathText | null)[] = [];
    for (const [i, c] of texts.choices.entries())
      choices.push(await one(c, lang, `${prefix}choice ${CHOICE_LETTERS[i] ?? i + 1}`));
    const explanation = await one(texts.explanation, lang, `${prefix}explanation`);
    if (!qn && !explanation && choices.every((c) => c === null)) return null;
    return { qn, choices, explanation };
  };
  const main = await version(
    { qn: q.qn, choices: q.choices, explanation: q.explanation },
    q.lang ?? 'en',
    false,
  );
  const hi = q.qnHi
    ? await version({ qn: q.qnHi, choices: q.choicesHi ?? [], explanation: q.explanationHi }, 'hi', true)
    : null;
  return { math: main || hi ? { main, hi } : null, problems };
}

/**
 * The bounds of one formula in a question text (issue 29 item 1), checked before it reaches a worker,
 * and the render budget one request shares (question-math.ts renders, math-pool.ts runs the workers).
 */

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
    // A thread's CPU time is read in scheduler ticks on some kernels, so a quick formula can read
    // 0 ms: every rendering counts at least a hundredth of a millisecond (a budget is seconds).
    this.spentMs += Math.max(ms, 0.01);
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
export const shownFormula = (tex: string) => (tex.length > 60 ? `${tex.slice(0, 60)}…` : tex);

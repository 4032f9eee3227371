/**
 * The negative-marking advisor (issue 14): how an attempt played the quiz's own marking scheme.
 * Pure arithmetic; the server and the web both call it.
 */

/** A quiz's marking scheme (the server's marking module applies it; ADR 021). */
export interface MarkingScheme {
  /** Points for a correct answer (default 1). */
  correct: number;
  /** Points taken away for a wrong answer (default 0); unanswered is always 0. */
  wrong: number;
}

/** Well-known schemes, for labels and tests (marks per correct answer, marks deducted per wrong one). */
export const MARKING_PRESETS = {
  'NEET/JEE': { correct: 4, wrong: 1 },
  UPSC: { correct: 2, wrong: 0.66 },
  SSC: { correct: 2, wrong: 0.5 },
  IBPS: { correct: 1, wrong: 0.25 },
} as const satisfies Record<string, MarkingScheme>;

export interface AttemptCounts {
  correct: number;
  wrong: number;
  skipped: number;
}

export interface MarkingAdvice {
  /** Marks deducted for wrong answers (wrong × penalty). */
  marksLostToWrong: number;
  /** The most the skipped questions could have added (skipped × marks per correct answer). */
  marksLeftOnTable: number;
  /**
   * A guess adds marks on average when the chance of it being right is above this (0–1):
   * p × correct − (1 − p) × wrong > 0 ⇔ p > wrong / (correct + wrong). 0 without negative marking.
   */
  breakEvenProbability: number;
  /** How many of the choices must be ruled out before a guess among the rest pays, for `choices` options. */
  eliminateToGuess: number | null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The break-even probability of a guess under a scheme (see `MarkingAdvice`). */
export function breakEvenProbability(scheme: MarkingScheme): number {
  if (scheme.wrong <= 0) return 0;
  return scheme.wrong / (scheme.correct + scheme.wrong);
}

/**
 * The fewest choices to rule out so that a blind pick among the rest beats break-even, for a
 * question with `choices` options: the smallest k with 1 / (choices − k) > break-even. Null when even
 * two remaining choices don't pay (a penalty at least the reward).
 */
export function choicesToEliminate(scheme: MarkingScheme, choices: number): number | null {
  const p = breakEvenProbability(scheme);
  for (let k = 0; k < choices - 1; k++) {
    if (1 / (choices - k) > p + 1e-12) return k;
  }
  return null;
}

export function adviseMarking(scheme: MarkingScheme, counts: AttemptCounts, choices = 4): MarkingAdvice {
  return {
    marksLostToWrong: round2(counts.wrong * scheme.wrong),
    marksLeftOnTable: round2(counts.skipped * scheme.correct),
    breakEvenProbability: Math.round(breakEvenProbability(scheme) * 10_000) / 10_000,
    eliminateToGuess: choicesToEliminate(scheme, choices),
  };
}

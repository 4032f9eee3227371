import type { ExamFamily } from '../constants';

/**
 * Practice and topic drills (issue 27, ADR 024): the rules both the server and the web read.
 *
 * Difficulty bands come from a question's facility in the item analysis of its quiz (the share of
 * participants who got it right, in percent). A question with no analysis yet (no participants) is
 * 'medium': it is neither known to be easy nor known to be hard. These are the only place the bands
 * are defined; the drill query reads them through `difficultyBand`'s bounds.
 */
export const DRILL_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type DrillDifficulty = (typeof DRILL_DIFFICULTIES)[number];

/** Facility (percent right) at or above which a question is easy, and below which it is hard. */
export const DIFFICULTY_BANDS = { easyFrom: 70, hardBelow: 40 } as const;

/** The band of a facility in percent (null: no item analysis, counted as medium). */
export function difficultyBand(facilityPercent: number | null): DrillDifficulty {
  if (facilityPercent === null) return 'medium';
  if (facilityPercent >= DIFFICULTY_BANDS.easyFrom) return 'easy';
  if (facilityPercent < DIFFICULTY_BANDS.hardBelow) return 'hard';
  return 'medium';
}

/** How many questions a drill can have. */
export const DRILL_COUNTS = [10, 20, 30] as const;
export type DrillCount = (typeof DRILL_COUNTS)[number];

/**
 * The exam's pace, in seconds per question, for a timed drill: the real paper's time divided by its
 * questions (UPSC prelims GS I: 120 min / 100; SSC CGL tier 1: 60 min / 100; IBPS PO prelims:
 * 60 min / 100; NEET: 200 min / 200; JEE Main: 180 min / 75). 'Other' quizzes take a minute each.
 */
export const EXAM_PACE_SECONDS: Readonly<Record<ExamFamily | 'Other', number>> = {
  UPSC: 72,
  SSC: 36,
  Banking: 36,
  NEET: 60,
  JEE: 144,
  Other: 60,
};

export function drillSeconds(exam: string, count: number): number {
  const pace = (EXAM_PACE_SECONDS as Record<string, number>)[exam] ?? EXAM_PACE_SECONDS.Other;
  return pace * count;
}

/** Previous-year papers: the year an admin tags a quiz with (a paper of that year's exam). */
export const PREVIOUS_YEAR_MIN = 1950;
export const PREVIOUS_YEAR_MAX = 2100;

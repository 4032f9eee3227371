import type { AdminQuizStatus, HistogramBin } from '../schemas/admin-quiz';

export interface QuizWindow {
  published: boolean;
  startTimeStamp: string | Date;
  endTimeStamp: string | Date;
}

/** Where a quiz stands for an admin: draft (unpublished), upcoming, live (start ≤ now < end) or ended. */
export function adminQuizStatus(quiz: QuizWindow, now: Date): AdminQuizStatus {
  if (!quiz.published) return 'draft';
  const t = now.getTime();
  if (t < new Date(quiz.startTimeStamp).getTime()) return 'upcoming';
  if (t < new Date(quiz.endTimeStamp).getTime()) return 'live';
  return 'ended';
}

export const ADMIN_QUIZ_STATUS_LABELS: Record<AdminQuizStatus, string> = {
  draft: 'Draft',
  upcoming: 'Upcoming',
  live: 'Live',
  ended: 'Ended',
};

/** Per-score bins are used up to this many possible scores; beyond it, ten percentage bins. */
const MAX_SCORE_BINS = 20;

/**
 * Score histogram for the details page. Whole-number scores on a small scale (the common case:
 * 1 mark per question, ≤ 20 questions) get one bar per score 0…max; anything else (negative or
 * fractional marking, long quizzes) gets ten bars by percentage of the maximum score.
 */
export function scoreHistogram(scores: number[], maxScore: number): HistogramBin[] {
  return scoreHistogramOfCounts(
    scores.map((score) => ({ score, count: 1 })),
    maxScore,
  );
}

/** The same histogram from (score, how many attempts have it) pairs, as the database groups them. */
export function scoreHistogramOfCounts(
  counts: readonly { score: number; count: number }[],
  maxScore: number,
): HistogramBin[] {
  const wholeScores = counts.every(({ score: s }) => Number.isInteger(s) && s >= 0);
  if (Number.isInteger(maxScore) && maxScore >= 0 && maxScore <= MAX_SCORE_BINS && wholeScores) {
    const bins: HistogramBin[] = Array.from({ length: maxScore + 1 }, (_, s) => ({
      label: String(s),
      from: s,
      to: s,
      count: 0,
    }));
    for (const { score, count } of counts) bins[Math.min(score, maxScore)]!.count += count;
    return bins;
  }
  const max = maxScore > 0 ? maxScore : 1;
  const bins: HistogramBin[] = Array.from({ length: 10 }, (_, i) => ({
    label: i === 9 ? '90–100%' : i === 0 ? '< 10%' : `${i * 10}–${i * 10 + 9}%`,
    from: i * 10,
    to: i === 9 ? 100 : i * 10 + 9,
    count: 0,
  }));
  for (const { score, count } of counts) {
    const percent = (score / max) * 100;
    const index = Math.max(0, Math.min(9, Math.floor(percent / 10)));
    bins[index]!.count += count;
  }
  return bins;
}

/** Mean rounded to two decimals; null when nobody has a score yet. */
export function averageScore(scores: number[]): number | null {
  if (scores.length === 0) return null;
  const sum = scores.reduce((a, b) => a + b, 0);
  return Math.round((sum / scores.length) * 100) / 100;
}

/** Rupees in the API, paise in the database. */
export const rupeesToPaise = (rupees: number): number => Math.round(rupees * 100);
export const paiseToRupees = (paise: number): number => paise / 100;

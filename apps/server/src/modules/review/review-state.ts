import { REVIEW_DEFAULTS, type ReviewCounts, type ReviewSettings } from '@quizcast/contract/schemas/review';
import { indiaDayKey, indiaDayStart } from '@quizcast/contract/domain/review';
import type { CardRow } from './review-cards.repository';
import type { ReviewQueueRepository } from './review-queue.repository';
import type { SettingsRow } from './review-settings.repository';
import type { CardState, SchedulingSettings } from './scheduler';

/** What the review queue and the review settings and stats both read. */

export const DAY_MS = 86_400_000;

export const cardState = (row: CardRow): CardState => ({
  due: row.due,
  stability: row.stability,
  difficulty: row.difficulty,
  scheduledDays: row.scheduledDays,
  learningSteps: row.learningSteps,
  reps: row.reps,
  lapses: row.lapses,
  state: row.state,
  lastReview: row.lastReview,
});

/** The learner's settings from their row (the defaults without one). */
export function settingsFrom(
  row: Omit<SettingsRow, 'userId' | 'updatedAt'> | null | undefined,
): ReviewSettings {
  if (!row) {
    return {
      desiredRetention: REVIEW_DEFAULTS.desiredRetention,
      examName: null,
      examDate: null,
      dailyNewLimit: REVIEW_DEFAULTS.dailyNewLimit,
      dailyReviewCap: REVIEW_DEFAULTS.dailyReviewCap,
      cardsFromPractice: true,
    };
  }
  return {
    desiredRetention: row.desiredRetention,
    examName: row.examName,
    examDate: row.examDate,
    dailyNewLimit: row.dailyNewLimit,
    dailyReviewCap: row.dailyReviewCap,
    cardsFromPractice: row.cardsFromPractice,
  };
}

/** The exam date counts only until it has passed. */
export function activeScheduling(settings: ReviewSettings, now: Date): SchedulingSettings {
  const examActive = settings.examDate !== null && indiaDayKey(now) <= settings.examDate;
  return { desiredRetention: settings.desiredRetention, examDate: examActive ? settings.examDate : null };
}

/** The learner's queue counts now (due now, due by the end of the IST day, new, learning, suspended). */
export async function countsOf(
  repo: Pick<ReviewQueueRepository, 'counts'>,
  userId: string,
  now: Date,
): Promise<ReviewCounts> {
  const dayEnd = new Date(indiaDayStart(now).getTime() + DAY_MS);
  const c = await repo.counts(userId, now, dayEnd);
  return {
    dueNow: c.dueNow,
    dueToday: c.dueToday,
    new: c.newCount,
    learning: c.learning,
    suspended: c.suspended,
    nextDueAt: c.nextDueAt?.toISOString() ?? null,
  };
}

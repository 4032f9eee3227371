import { z } from 'zod';
import { REVIEW_MESSAGES } from '../messages/review';
import { indiaDayKey } from '../domain/review';
import { questionTextFields } from './question-text';

/** Spaced repetition (ADR 011): the queue, grading, stats and settings. */

export const REVIEW_DEFAULTS = {
  desiredRetention: 0.9,
  dailyNewLimit: 20,
  dailyReviewCap: 200,
} as const;

export const REVIEW_LIMITS = {
  minRetention: 0.8,
  maxRetention: 0.97,
  maxDailyNewLimit: 500,
  maxDailyReviewCap: 2000,
  /** A review may be stamped at most this far in the future (clock drift on a phone). */
  futureToleranceMs: 5 * 60_000,
  maxQueueLimit: 200,
  /** Lapses after which a card is suspended as a leech. */
  leechLapses: 8,
  /** Cards kept on the device for offline review: due within this window, at most maxQueueLimit. */
  offlineWindowMs: 24 * 60 * 60_000,
} as const;

export { REVIEW_MESSAGES };

export const REVIEW_RATINGS = [1, 2, 3, 4] as const;
export type ReviewRating = (typeof REVIEW_RATINGS)[number];
export const RATING_LABELS: Record<ReviewRating, string> = { 1: 'Again', 2: 'Hard', 3: 'Good', 4: 'Easy' };

export const cardIdParamsSchema = z.object({ cardId: z.uuid({ message: 'Invalid card id' }) });

export const reviewQueueQuerySchema = z.object({
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int({ message: 'limit must be a whole number' })
    .min(1, { message: 'limit must be at least 1' })
    .max(REVIEW_LIMITS.maxQueueLimit, { message: `limit must be at most ${REVIEW_LIMITS.maxQueueLimit}` })
    .default(50),
  /** Also return cards due within the next 24 hours (offline copy, "Practise ahead"). */
  ahead: z
    .enum(['true', 'false'], { message: 'ahead must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

/** The next interval for each rating, in milliseconds from now (what the grade buttons show). */
export const intervalsSchema = z.object({
  1: z.number().int(),
  2: z.number().int(),
  3: z.number().int(),
  4: z.number().int(),
});
export type Intervals = z.infer<typeof intervalsSchema>;

export const CARD_STATES = ['new', 'learning', 'review', 'relearning'] as const;

/** A due card with its question. The answer and explanation are public: the results are published. */
export const reviewCardSchema = z.object({
  cardId: z.string(),
  questionId: z.string(),
  quizId: z.string(),
  quizName: z.string(),
  qn: z.string(),
  choices: z.array(z.string()),
  ansIndex: z.number().int(),
  explanation: z.string().nullable(),
  lang: z.enum(['en', 'hi']),
  audioUrl: z.string().nullable(),
  /** Numeric questions (issue 12): no choices; the learner types a number, graded ± `tolerance`. */
  type: z.literal('numeric').optional(),
  numericAnswer: z.string().nullable().optional(),
  tolerance: z.string().nullable().optional(),
  /** Formulas rendered on the server and the Hindi version (ADR 019). */
  ...questionTextFields,
  source: z.enum(['wrong', 'skipped', 'unsure', 'manual']),
  state: z.enum(CARD_STATES),
  due: z.string(),
  createdAt: z.string(),
  lapses: z.number().int(),
  intervals: intervalsSchema,
});
export type ReviewCard = z.infer<typeof reviewCardSchema>;

export const reviewCountsSchema = z.object({
  dueNow: z.number().int(),
  dueToday: z.number().int(),
  new: z.number().int(),
  learning: z.number().int(),
  suspended: z.number().int(),
  /** The earliest due time of an active card, or null when there is none. */
  nextDueAt: z.string().nullable(),
});
export type ReviewCounts = z.infer<typeof reviewCountsSchema>;

export const reviewQueueResponseSchema = z.object({
  cards: z.array(reviewCardSchema),
  counts: reviewCountsSchema,
  /** The learner's median review time, for suggesting Hard on a slow right answer (null: too few). */
  medianDurationMs: z.number().int().nullable(),
  serverTime: z.string(),
});
export type ReviewQueueResponse = z.infer<typeof reviewQueueResponseSchema>;

export const gradeReviewBodySchema = z.object({
  reviewId: z.uuid({ message: REVIEW_MESSAGES.reviewIdInvalid }),
  rating: z
    .number({ message: REVIEW_MESSAGES.ratingRange })
    .int({ message: REVIEW_MESSAGES.ratingRange })
    .min(1, { message: REVIEW_MESSAGES.ratingRange })
    .max(4, { message: REVIEW_MESSAGES.ratingRange }),
  selectedOption: z.string().max(2000).nullable(),
  reviewedAt: z.iso.datetime({ offset: true, message: REVIEW_MESSAGES.reviewedAtInvalid }),
  durationMs: z
    .number({ message: REVIEW_MESSAGES.durationInvalid })
    .int({ message: REVIEW_MESSAGES.durationInvalid })
    .min(0, { message: REVIEW_MESSAGES.durationInvalid })
    .max(3_600_000, { message: REVIEW_MESSAGES.durationInvalid }),
});
export type GradeReviewBody = z.infer<typeof gradeReviewBodySchema>;

export const gradeReviewResponseSchema = z.object({
  cardId: z.string(),
  due: z.string(),
  state: z.enum(CARD_STATES),
  reps: z.number().int(),
  lapses: z.number().int(),
  stability: z.number(),
  suspended: z.boolean(),
  /** False when this reviewId had already been applied (a replay): nothing changed. */
  applied: z.boolean(),
});
export type GradeReviewResponse = z.infer<typeof gradeReviewResponseSchema>;

export const addCardBodySchema = z.object({
  questionId: z.uuid({ message: 'Question id must be a UUID' }),
});

export const addCardResponseSchema = z.object({
  cardId: z.string(),
  created: z.boolean(),
});

export const messageResponseSchema = z.object({ message: z.string() });

const examDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: REVIEW_MESSAGES.examDateInvalid })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { message: REVIEW_MESSAGES.examDateInvalid });

export const reviewSettingsSchema = z.object({
  desiredRetention: z
    .number({ message: REVIEW_MESSAGES.retentionRange })
    .min(REVIEW_LIMITS.minRetention, { message: REVIEW_MESSAGES.retentionRange })
    .max(REVIEW_LIMITS.maxRetention, { message: REVIEW_MESSAGES.retentionRange }),
  examName: z.string().trim().max(80, { message: REVIEW_MESSAGES.examNameTooLong }).nullable(),
  examDate: examDateSchema.nullable(),
  dailyNewLimit: z
    .number({ message: REVIEW_MESSAGES.dailyNewLimitRange })
    .int({ message: REVIEW_MESSAGES.dailyNewLimitRange })
    .min(0, { message: REVIEW_MESSAGES.dailyNewLimitRange })
    .max(REVIEW_LIMITS.maxDailyNewLimit, { message: REVIEW_MESSAGES.dailyNewLimitRange }),
  dailyReviewCap: z
    .number({ message: REVIEW_MESSAGES.dailyReviewCapRange })
    .int({ message: REVIEW_MESSAGES.dailyReviewCapRange })
    .min(1, { message: REVIEW_MESSAGES.dailyReviewCapRange })
    .max(REVIEW_LIMITS.maxDailyReviewCap, { message: REVIEW_MESSAGES.dailyReviewCapRange }),
  /** Wrong answers in practice and drills become cards (issue 27); absent: on. */
  cardsFromPractice: z.boolean().default(true),
});
export type ReviewSettings = z.infer<typeof reviewSettingsSchema>;

export const forecastDaySchema = z.object({ date: z.string(), count: z.number().int() });

export const leechSchema = z.object({
  cardId: z.string(),
  questionId: z.string(),
  quizId: z.string(),
  quizName: z.string(),
  qn: z.string(),
  lapses: z.number().int(),
});

export const reviewStatsResponseSchema = z.object({
  counts: reviewCountsSchema,
  /** Reviews made today (India time). */
  doneToday: z.number().int(),
  /** Consecutive days (India time) with at least one review, ending today or yesterday. */
  streakDays: z.number().int(),
  /** Share of reviews in the last 30 days not graded Again; null when there were none. */
  retention30d: z.number().nullable(),
  reviews30d: z.number().int(),
  /** Cards falling due on each of the next 14 days (day 0 = today, including overdue). */
  forecast: z.array(forecastDaySchema),
  leeches: z.array(leechSchema),
  settings: reviewSettingsSchema,
});
export type ReviewStats = z.infer<typeof reviewStatsResponseSchema>;

/**
 * The settings body checked against a clock as well (an exam date may not be in the past, India
 * time), as a field refinement so a bad retention and a past date are listed together.
 */
export function reviewSettingsBodySchemaAt(now: () => Date) {
  return reviewSettingsSchema.extend({
    examDate: examDateSchema
      .refine((day) => day >= indiaDayKey(now()), { message: REVIEW_MESSAGES.examDatePast })
      .nullable(),
  });
}

/** The grade body checked against a clock as well: `reviewedAt` at most 5 minutes ahead of it. */
export function gradeReviewBodySchemaAt(now: () => Date) {
  return gradeReviewBodySchema.extend({
    reviewedAt: gradeReviewBodySchema.shape.reviewedAt.refine(
      (at) => Date.parse(at) <= now().getTime() + REVIEW_LIMITS.futureToleranceMs,
      { message: REVIEW_MESSAGES.reviewedAtFuture },
    ),
  });
}

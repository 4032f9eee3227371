import { z } from 'zod';
import { QUESTION_TYPES } from '../domain/numeric-answer';
import { QUESTION_LANGS } from './question-rules';

/** A quiz as an admin reads it (issue 7): the list, one quiz with its questions and statistics, a deletion. */

export const ADMIN_QUIZ_STATUSES = ['draft', 'upcoming', 'live', 'ended'] as const;
export type AdminQuizStatus = (typeof ADMIN_QUIZ_STATUSES)[number];

export const adminQuestionSchema = z.object({
  _id: z.string(),
  qn: z.string(),
  choices: z.array(z.string()),
  ansIndex: z.number().int(),
  explanation: z.string().nullable(),
  lang: z.enum(QUESTION_LANGS),
  topic: z.string().nullable(),
  qnHi: z.string().nullable(),
  choicesHi: z.array(z.string()).nullable(),
  explanationHi: z.string().nullable(),
  /** The attached recording (played instead of speech), if any. */
  audioUrl: z.string().nullable(),
  type: z.enum(QUESTION_TYPES),
  /** Numeric questions: the answer and tolerance as exact decimal text; null otherwise. */
  numericAnswer: z.string().nullable(),
  tolerance: z.string().nullable(),
  /** Index into the quiz's sections (issue 26); null: none. */
  section: z.number().int().nullable().optional(),
});
export type AdminQuestion = z.infer<typeof adminQuestionSchema>;

const quizFields = {
  _id: z.string(),
  name: z.string(),
  desc: z.string(),
  exam: z.string(),
  class: z.string(),
  duration: z.number().int(),
  startTimeStamp: z.string(),
  endTimeStamp: z.string(),
  /** Rupees (0 = free). */
  price: z.number(),
  published: z.boolean(),
  status: z.enum(ADMIN_QUIZ_STATUSES),
  resultsPublished: z.boolean(),
};

export const adminQuizListItemSchema = z.object({
  ...quizFields,
  questionCount: z.number().int(),
  /** Everyone who started (in progress or submitted). */
  attemptCount: z.number().int(),
  submittedCount: z.number().int(),
});
export type AdminQuizListItem = z.infer<typeof adminQuizListItemSchema>;

export const adminQuizListResponseSchema = z.object({
  quizzes: z.array(adminQuizListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AdminQuizListResponse = z.infer<typeof adminQuizListResponseSchema>;

export const histogramBinSchema = z.object({
  label: z.string(),
  from: z.number(),
  to: z.number(),
  count: z.number().int(),
});
export type HistogramBin = z.infer<typeof histogramBinSchema>;

export const adminQuizStatsSchema = z.object({
  attempted: z.number().int(),
  inProgress: z.number().int(),
  submitted: z.number().int(),
  averageScore: z.number().nullable(),
  highestScore: z.number().nullable(),
  maxScore: z.number(),
  histogram: z.array(histogramBinSchema),
});
export type AdminQuizStats = z.infer<typeof adminQuizStatsSchema>;

export const adminQuizSchema = z.object({
  ...quizFields,
  markingScheme: z.object({ correct: z.number(), wrong: z.number() }),
  instructions: z.array(z.string()),
  /** The submit response carries the score (ADR 014). */
  showScoreOnSubmit: z.boolean(),
  /** Per-learner question and choice order (ADR 014). */
  shuffleQuestions: z.boolean(),
  shuffleChoices: z.boolean(),
  /** Issue 26 (ADR 022): the navigation rule and the sections in order (each question names its index). */
  navigation: z.enum(['free', 'locked']).optional(),
  sections: z
    .array(
      z.object({
        name: z.string(),
        nameHi: z.string(),
        duration: z.number().int().nullable(),
        markingScheme: z.object({ correct: z.number(), wrong: z.number() }).nullable(),
        cutoff: z.number().nullable(),
      }),
    )
    .optional(),
  /** A previous-year paper: the year of its exam (issue 27); null when it is not one. */
  previousYear: z.number().int().nullable(),
  questions: z.array(adminQuestionSchema),
  /** True once anyone has started: questions, choices, answers, duration and start are frozen. */
  locked: z.boolean(),
  stats: adminQuizStatsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminQuiz = z.infer<typeof adminQuizSchema>;

export const deleteQuizResponseSchema = z.object({ _id: z.string(), deleted: z.literal(true) });

import { z } from 'zod';
import { QUESTION_TYPES } from '../domain/numeric-answer';

/**
 * Performance analytics (issue 14): the learner's progress page, a quiz's Analysis tab, the admin's
 * item analysis and answer-key correction. Every figure comes from published attempts only.
 */

// Paths without zod, for screens that only read (issue 17's budgets); re-exported here.
export { ANALYTICS_PATHS, analyticsPath } from '../analytics-paths';

export const ANALYTICS_MESSAGES = {
  quizNotFound: 'Quiz not found',
  notAttended: 'You did not attend this quiz',
  notPublished: 'Results are not published yet',
  preparing: 'The analysis of this quiz is being prepared; try again in a minute',
  windowOpen:
    'Answer keys can be corrected only after results are published; this quiz is still open or its results are not out yet',
} as const;

/** The reason an admin gives for a key correction. */
export const KEY_CORRECTION_REASON_MAX = 500;

/** Share of participants in each of the top and bottom groups of the discrimination index. */
export const DISCRIMINATION_GROUP_SHARE = 0.27;
/** The "top 10%" for time comparisons. */
export const TOP_SHARE = 0.1;

/** The progress page's trend shows the learner's last this many published quizzes (ADR 017). */
export const TREND_POINTS = 30;

export const analyticsQuizParamsSchema = z.object({ quizId: z.string() });

// ---- learner: progress ---------------------------------------------------------------------------

/** Correct answers out of questions seen (skipped count as not correct); accuracy 0–100, 1 decimal. */
export const accuracyRowSchema = z.object({
  label: z.string(),
  questions: z.number().int(),
  correct: z.number().int(),
  accuracy: z.number(),
});
export type AccuracyRow = z.infer<typeof accuracyRowSchema>;

export const trendPointSchema = z.object({
  quizId: z.string(),
  name: z.string(),
  exam: z.string(),
  publishedAt: z.string(),
  score: z.number(),
  maxScore: z.number(),
  /** score / maxScore × 100, 1 decimal (negative when negative marking outweighs). */
  scorePercent: z.number(),
  rank: z.number().int(),
  participants: z.number().int(),
  /** NTA percentile (share at or below you), 2 decimals. */
  percentile: z.number(),
  /**
   * Issue 26: a sectional quiz's figures section by section, in order (absent without sections):
   * the section's score out of its maximum, and its cut-off cleared or not (null: no cut-off).
   */
  sections: z
    .array(
      z.object({
        name: z.string(),
        nameHi: z.string(),
        score: z.number(),
        maxScore: z.number(),
        cleared: z.boolean().nullable(),
      }),
    )
    .optional(),
});
export type TrendPoint = z.infer<typeof trendPointSchema>;

export const progressResponseSchema = z.object({
  /** The last TREND_POINTS published quizzes, oldest first. */
  trend: z.array(trendPointSchema),
  /** How many published quizzes every other figure covers (the trend shows the last TREND_POINTS). */
  quizzes: z.number().int(),
  /** Weakest first (lowest accuracy, then more questions first). */
  byExam: z.array(accuracyRowSchema),
  byTopic: z.array(accuracyRowSchema),
  speed: z.object({
    /** Questions with timing data (older attempts have none). */
    timedQuestions: z.number().int(),
    yourAvgMs: z.number().nullable(),
    /** Over the same questions: the mean of each question's median time among its quiz's top 10%. */
    top10MedianMs: z.number().nullable(),
  }),
  strategy: z.object({
    questions: z.number().int(),
    attempted: z.number().int(),
    skipped: z.number().int(),
    correct: z.number().int(),
    /** correct / attempted × 100, 1 decimal; null when nothing was attempted. */
    accuracyOnAttempted: z.number().nullable(),
  }),
  recall: z.object({
    cards: z.number().int(),
    due: z.number().int(),
    reviews: z.number().int(),
    /** Share of reviews not rated "Again", 0–100, 1 decimal; null without reviews. */
    retention: z.number().nullable(),
    lapsingTopics: z.array(z.object({ topic: z.string(), lapses: z.number().int() })),
  }),
});
export type ProgressResponse = z.infer<typeof progressResponseSchema>;

// ---- learner: one quiz's analysis ----------------------------------------------------------------

export const keyCorrectionNoteSchema = z.object({
  number: z.number().int(),
  correctedAt: z.string(),
  dropped: z.boolean(),
});
export type KeyCorrectionNote = z.infer<typeof keyCorrectionNoteSchema>;

export const quizAnalysisResponseSchema = z.object({
  quizId: z.string(),
  name: z.string(),
  markingScheme: z.object({ correct: z.number(), wrong: z.number() }),
  byTopic: z.array(
    z.object({
      label: z.string(),
      questions: z.number().int(),
      correct: z.number().int(),
      wrong: z.number().int(),
      skipped: z.number().int(),
      marks: z.number(),
      maxMarks: z.number(),
      accuracy: z.number(),
    }),
  ),
  timing: z.object({
    /** False when this attempt has no time per question (older attempts). */
    hasData: z.boolean(),
    questions: z.array(
      z.object({
        number: z.number().int(),
        yourMs: z.number().nullable(),
        top10MedianMs: z.number().nullable(),
      }),
    ),
    /** Your five longest questions, longest first. */
    timeSinks: z.array(
      z.object({ number: z.number().int(), yourMs: z.number(), top10MedianMs: z.number().nullable() }),
    ),
  }),
  advisor: z.object({
    correct: z.number().int(),
    wrong: z.number().int(),
    skipped: z.number().int(),
    marksLostToWrong: z.number(),
    marksLeftOnTable: z.number(),
    breakEvenProbability: z.number(),
    eliminateToGuess: z.number().int().nullable(),
  }),
  /** "N% of participants got this right", by question id. */
  questions: z.array(z.object({ qnId: z.string(), number: z.number().int(), percentCorrect: z.number() })),
  corrections: z.array(keyCorrectionNoteSchema),
});
export type QuizAnalysisResponse = z.infer<typeof quizAnalysisResponseSchema>;

// ---- admin: item analysis --------------------------------------------------------------------------

export const ITEM_FLAGS = ['negative-discrimination', 'distractor-beats-key'] as const;
export type ItemFlag = (typeof ITEM_FLAGS)[number];
export const ITEM_FLAG_LABELS: Record<ItemFlag, string> = {
  'negative-discrimination': 'Check the key: weaker participants did better than stronger ones',
  'distractor-beats-key': 'Check the key: the top group chose a wrong option more than the keyed one',
};

export const itemRowSchema = z.object({
  questionId: z.string(),
  number: z.number().int(),
  qn: z.string(),
  topic: z.string().nullable(),
  choices: z.array(z.string()),
  ansIndex: z.number().int(),
  /** A numeric question (issue 12) has no options: its shares are correct / wrong / skipped. */
  type: z.enum(QUESTION_TYPES),
  numericAnswer: z.string().nullable(),
  tolerance: z.string().nullable(),
  dropped: z.boolean(),
  /** % correct among participants, 1 decimal. */
  facility: z.number(),
  /** (top-group correct − bottom-group correct) / group size, −1…1, 2 decimals; null under 2 participants. */
  discrimination: z.number().nullable(),
  options: z.array(
    z.object({ choice: z.string(), count: z.number().int(), share: z.number(), topShare: z.number() }),
  ),
  skipped: z.number().int(),
  skippedShare: z.number(),
  /** % who answered wrong (neither correct nor skipped), 1 decimal. */
  wrongShare: z.number(),
  avgTimeMs: z.number().nullable(),
  flags: z.array(z.enum(ITEM_FLAGS)),
  /** Issue 26: the index of the question's section in the response's `sections`; null: none. */
  section: z.number().int().nullable().optional(),
});
export type ItemRow = z.infer<typeof itemRowSchema>;

export const keyCorrectionSchema = z.object({
  _id: z.string(),
  number: z.number().int(),
  oldAnsIndex: z.number().int(),
  newAnsIndex: z.number().int().nullable(),
  dropped: z.boolean(),
  reason: z.string(),
  adminName: z.string().nullable(),
  createdAt: z.string(),
});
export type KeyCorrection = z.infer<typeof keyCorrectionSchema>;

export const itemAnalysisResponseSchema = z.object({
  quiz: z.object({ _id: z.string(), name: z.string() }),
  participants: z.number().int(),
  groupSize: z.number().int(),
  computedAt: z.string().nullable(),
  items: z.array(itemRowSchema),
  corrections: z.array(keyCorrectionSchema),
  /**
   * Issue 26: the quiz's sections in order, each with its live questions' mean facility (1 decimal;
   * null when none is live), so the items can be read section by section. [] without sections.
   */
  sections: z
    .array(
      z.object({
        name: z.string(),
        nameHi: z.string(),
        questions: z.number().int(),
        facility: z.number().nullable(),
      }),
    )
    .optional(),
});
export type ItemAnalysisResponse = z.infer<typeof itemAnalysisResponseSchema>;

export const keyCorrectionBodySchema = z
  .object({
    questionId: z.string({ error: 'questionId is required' }),
    /** The new correct choice (0-based); omit when dropping. */
    ansIndex: z
      .number({ error: 'ansIndex must be a number' })
      .int('ansIndex must be a whole number')
      .optional(),
    /** Drop the question: it then scores nothing for anyone. */
    drop: z.boolean({ error: 'drop must be true or false' }).optional(),
    /**
     * Required. Optional in the schema only so that a missing reason is listed in the same 400 as
     * the problems the server finds (an unknown question, a key outside the choices).
     */
    reason: z
      .string({ error: 'The reason must be text' })
      .trim()
      .max(KEY_CORRECTION_REASON_MAX, `The reason must be at most ${KEY_CORRECTION_REASON_MAX} characters`)
      .optional(),
  })
  .superRefine((body, ctx) => {
    const drop = body.drop === true;
    if (drop === (body.ansIndex !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['ansIndex'], message: 'Give either a new answer or drop: true' });
    }
  });
export type KeyCorrectionBody = z.input<typeof keyCorrectionBodySchema>;

export const keyCorrectionResponseSchema = z.object({
  /** False when the key already was this (nothing re-scored, nothing recorded). */
  changed: z.boolean(),
  rescored: z.number().int(),
  participants: z.number().int(),
  correction: keyCorrectionSchema.nullable(),
});
export type KeyCorrectionResponse = z.infer<typeof keyCorrectionResponseSchema>;

import { z } from 'zod';
import { questionTextFields } from './question-text';

/** Results: the participant's summary, the public latest-result podium and a quiz's leaderboard. */

export const quizIdParamsSchema = z.object({
  quizId: z.uuid({ message: 'Invalid quiz id' }),
});

export const RESULT_MESSAGES = {
  notPublished: 'Results will be available after the quiz ends',
  notAttended: 'You did not attend this quiz',
  quizNotFound: 'Quiz not found',
} as const;

/** A question in the summary: the answer and explanation are included (results are published). */
export const summaryQuestionSchema = z.object({
  _id: z.string(),
  qn: z.string(),
  choices: z.array(z.string()),
  ansIndex: z.number().int(),
  explanation: z.string().nullable().optional(),
  /** Language the question is read aloud in (Listen). */
  lang: z.enum(['en', 'hi']).optional(),
  /** A recording of the question, played instead of synthesized speech. */
  audioUrl: z.string().nullable().optional(),
  /** Numeric questions (issue 12): no choices; the answer is `numericAnswer` ± `tolerance`. */
  type: z.literal('numeric').optional(),
  numericAnswer: z.string().nullable().optional(),
  tolerance: z.string().nullable().optional(),
  /** Index into the summary's `sections` (issue 26); absent in a quiz without sections. */
  section: z.number().int().min(0).optional(),
  /** Formulas rendered on the server and the Hindi version (ADR 019). */
  ...questionTextFields,
});
export type SummaryQuestion = z.infer<typeof summaryQuestionSchema>;

export const summaryAnswerSchema = z.object({
  qnId: z.string(),
  /** The chosen choice's text (a numeric question: the number typed); null when left unanswered. */
  selectedOption: z.string().nullable(),
  isCorrect: z.boolean(),
});
export type SummaryAnswer = z.infer<typeof summaryAnswerSchema>;

/**
 * One section's result in the summary (issue 26, ADR 022): only after publication, like every score.
 * `rank`: standard competition rank by this section's score among the quiz's participants.
 */
export const sectionResultSchema = z.object({
  name: z.string(),
  nameHi: z.string(),
  questionCount: z.number().int().min(0),
  maxScore: z.number(),
  score: z.number(),
  correct: z.number().int().min(0),
  wrong: z.number().int().min(0),
  attempted: z.number().int().min(0),
  /** correct ÷ attempted × 100, two decimals; null when nothing was attempted. */
  accuracy: z.number().nullable(),
  /** The section's cut-off score, and whether this score reaches it (null: no cut-off). */
  cutoff: z.number().nullable(),
  cleared: z.boolean().nullable(),
  rank: z.number().int().min(1),
  /** A locked quiz: how long the section ran for this learner; null in a free quiz. */
  timeTakenMs: z.number().int().min(0).nullable(),
});
export type SectionResult = z.infer<typeof sectionResultSchema>;

export const quizSummaryResponseSchema = z.object({
  data: z.object({
    quizDetails: z.object({
      _id: z.string(),
      name: z.string(),
      desc: z.string(),
      /** Minutes allowed. */
      duration: z.number().int(),
      class: z.string(),
      questions: z.array(summaryQuestionSchema),
    }),
    quizzSummary: z.object({
      score: z.number(),
      startedAt: z.string(),
      submittedAt: z.string().nullable(),
      /** One entry per question, in question order. */
      answers: z.array(summaryAnswerSchema),
      /** Minutes this attempt was allowed (the duration, or more with compensatory time; ADR 023). */
      allowedMinutes: z.number().min(0),
      /** The attempt had more time than the quiz's duration: its time is ranked per minute allowed. */
      withCompensatoryTime: z.boolean(),
    }),
    /**
     * Standard competition rank over (score desc, time taken ÷ time allowed asc): ties share a rank,
     * "1, 2, 2, 4" (ADR 023: with compensatory time, time counts per minute allowed).
     */
    rank: z.number().int().min(1),
    totalParticipants: z.number().int().min(1),
    /**
     * Percentage of participants whose result is equal to or below this one (as NTA percentiles are
     * defined): (totalParticipants − rank + 1) / totalParticipants × 100, two decimals. Rank 1 is 100.
     */
    percentile: z.number().min(0).max(100),
    /** A quiz with sections: one entry per section, in order (absent otherwise). */
    sections: z.array(sectionResultSchema).optional(),
    /** Every section's cut-off cleared (null: no section has one); only with `sections`. */
    cutoffCleared: z.boolean().nullable().optional(),
  }),
});
export type QuizSummaryResponse = z.infer<typeof quizSummaryResponseSchema>;
export type QuizSummary = QuizSummaryResponse['data'];

/** A participant as public result lists show them: name and picture, never a phone number. */
export const publicParticipantSchema = z.object({
  name: z.string(),
  profilePicUrl: z.string().nullable(),
});

export const latestResultEntrySchema = z.object({
  _id: z.string(),
  score: z.number(),
  /** Seconds. */
  elapsedTime: z.number().int().min(0),
  userId: publicParticipantSchema,
});
export type LatestResultEntry = z.infer<typeof latestResultEntrySchema>;

export const latestResultQuizSchema = z.object({
  _id: z.string(),
  name: z.string(),
  class: z.string(),
  /** The highest score possible (questions × points for a correct answer). */
  maxScore: z.number(),
});

export const latestResultResponseSchema = z.object({
  results: z.array(latestResultEntrySchema),
  quiz: latestResultQuizSchema.nullable(),
});
export type LatestResultResponse = z.infer<typeof latestResultResponseSchema>;

export { LATEST_RESULT_CACHE_SECONDS } from '../constants';

export const LEADERBOARD_PAGE_SIZE = 20;
export const LEADERBOARD_MAX_LIMIT = 100;

export const leaderboardQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page must be at least 1').default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be at least 1')
    .max(LEADERBOARD_MAX_LIMIT, `limit must be at most ${LEADERBOARD_MAX_LIMIT}`)
    .default(LEADERBOARD_PAGE_SIZE),
});

export const leaderboardEntrySchema = z.object({
  _id: z.string(),
  rank: z.number().int().min(1),
  score: z.number(),
  /** Seconds. */
  elapsedTime: z.number().int().min(0),
  userId: publicParticipantSchema,
  /** True on the signed-in participant's own row. */
  isMe: z.boolean(),
  /** The attempt had more time than the quiz's duration (ADR 023): its time is ranked per minute allowed. */
  withCompensatoryTime: z.boolean(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardResponseSchema = z.object({
  results: z.array(leaderboardEntrySchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
});
export type LeaderboardResponse = z.infer<typeof leaderboardResponseSchema>;

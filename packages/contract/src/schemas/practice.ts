import { z } from 'zod';
import { EXAM_FAMILIES } from '../constants';
import { DRILL_COUNTS, DRILL_DIFFICULTIES, PREVIOUS_YEAR_MAX, PREVIOUS_YEAR_MIN } from '../domain/practice';
import { PRACTICE_MESSAGES } from '../messages/practice';
import { answerSchema, attemptQuestionSchema } from './quiz';
import { questionTextFields } from './question-text';
import { participantQuizIdParamSchema, unknownIdParam } from './ids';

/**
 * Practice (issue 27, ADR 024): any published quiz, again and again, and topic drills from the bank.
 * A practice attempt is a set of question ids the server chose (a quiz's questions, a drill's draw),
 * timed or untimed, kept apart from contest attempts. Answers, explanations and scores appear only
 * for questions of quizzes whose results are published.
 */

const isoDateTime = z.iso.datetime({ offset: true });
const QUIZ_EXAMS = [...EXAM_FAMILIES, 'Other'] as const;
const booleanText = z.enum(['true', 'false']).transform((v) => v === 'true');

export const practiceQuizListQuerySchema = z.object({
  exam: z.enum(QUIZ_EXAMS, { message: `exam must be one of ${QUIZ_EXAMS.join(', ')}` }).optional(),
  topic: z.string().trim().min(1).max(60, 'topic must be at most 60 characters').optional(),
  /** Only previous-year papers ("true"), or only other quizzes ("false"). */
  previousYear: booleanText.optional(),
});
export type PracticeQuizListQuery = z.input<typeof practiceQuizListQuerySchema>;
export type PracticeQuizFilters = z.infer<typeof practiceQuizListQuerySchema>;

export const practiceQuizSchema = z.object({
  _id: z.string(),
  name: z.string(),
  exam: z.string(),
  /** Minutes: a timed practice runs this long. */
  duration: z.number().int(),
  questionCount: z.number().int(),
  topics: z.array(z.string()),
  /** The year of the exam paper this quiz is, when an admin tagged it as a previous-year paper. */
  previousYear: z.number().int().nullable(),
  /** Base price in rupees; 0 is free. */
  price: z.number(),
  /** Free, or unlocked by this learner: practice can start. */
  unlocked: z.boolean(),
  /** How many practice attempts this learner has made of it. */
  practiceCount: z.number().int(),
  resultsPublishedAt: isoDateTime,
});
export type PracticeQuiz = z.infer<typeof practiceQuizSchema>;

export const practiceQuizListResponseSchema = z.object({ quizzes: z.array(practiceQuizSchema) });
export type PracticeQuizListResponse = z.infer<typeof practiceQuizListResponseSchema>;

export const practiceTopicsQuerySchema = z.object({
  exam: z.enum(QUIZ_EXAMS, { message: `exam must be one of ${QUIZ_EXAMS.join(', ')}` }),
});
export const practiceTopicsResponseSchema = z.object({
  /** Each topic with how many questions it has in all and in each difficulty band. */
  topics: z.array(
    z.object({
      topic: z.string(),
      questions: z.number().int(),
      easy: z.number().int(),
      medium: z.number().int(),
      hard: z.number().int(),
    }),
  ),
});
export type PracticeTopicsResponse = z.infer<typeof practiceTopicsResponseSchema>;

/** How a practice runs: against the clock or not, and with feedback after each answer or not. */
export const practiceModeSchema = z.object({
  timed: z.boolean({ message: 'timed must be true or false' }),
  instantFeedback: z.boolean({ message: 'instantFeedback must be true or false' }),
});
export type PracticeMode = z.infer<typeof practiceModeSchema>;

export const startPracticeBodySchema = practiceModeSchema;

export const startDrillBodySchema = practiceModeSchema.extend({
  exam: z.enum(QUIZ_EXAMS, { message: `exam must be one of ${QUIZ_EXAMS.join(', ')}` }),
  topics: z
    .array(z.string().trim().min(1).max(60, 'topic must be at most 60 characters'))
    .min(1, 'Pick at least one topic')
    .max(20, 'Pick at most 20 topics'),
  difficulty: z.enum(DRILL_DIFFICULTIES, { message: 'difficulty must be easy, medium or hard' }),
  count: z
    .number({ message: 'count must be 10, 20 or 30' })
    .refine((n) => (DRILL_COUNTS as readonly number[]).includes(n), 'count must be 10, 20 or 30'),
});
export type StartDrillBody = z.infer<typeof startDrillBodySchema>;

/** What a learner sees after answering one question (instant feedback), or at the end. */
export const practiceFeedbackSchema = z.object({
  qnId: z.string(),
  outcome: z.enum(['right', 'wrong', 'skipped', 'dropped']),
  /** The keyed choice's text, or the numeric answer. */
  correctAnswer: z.string(),
  explanation: z.string().nullable(),
  /** Formulas (explanation included) and the Hindi version with its explanation. */
  ...questionTextFields,
});
export type PracticeFeedback = z.infer<typeof practiceFeedbackSchema>;

/** One question's feedback before it is answered: the outcome of each choice, and what it shows. */
export const practiceOfflineKeySchema = z.object({
  qnId: z.string(),
  outcomes: z.record(z.string(), practiceFeedbackSchema.shape.outcome),
  feedback: practiceFeedbackSchema.omit({ qnId: true, outcome: true }),
});
export type PracticeOfflineKey = z.infer<typeof practiceOfflineKeySchema>;

export const predictedRankSchema = z.object({
  /** The rank the real results would give (ties share it: standard competition rank). */
  rank: z.number().int(),
  /** Best and worst place: equal unless someone of the field has exactly this score and time. */
  bestRank: z.number().int(),
  worstRank: z.number().int(),
  /** The published field plus this learner. */
  of: z.number().int(),
  percentile: z.number(),
});
export type PredictedRank = z.infer<typeof predictedRankSchema>;

export const practiceResultSchema = z.object({
  score: z.number(),
  maxScore: z.number(),
  correctCount: z.number().int(),
  wrongCount: z.number().int(),
  totalQuestions: z.number().int(),
  elapsedMs: z.number().int(),
  /** A timed practice of a published quiz: where it would have ranked. */
  predictedRank: predictedRankSchema.nullable(),
  feedback: z.array(practiceFeedbackSchema),
});
export type PracticeResult = z.infer<typeof practiceResultSchema>;

/** A practice of a quiz, a topic drill, or a learner's daily five (issue 28). */
export const PRACTICE_KINDS = ['quiz', 'drill', 'daily_five'] as const;

export const practiceAttemptSchema = z.object({
  _id: z.string(),
  kind: z.enum(PRACTICE_KINDS),
  /** The practised quiz (kind 'quiz'). */
  quizId: z.string().nullable(),
  title: z.string(),
  exam: z.string(),
  timed: z.boolean(),
  instantFeedback: z.boolean(),
  startedAt: isoDateTime,
  /** Timed: when the server stops taking answers (plus its grace); untimed: null. */
  deadlineAt: isoDateTime.nullable(),
  serverNow: isoDateTime,
  status: z.enum(['in_progress', 'submitted']),
  questions: z.array(attemptQuestionSchema),
  savedAnswers: z.array(answerSchema),
  /** Instant feedback: what the learner already answered. */
  feedback: z.array(practiceFeedbackSchema),
  /**
   * The daily five only (issue 28), while it runs: each choice question's key as marking judges it,
   * so feedback is instant offline too. Its questions are of published quizzes (ADR 024), so the key
   * may travel before an answer; the server judges again when the answers sync.
   */
  offlineKey: z.array(practiceOfflineKeySchema).optional(),
  result: practiceResultSchema.nullable(),
});
export type PracticeAttempt = z.infer<typeof practiceAttemptSchema>;

export const practiceSaveBodySchema = z.object({
  answers: z.array(answerSchema).max(500, 'Too many answers'),
});
export const practiceSaveResponseSchema = z.object({
  savedAt: isoDateTime,
  /** Instant feedback mode: one entry per answered question of this save. */
  feedback: z.array(practiceFeedbackSchema),
});
export type PracticeSaveResponse = z.infer<typeof practiceSaveResponseSchema>;

export const practiceSubmitBodySchema = practiceSaveBodySchema;
/**
 * What a submission answers: the result, which the client adds to the attempt it already shows
 * (its questions did not change; a GET of the attempt returns the whole of it). Issue 27's bench:
 * no second copy of the questions and answers the client holds.
 */
export const practiceSubmitResponseSchema = z.object({
  _id: z.string(),
  status: z.literal('submitted'),
  result: practiceResultSchema,
});
export type PracticeSubmitResponse = z.infer<typeof practiceSubmitResponseSchema>;

export const practiceHistoryItemSchema = z.object({
  _id: z.string(),
  kind: z.enum(PRACTICE_KINDS),
  quizId: z.string().nullable(),
  title: z.string(),
  timed: z.boolean(),
  status: z.enum(['in_progress', 'submitted']),
  startedAt: isoDateTime,
  submittedAt: isoDateTime.nullable(),
  score: z.number().nullable(),
  correctCount: z.number().int().nullable(),
  totalQuestions: z.number().int(),
});
export const practiceHistoryResponseSchema = z.object({ attempts: z.array(practiceHistoryItemSchema) });
export type PracticeHistoryResponse = z.infer<typeof practiceHistoryResponseSchema>;

export const previousYearSchema = z
  .number({ message: 'previousYear must be a year' })
  .int('previousYear must be a year')
  .min(PREVIOUS_YEAR_MIN, `previousYear must be ${PREVIOUS_YEAR_MIN}–${PREVIOUS_YEAR_MAX}`)
  .max(PREVIOUS_YEAR_MAX, `previousYear must be ${PREVIOUS_YEAR_MIN}–${PREVIOUS_YEAR_MAX}`)
  .nullable();

/** `/:attemptId` of a learner's practice attempt routes. */
export const practiceAttemptIdParamSchema = z.object({
  attemptId: unknownIdParam(PRACTICE_MESSAGES.attemptNotFound, z.string().min(1).max(64)),
});
/** `/:quizId` of a practice start. */
export const practiceQuizIdParamSchema = participantQuizIdParamSchema;

/**
 * The learner's practice, apart from contest attempts (the progress page): submitted practices and
 * drills, and accuracy by topic over the questions practised, each counted by its latest practice
 * answer (right or wrong), weakest first. Contest figures never include practice.
 */
export const practiceProgressResponseSchema = z.object({
  /** Submitted practices of quizzes. */
  quizPractices: z.number().int(),
  /** Submitted topic drills. */
  drills: z.number().int(),
  /** Distinct questions answered in practice. */
  questions: z.number().int(),
  /** Of those, how many were right the last time they were answered in practice. */
  correct: z.number().int(),
  /** correct / questions × 100, 1 decimal; null before any practice answer. */
  accuracy: z.number().nullable(),
  byTopic: z.array(
    z.object({
      label: z.string(),
      questions: z.number().int(),
      correct: z.number().int(),
      accuracy: z.number(),
    }),
  ),
});
export type PracticeProgressResponse = z.infer<typeof practiceProgressResponseSchema>;

export { PRACTICE_MESSAGES };

/**
 * Today's daily five (issue 28): five questions chosen by the server for the IST day `day` (due
 * review cards, then the weakest topics, then unseen questions of published quizzes). `attempt` is
 * null when there is nothing to practise yet (no published quiz the learner may see).
 */
export const dailyFiveResponseSchema = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  attempt: practiceAttemptSchema.nullable(),
});
export type DailyFiveResponse = z.infer<typeof dailyFiveResponseSchema>;

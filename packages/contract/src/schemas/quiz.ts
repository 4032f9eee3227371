import { z } from 'zod';
import { EXAM_FAMILIES, QUIZ_LIST_FIRST_PAGE, QUIZ_LIST_MAX_LIMIT, QUIZ_LIST_PAGE_SIZE } from '../constants';
import { QUIZ_MESSAGES } from '../messages/quiz';
import { attemptTextFields } from './question-text';

/**
 * Participant quiz calls (spec sections 3 and 7; issue "Quizzes for participants").
 * Nothing here carries `ansIndex` or explanations: they stay on the server until results are published.
 */

const isoDateTime = z.iso.datetime({ offset: true });

// ── list ────────────────────────────────────────────────────────────────────────────────────────

export const quizListQuerySchema = z.object({
  page: z.coerce
    .number({ message: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .default(QUIZ_LIST_FIRST_PAGE),
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(QUIZ_LIST_MAX_LIMIT, `limit must be at most ${QUIZ_LIST_MAX_LIMIT}`)
    .default(QUIZ_LIST_PAGE_SIZE),
  searchTerm: z.string().trim().max(100, 'searchTerm must be at most 100 characters').optional(),
  exam: z.enum(EXAM_FAMILIES, { message: `exam must be one of ${EXAM_FAMILIES.join(', ')}` }).optional(),
});
export type QuizListQuery = z.input<typeof quizListQuerySchema>;

export const attendedDetailsSchema = z.object({
  startedAt: isoDateTime,
  submittedAt: isoDateTime,
});
export type AttendedDetails = z.infer<typeof attendedDetailsSchema>;

export const quizListItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  exam: z.string(),
  class: z.string(),
  /** Minutes. */
  duration: z.number().int(),
  startTimeStamp: isoDateTime,
  endTimeStamp: isoDateTime,
  /** Base price in rupees; 0 is free. */
  price: z.number(),
  /** Unlocked for this user (free quizzes always are). */
  isPaid: z.boolean(),
  /** Present once this user has submitted. */
  attendedDetails: attendedDetailsSchema.optional(),
});
export type QuizListItem = z.infer<typeof quizListItemSchema>;

export const quizListResponseSchema = z.object({
  quizzes: z.array(quizListItemSchema),
  total: z.number().int(),
});
export type QuizListResponse = z.infer<typeof quizListResponseSchema>;

// ── intro ───────────────────────────────────────────────────────────────────────────────────────

export const quizIntroSchema = z.object({
  _id: z.string(),
  name: z.string(),
  desc: z.string(),
  duration: z.number().int(),
  class: z.string(),
  exam: z.string(),
  isPaid: z.boolean(),
  questionCount: z.number().int(),
  startTimeStamp: isoDateTime,
  endTimeStamp: isoDateTime,
  /** Rupees; 0 is free. */
  price: z.number(),
  /** Rupees including 18% GST (₹10 → 11.8). */
  priceWithGst: z.number(),
  instructions: z.array(z.string()),
  /** Marking scheme: points for a correct answer, points taken away for a wrong one. */
  markingScheme: z.object({ correct: z.number(), wrong: z.number() }),
  /** This user's attempt: not started yet, or running (the timer keeps going on the server). */
  attemptStatus: z.enum(['not_started', 'in_progress']),
  /**
   * Minutes this learner has beyond `duration` (compensatory time from the profile plus an admin's
   * extra minutes; ADR 023), whole minutes rounded down; 0 for most. Of a running attempt: what it
   * started with. The deadline is still capped at the quiz's end.
   */
  extraMinutes: z.number().int().min(0),
});
export type QuizIntro = z.infer<typeof quizIntroSchema>;

// ── attempt ─────────────────────────────────────────────────────────────────────────────────────

export const attemptQuestionSchema = z.object({
  _id: z.string(),
  /** Line breaks kept. */
  qn: z.string(),
  choices: z.array(z.string()),
  /** Language of the question, for the Listen voice. */
  lang: z.enum(['en', 'hi']),
  /** A recorded reading of the question (same origin, range requests); played instead of speech. */
  audioUrl: z.string().nullable(),
  /**
   * 'numeric' (issue 12; absent: multiple choice): no choices; the learner types a number, saved in
   * `selectedOption` as its canonical text. Never the answer or the tolerance.
   */
  type: z.literal('numeric').optional(),
  /** Index into the attempt's `sections` (issue 26); absent in a quiz without sections. */
  section: z.number().int().min(0).optional(),
  /** Formulas rendered on the server and the Hindi version (ADR 019); no explanation before publication. */
  ...attemptTextFields,
});
export type AttemptQuestion = z.infer<typeof attemptQuestionSchema>;

/**
 * One answer: the chosen choice's text; null or absent when unanswered (spec section 3). The exam-hall
 * fields (ADR 016) are optional so an older client still works: the palette state (`visited`,
 * `markedForReview`), the foreground time on the question, and `seq`, the client's per-attempt change
 * number that orders saves (a save with a lower `seq` never reverts a higher one).
 */
export const answerSchema = z.object({
  qnId: z.string().min(1, 'qnId is required').max(64),
  selectedOption: z.string().max(2000).nullable().optional(),
  markedForReview: z.boolean().optional(),
  visited: z.boolean().optional(),
  timeSpentMs: z
    .number({ message: 'timeSpentMs must be a number' })
    .int('timeSpentMs must be a whole number')
    .min(0, 'timeSpentMs must not be negative')
    .max(24 * 3_600_000, 'timeSpentMs is too large')
    .optional(),
  seq: z
    .number({ message: 'seq must be a number' })
    .int('seq must be a whole number')
    .min(0, 'seq must not be negative')
    .max(Number.MAX_SAFE_INTEGER)
    .optional(),
});
export type Answer = z.infer<typeof answerSchema>;

const answersSchema = z.array(answerSchema).max(500, 'Too many answers');

export const NAVIGATION_RULES = ['free', 'locked'] as const;
export type NavigationRule = (typeof NAVIGATION_RULES)[number];

/**
 * One section as the attempt screen sees it (issue 26, ADR 022). In a `locked` quiz the server's
 * window: `startedAt`/`closesAt` (the countdown runs to `closesAt`; saves are taken until it plus the
 * submit grace) and its state at `serverNow`. In a `free` quiz only the name and size (one clock).
 */
export const attemptSectionSchema = z.object({
  name: z.string(),
  nameHi: z.string(),
  questionCount: z.number().int().min(0),
  /** Minutes; null in a free quiz. */
  durationMin: z.number().int().nullable(),
  startedAt: isoDateTime.nullable(),
  closesAt: isoDateTime.nullable(),
  state: z.enum(['closed', 'open', 'upcoming']),
});
export type AttemptSection = z.infer<typeof attemptSectionSchema>;

export const quizAttemptSchema = z.object({
  _id: z.string(),
  name: z.string(),
  desc: z.string(),
  /** Minutes. */
  duration: z.number().int(),
  /** Server time the attempt started (first fetch). */
  startedAt: isoDateTime,
  /** min(startedAt + duration, quiz end): the countdown runs to this. */
  deadlineAt: isoDateTime,
  /** The server's clock when it answered, so a device with a wrong clock can correct itself. */
  serverNow: isoDateTime,
  questions: z.array(attemptQuestionSchema),
  /** The learner's own saved entries (palette state, time, seq included) to resume from. */
  savedAnswers: z.array(answerSchema),
  /** Issue 26: present only for a quiz with sections. */
  navigation: z.enum(NAVIGATION_RULES).optional(),
  sections: z.array(attemptSectionSchema).optional(),
  /** A locked quiz: the index of the section open now (computed by the server; the last one at the end). */
  currentSection: z.number().int().min(0).optional(),
});
export type QuizAttempt = z.infer<typeof quizAttemptSchema>;

export const saveAnswersBodySchema = z.object({ answers: answersSchema });
export type SaveAnswersBody = z.infer<typeof saveAnswersBodySchema>;

export const saveAnswersResponseSchema = z.object({
  message: z.literal('Answers saved'),
  savedAt: isoDateTime,
});
export type SaveAnswersResponse = z.infer<typeof saveAnswersResponseSchema>;

export const closeSectionBodySchema = z.object({
  /** The section the learner means to close: closing is refused unless it is the one open now. */
  section: z.number({ message: 'section must be a number' }).int('section must be a whole number').min(0),
});
export type CloseSectionBody = z.infer<typeof closeSectionBodySchema>;

export const submitQuizBodySchema = z.object({
  quizId: z.string({ message: 'quizId is required' }).min(1, 'quizId is required').max(64),
  /** The client's own times: recorded, never used for scoring. */
  startedAt: isoDateTime.optional(),
  submittedAt: isoDateTime.optional(),
  answers: answersSchema,
  /**
   * One id per submission, made once by the client and reused on every retry: a retry of a submission
   * that already went through answers as the first did instead of 409 (ADR 016).
   */
  submissionId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'submissionId must be 8 to 64 letters, digits, - or _')
    .optional(),
});
export type SubmitQuizBody = z.infer<typeof submitQuizBodySchema>;

export const SUBMIT_SUCCESS_MESSAGE = 'Quiz submitted successfully';

export const submitQuizResponseSchema = z.object({
  message: z.literal(SUBMIT_SUCCESS_MESSAGE),
  /**
   * The attempt's score under the quiz's marking scheme (for the score overlay). Only when the quiz
   * shows the score on submit (ADR 014); otherwise score, maxScore and answeredCount are absent.
   */
  score: z.number().optional(),
  /** Highest possible score (every question correct). */
  maxScore: z.number().optional(),
  totalQuestions: z.number().int(),
  answeredCount: z.number().int().optional(),
  submittedAt: isoDateTime,
  /** When results (score, rank, answers) are published: the quiz's end plus the submission grace. */
  resultsAt: isoDateTime.optional(),
});
export type SubmitQuizResponse = z.infer<typeof submitQuizResponseSchema>;

export { QUIZ_MESSAGES };

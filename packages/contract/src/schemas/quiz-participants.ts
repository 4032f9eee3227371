import { z } from 'zod';
import { MAX_EXTRA_MINUTES } from '../domain/compensatory-time';
import { PHONE_PATTERN } from '../domain/phone';
import { QUIZ_MESSAGES } from '../messages/quiz';
import { STUDENT_MESSAGES } from '../messages/student';
import { ATTEMPT_STATUSES } from './attempt-status';

/** Who attempted a quiz, with score, rank, elapsed time and status (issue 7). */

export const quizParticipantSchema = z.object({
  /** The attempt's id. */
  _id: z.string(),
  userId: z.object({ _id: z.string(), name: z.string(), phNo: z.string() }),
  name: z.string(),
  phNo: z.string(),
  score: z.number().nullable(),
  correctCount: z.number().int().nullable(),
  /** Standard competition rank among submitted attempts (score desc, then time taken per minute allowed asc; ADR 023). */
  rank: z.number().int().nullable(),
  /** Seconds between start and submission, capped at the duration; null while in progress. */
  elapsedTime: z.number().nullable(),
  /**
   * Ranked as if it took the plausible floor: its answered questions averaged under the floor
   * (issue 29 item 3; the ranking's flag once ranked, the same rule on the saved answers before).
   */
  implausibleTime: z.boolean(),
  /**
   * Seconds a question its answered questions took on average by the server's clock (issue 29: the
   * interval between saves, given to the answers each save changed); null when nothing is answered or
   * an answer was saved before this was recorded. Admins only.
   */
  secondsPerAnswer: z.number().nullable(),
  status: z.enum(ATTEMPT_STATUSES),
  startedAt: z.string(),
  submittedAt: z.string().nullable(),
});
export type QuizParticipant = z.infer<typeof quizParticipantSchema>;

export const quizParticipantsResponseSchema = z.object({
  quiz: z.object({ _id: z.string(), name: z.string() }),
  participants: z.array(quizParticipantSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type QuizParticipantsResponse = z.infer<typeof quizParticipantsResponseSchema>;

// ── extra time (Moodle's user overrides; issue 26, ADR 023) ───────────────────────────────────────

/** PUT /quizzes/admin-extra-time/:id: give one learner (by phone number) extra minutes; 0 removes them. */
export const extraTimeBodySchema = z.object({
  phNo: z.string().trim().regex(PHONE_PATTERN, { error: STUDENT_MESSAGES.phoneDigits }),
  extraMinutes: z
    .number({ error: QUIZ_MESSAGES.extraMinutesInvalid })
    .int({ error: QUIZ_MESSAGES.extraMinutesInvalid })
    .min(0, { error: QUIZ_MESSAGES.extraMinutesInvalid })
    .max(MAX_EXTRA_MINUTES, { error: QUIZ_MESSAGES.extraMinutesInvalid }),
});
export type ExtraTimeBody = z.infer<typeof extraTimeBodySchema>;

export const extraTimeEntrySchema = z.object({
  userId: z.string(),
  name: z.string(),
  phNo: z.string(),
  extraMinutes: z.number().int(),
});
export type ExtraTimeEntry = z.infer<typeof extraTimeEntrySchema>;

/** GET (and the answer of PUT) /quizzes/admin-extra-time/:id: every learner given extra minutes on the quiz. */
export const extraTimeListSchema = z.object({ entries: z.array(extraTimeEntrySchema) });
export type ExtraTimeList = z.infer<typeof extraTimeListSchema>;

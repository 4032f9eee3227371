import { z } from 'zod';
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
  /** Standard competition rank among submitted attempts (score desc, then elapsed time asc). */
  rank: z.number().int().nullable(),
  /** Seconds between start and submission, capped at the duration; null while in progress. */
  elapsedTime: z.number().nullable(),
  /**
   * Ranked as if it took the plausible floor: its answered questions averaged under the floor
   * (issue 29 item 3; set when the quiz's results were ranked).
   */
  implausibleTime: z.boolean(),
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

import { QUIZ_MESSAGES } from '@quizcast/contract/schemas/quiz';
import type { Clock } from '../../lib/clock';
import { notAcceptable } from '../../lib/http-error';
import type { AttemptRepository } from './attempt.repository';
import type { QuizRow } from './quiz.repository';

export interface AttemptOptions {
  clock: Clock;
  /** Submissions are accepted this long after the deadline (network latency, slow phones). */
  graceMs: number;
}

/** 406 unless the quiz is open at `now` (start ≤ now < end). */
export function requireOpen(quiz: QuizRow, now: Date): void {
  if (now.getTime() < quiz.startAt.getTime() || now.getTime() >= quiz.endAt.getTime())
    throw notAcceptable(QUIZ_MESSAGES.notOpen);
}

/** Auto-submit this one attempt if it is past its deadline + grace (the sweep's rule, for one row). */
export async function autoSubmitOne(
  attempts: AttemptRepository,
  attemptId: string,
  now: Date,
  graceMs: number,
): Promise<void> {
  await attempts.autoSubmitOverdue({ now, graceSeconds: graceMs / 1000, limit: 1, attemptId });
}

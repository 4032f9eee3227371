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

const MINUTE = 60_000;

/**
 * The one deadline rule: an attempt started at `startedAt` runs for `durationMin` minutes, and a
 * contest attempt no later than its quiz's end (`endAt`; null for a practice, which has no window).
 * The herd's start statement (quiz.repository.ts) writes the same `least(...)` in SQL.
 */
export function attemptDeadline(startedAt: Date, durationMin: number, endAt: Date | null): Date {
  const byDuration = startedAt.getTime() + durationMin * MINUTE;
  return new Date(endAt ? Math.min(byDuration, endAt.getTime()) : byDuration);
}

/**
 * When an attempt is taken in and how long it took (the ranking's time): at min(now, deadline), and
 * elapsed = that − the server's startedAt, never more than the duration (null deadline: untimed).
 */
export function takenIn(
  startedAt: Date,
  deadlineAt: Date | null,
  durationMin: number | null,
  now: Date,
): { submittedAt: Date; elapsedMs: number } {
  const submittedAt = new Date(deadlineAt ? Math.min(now.getTime(), deadlineAt.getTime()) : now.getTime());
  const taken = submittedAt.getTime() - startedAt.getTime();
  const elapsedMs = Math.max(0, durationMin === null ? taken : Math.min(taken, durationMin * MINUTE));
  return { submittedAt, elapsedMs };
}

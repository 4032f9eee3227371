import { COMPENSATORY_MINUTES_PER_HOUR } from '@quizcast/contract/domain/compensatory-time';
import { QUIZ_MESSAGES } from '@quizcast/contract/schemas/quiz';
import { sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../../lib/clock';
import { notAcceptable } from '../../lib/http-error';
import type { AutoSubmitOptions } from './close-open-attempts';

export interface AttemptOptions {
  clock: Clock;
  /** Submissions are accepted this long after the deadline (network latency, slow phones). */
  graceMs: number;
}

export const MINUTE_MS = 60_000;

/** What one learner is allowed on one quiz beyond its time (ADR 023). */
export interface LearnerAllowance {
  /** The learner's profile choice: every duration × (60 + 20) / 60. */
  compensatoryTime: boolean;
  /** An admin's extra minutes for this learner on this quiz (0: none). */
  extraMinutes: number;
}

export const NO_ALLOWANCE: LearnerAllowance = { compensatoryTime: false, extraMinutes: 0 };

/**
 * The one rule of a learner's time (ADR 023): `durationMs` (a quiz's, or a section's) stretched by
 * compensatory time (× (60 + 20) / 60, rounded to the millisecond) plus the admin's extra minutes.
 * Its SQL twin is `allowedDurationSql`; the attempt's start stores the difference (`extra_ms`) and
 * the deadline min(start + allowed, quiz end). A section multiplies its own duration the same way.
 */
export function allowedDurationMs(durationMs: number, allowance: LearnerAllowance): number {
  const stretched = allowance.compensatoryTime
    ? Math.round((durationMs * (60 + COMPENSATORY_MINUTES_PER_HOUR)) / 60)
    : durationMs;
  return stretched + allowance.extraMinutes * MINUTE_MS;
}

/**
 * `allowedDurationMs` in SQL, as a bigint of milliseconds: `durationMs`, `compensatoryTime` and
 * `extraMinutes` are SQL expressions (a null flag or null minutes count as off and 0, as for a
 * learner without a profile choice or an override row). Numeric arithmetic, so the rounding (half
 * away from zero, the same as `Math.round` for durations ≥ 0) matches.
 */
export function allowedDurationSql(durationMs: SQL, compensatoryTime: SQL, extraMinutes: SQL): SQL {
  return sql`(case when coalesce(${compensatoryTime}, false)
      then round((${durationMs})::numeric * ${60 + COMPENSATORY_MINUTES_PER_HOUR} / 60)::bigint
      else (${durationMs})::bigint end
    + coalesce(${extraMinutes}, 0)::bigint * ${MINUTE_MS})`;
}

/** The attempt's deadline: min(start + allowed time, the quiz's end). */
export function attemptDeadline(startedAt: Date, allowedMs: number, quizEnd: Date): Date {
  return new Date(Math.min(startedAt.getTime() + allowedMs, quizEnd.getTime()));
}

/** 406 unless the quiz is open at `now` (start ≤ now < end). */
export function requireOpen(quiz: { startAt: Date; endAt: Date }, now: Date): void {
  if (now.getTime() < quiz.startAt.getTime() || now.getTime() >= quiz.endAt.getTime())
    throw notAcceptable(QUIZ_MESSAGES.notOpen);
}

/** Auto-submit this one attempt if it is past its deadline + grace (the sweep's rule, for one row). */
export async function autoSubmitOne(
  attempts: { autoSubmitOverdue(options: AutoSubmitOptions): Promise<number> },
  attemptId: string,
  now: Date,
  graceMs: number,
): Promise<void> {
  await attempts.autoSubmitOverdue({ now, graceSeconds: graceMs / 1000, limit: 1, attemptId });
}

import { COMPENSATORY_MINUTES_PER_HOUR } from '@quizcast/contract/domain/compensatory-time';
import { QUIZ_MESSAGES } from '@quizcast/contract/schemas/quiz';
import { sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../../lib/clock';
import type { AttemptSection, quizzes } from '../../db/schema';
import { conflict, notAcceptable } from '../../lib/http-error';
import type { AutoSubmitOptions } from './close-open-attempts';

/** A quiz row (quiz.repository's `QuizRow`, named here so the two files do not import each other). */
type QuizRow = typeof quizzes.$inferSelect;

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
export function attemptDeadline(startedAt: Date, allowedMs: number, quizEnd: Date | null): Date {
  const byDuration = startedAt.getTime() + allowedMs;
  return new Date(quizEnd ? Math.min(byDuration, quizEnd.getTime()) : byDuration);
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

// ── Sections of a locked quiz (issue 26, ADR 022) ───────────────────────────────────────────────

const MINUTE = 60_000;

export type SectionState = 'closed' | 'open' | 'upcoming';

/**
 * Every section's window in a `locked` quiz's attempt: the stored windows once a section was closed
 * early, otherwise the plan from the start: section 0 starts with the attempt, each next one at the
 * previous one's close, each closes after its own duration, none past the quiz's end. The attempt's
 * deadline (`start` below, and `startForParticipant`'s insert) is the last section's close: the quiz's
 * duration is the sum of its sections' (authoring keeps it so).
 */
export function sectionWindows(
  quiz: Pick<QuizRow, 'sections' | 'endAt'>,
  attempt: { startedAt: Date; sections: AttemptSection[] | null; extraMs?: number },
): AttemptSection[] {
  return attempt.sections ?? planSections(quiz, attempt.startedAt, 0, [], attempt.extraMs ?? 0);
}

/**
 * Each section's length in ms for a learner with `extraMs` beyond the quiz's time (compensatory time
 * or an admin's minutes, ADR 023): every section grows in proportion, the rounding's remainder in the
 * last one, so the last section closes exactly at the stretched deadline.
 */
export function sectionLengthsMs(quiz: Pick<QuizRow, 'sections'>, extraMs: number): number[] {
  const plain = quiz.sections.map((section) => (section.durationMin ?? 0) * MINUTE);
  const total = plain.reduce((sum, ms) => sum + ms, 0);
  if (extraMs <= 0 || total === 0) return plain;
  const scaled = plain.map((ms) => Math.floor((ms * (total + extraMs)) / total));
  scaled[scaled.length - 1]! += total + extraMs - scaled.reduce((sum, ms) => sum + ms, 0);
  return scaled;
}

/** The windows from section `from` on, starting at `at`, after the `kept` earlier ones. */
function planSections(
  quiz: Pick<QuizRow, 'sections' | 'endAt'>,
  at: Date,
  from: number,
  kept: AttemptSection[],
  extraMs: number,
): AttemptSection[] {
  const end = quiz.endAt.getTime();
  let start = Math.min(at.getTime(), end);
  const out = [...kept];
  for (const length of sectionLengthsMs(quiz, extraMs).slice(from)) {
    const close = Math.min(start + length, end);
    out.push({ startedAt: new Date(start).toISOString(), closedAt: new Date(close).toISOString() });
    start = close;
  }
  return out;
}

/**
 * A section's state at `now`: closed on time, it still takes saves for the submit grace (like the
 * quiz's deadline); closed early by the learner, at once. Not yet started: upcoming.
 */
export function sectionState(window: AttemptSection, now: Date, graceMs: number): SectionState {
  const t = now.getTime();
  if (t < Date.parse(window.startedAt)) return 'upcoming';
  const closed = Date.parse(window.closedAt) + (window.closedEarly ? 0 : graceMs);
  return (window.closedEarly ? t >= closed : t > closed) ? 'closed' : 'open';
}

/** The section whose clock runs at `now`: the last one started (the last section after the end). */
export function currentSection(windows: AttemptSection[], now: Date): number {
  let current = 0;
  windows.forEach((w, i) => {
    if (Date.parse(w.startedAt) <= now.getTime() && now.getTime() < Date.parse(w.closedAt)) current = i;
    else if (Date.parse(w.closedAt) <= now.getTime()) current = Math.min(i + 1, windows.length - 1);
  });
  return current;
}

/**
 * Close section `index` now (the learner's explicit close): the later sections are planned again
 * from now, so the next one's clock starts at once and the attempt's deadline moves earlier.
 * Undefined when `index` is not the section running now (closed, or not started).
 */
export function closeSectionEarly(
  quiz: Pick<QuizRow, 'sections' | 'endAt'>,
  windows: AttemptSection[],
  index: number,
  now: Date,
  /** The learner's time beyond the quiz's (ADR 023): the later sections keep their stretched length. */
  extraMs = 0,
): { sections: AttemptSection[]; deadlineAt: Date } | undefined {
  const window = windows[index];
  if (!window || window.closedEarly || currentSection(windows, now) !== index) return undefined;
  if (now.getTime() >= Date.parse(window.closedAt) || now.getTime() < Date.parse(window.startedAt))
    return undefined;
  const closed: AttemptSection = {
    startedAt: window.startedAt,
    closedAt: now.toISOString(),
    closedEarly: true,
  };
  const sections = planSections(quiz, now, index + 1, [...windows.slice(0, index), closed], extraMs);
  return { sections, deadlineAt: new Date(Date.parse(sections[sections.length - 1]!.closedAt)) };
}

/**
 * The save gate of a locked quiz: 409 unless every answered question's section is open at `now`
 * (questions without a section, in a quiz that has none, always pass).
 */
export function requireSectionsOpen(
  windows: AttemptSection[],
  sectionOf: (qnId: string) => number | null | undefined,
  qnIds: string[],
  now: Date,
  graceMs: number,
): void {
  for (const id of qnIds) {
    const index = sectionOf(id);
    const window = index == null ? undefined : windows[index];
    if (!window) continue;
    const state = sectionState(window, now, graceMs);
    if (state === 'closed') throw conflict(QUIZ_MESSAGES.sectionClosed);
    if (state === 'upcoming') throw conflict(QUIZ_MESSAGES.sectionNotOpen);
  }
}

/** Whether a quiz runs its sections on their own clocks. */
export const isLocked = (quiz: Pick<QuizRow, 'navigation' | 'sections'>): boolean =>
  quiz.navigation === 'locked' && quiz.sections.length > 0;

/** The largest elapsed time an attempt row holds (`elapsed_ms` is a 32-bit int). */
export const ELAPSED_MS_MAX = 2 ** 31 - 1;

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
  // Untimed, it is capped at what the int column holds (24.8 days): a practice left open for a
  // month still submits.
  const elapsedMs = Math.max(
    0,
    Math.min(durationMin === null ? taken : Math.min(taken, durationMin * MINUTE), ELAPSED_MS_MAX),
  );
  return { submittedAt, elapsedMs };
}

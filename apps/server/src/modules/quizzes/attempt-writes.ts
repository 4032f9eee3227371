import { sql } from 'drizzle-orm';
import { clampTimes, mergeAnswers } from '@quizcast/contract/domain/answer-merge';
import { attempts, type AttemptSection, type SavedAnswer } from '../../db/schema';
import { recordQuestionTimes } from './question-time';

/** What the attempt repository's writes share: the merge of a save, the finishing parameters, the section check. */

type AttemptRow = typeof attempts.$inferSelect;

export interface AttemptResult {
  status: 'submitted' | 'auto_submitted';
  answers: SavedAnswer[];
  score: number;
  correctCount: number;
  elapsedMs: number;
  submittedAt: Date;
  clientStartedAt?: Date | null;
  clientSubmittedAt?: Date | null;
  submissionId?: string | null;
}

/**
 * A locked quiz's save gate (ADR 022): throws (409) unless the save's sections are open, given the
 * attempt's start and stored section windows as the write will find them.
 */
export type SaveGate = (attempt: {
  startedAt: Date;
  sections: AttemptSection[] | null;
  /** Compensatory time or an admin's minutes stretch every section (ADR 023). */
  extraMs: number;
}) => void;

/** Every write of answers applies only while the attempt's section windows are still the ones judged. */
export const sameSections = sql`${attempts.sections} is not distinct from ${sql.placeholder('sections')}::jsonb`;
export const sectionsParam = (sections: AttemptSection[] | null | undefined) =>
  sections ? JSON.stringify(sections) : null;

/**
 * The attempt's answers after a save: merged per question (packages/contract answer-merge) and each
 * time on screen clamped to the attempt's allowed time, their sum to the time elapsed so far; the
 * server's own time per question recorded from `now` (question-time.ts), in the same write.
 */
export function mergeForAttempt(
  attempt: Pick<AttemptRow, 'startedAt' | 'deadlineAt'>,
  stored: SavedAnswer[],
  incoming: SavedAnswer[],
  now: Date,
): SavedAnswer[] {
  const start = attempt.startedAt.getTime();
  const durationMs = attempt.deadlineAt.getTime() - start;
  const elapsedMs = Math.min(now.getTime(), attempt.deadlineAt.getTime()) - start;
  const merged = clampTimes(mergeAnswers(stored, incoming), { durationMs, elapsedMs });
  return recordQuestionTimes(stored, merged, Math.max(0, elapsedMs));
}

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

/** The parameters of the two finishing writes. */
export function finishParams(
  attemptId: string,
  result: AttemptResult,
  now: Date,
  extra: Record<string, string>,
) {
  return {
    attemptId,
    status: result.status,
    answers: JSON.stringify(result.answers),
    score: result.score,
    correctCount: result.correctCount,
    elapsedMs: result.elapsedMs,
    submittedAt: iso(result.submittedAt),
    clientStartedAt: iso(result.clientStartedAt),
    clientSubmittedAt: iso(result.clientSubmittedAt),
    submissionId: result.submissionId ?? null,
    now: now.toISOString(),
    ...extra,
  };
}

import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rawRows } from '../../db/raw-rows';
import { quizzes } from '../../db/schema';
import { completeItemAnalysis } from '../item-analysis/item-analysis';
import { appendItemAnswers, ensureItemAnswers } from '../item-analysis/item-answers';
import { rankQuizAttempts, writeAttemptMarks, writeSectionResults } from '../marking/marking.repository';
import { DEFAULT_PLAUSIBLE_MS_PER_ANSWER } from '../marking/plausible-time';
import { closeOpenAttempts } from '../quizzes/close-open-attempts';
import { createCardsAtPublication } from '../review/cards-at-publication';

/*
 * The publication pipeline (ADR 021, after ADR 009 and ADR 017), owned by results. Each step is a
 * named function of another module taking this pipeline's transaction:
 *
 * 1. `publishResults`, one transaction, what learners wait for: claim the quiz → close the open
 *    attempts (each marked by the marking module) → section results (a quiz with sections) → rank. Its commit queues the analysis: the quiz is
 *    published with `analysed_at` still null, which `analyse-results` (and a key correction) pick up.
 * 2. `analysisStep`, one transaction per batch of `ANALYSIS_BATCH` attempts: mark (the narrow marks,
 *    marking) → item answers (analytics) → review cards (review); the step that finds no attempt left
 *    completes the item analysis (analytics). `analysePublished` runs the steps until the quiz is whole.
 */

export interface PublishOutcome {
  /** False when another instance (or an earlier sweep) had already published the quiz. */
  published: boolean;
  autoSubmitted: number;
  participants: number;
}

/**
 * Claims a quiz for publication: a conditional UPDATE that only the first caller wins (others block
 * on the row lock, then see `results_published_at` set and match nothing).
 */
async function claimPublication(tx: Tx, quizId: string, now: Date, cutoff: Date): Promise<boolean> {
  const claimed = await tx
    .update(quizzes)
    .set({ resultsPublishedAt: now, updatedAt: now })
    .where(and(eq(quizzes.id, quizId), isNull(quizzes.resultsPublishedAt), lte(quizzes.endAt, cutoff)))
    .returning({ id: quizzes.id });
  return claimed.length > 0;
}

/**
 * Publishes one quiz's results exactly once, in one transaction: claim, auto-submit whatever is still
 * open with its saved answers (waiting on rows another sweeper holds), then one set-based statement
 * ranks every submitted attempt and records the participant count. A failure anywhere rolls the
 * claim back, so the next sweep tries again.
 */
export async function publishResults(
  db: Db,
  quizId: string,
  now: Date,
  graceSeconds: number,
  plausibleMsPerAnswer: number = DEFAULT_PLAUSIBLE_MS_PER_ANSWER,
): Promise<PublishOutcome> {
  const cutoff = new Date(now.getTime() - graceSeconds * 1000);
  return db.transaction(async (tx) => {
    if (!(await claimPublication(tx, quizId, now, cutoff))) {
      return { published: false, autoSubmitted: 0, participants: 0 };
    }
    const autoSubmitted = await closeOpenAttempts(tx, {
      now,
      graceSeconds,
      quizId,
      lock: 'wait',
      limit: Number.MAX_SAFE_INTEGER,
    });
    // A quiz with sections: each attempt's section figures and section ranks (ADR 022).
    await writeSectionResults(tx, quizId);
    const participants = await rankQuizAttempts(tx, quizId, plausibleMsPerAnswer);
    return { published: true, autoSubmitted, participants };
  });
}

/** How many attempts one step of the analysis takes at most (one transaction each). */
export const ANALYSIS_BATCH = 1000;

/**
 * Locks the quiz row for an analysis step (steps, key corrections and other instances take turns)
 * and says where it stands, with the last narrow mark's number.
 */
async function lockForAnalysis(
  tx: Tx,
  quizId: string,
): Promise<{ analysed: boolean; published: boolean } | undefined> {
  const [quiz] = rawRows<{ analysed: boolean; published: boolean }>(
    await tx.execute(sql`
      select analysed_at is not null as analysed, results_published_at is not null as published
      from quizzes where id = ${quizId} for update
    `),
  );
  return quiz;
}

async function lastMarkOrd(tx: Tx, quizId: string): Promise<number> {
  const [base] = rawRows<{ top: number }>(
    await tx.execute(
      sql`select coalesce(max(ord), 0)::int as top from attempt_marks where quiz_id = ${quizId}`,
    ),
  );
  return Number(base?.top ?? 0);
}

/**
 * One step of a published quiz's analysis (ADR 017, "After the ranks commit"), in the caller's
 * transaction: locks the quiz row, writes the narrow marks of the next `limit` attempts, appends
 * their answers to the quiz's `item_answers` bit strings and makes their review cards, in the same
 * transaction, so each attempt is added exactly once. When no attempt is left, it completes the item
 * analysis (and `analysed_at`). Returns whether the quiz's analysis is whole.
 */
export async function analysisStep(
  tx: Tx,
  quizId: string,
  now: Date,
  limit: number | null,
  /** Spaced-repetition cards for the batch's attempts (ADR 011); false skips them (the demo seed makes them, issue 30). */
  options: { cards: boolean } = { cards: true },
): Promise<'whole' | 'more' | 'unpublished'> {
  const quiz = await lockForAnalysis(tx, quizId);
  if (!quiz?.published) return 'unpublished';
  // Makes the quiz's (empty) bit strings on the first step, or whole ones for quizzes whose marks
  // were backfilled by migration 0013 without them, including quizzes 0015 counts as analysed
  // (they had an item analysis): a key correction refreshes the analysis from these bit strings.
  await ensureItemAnswers(tx, quizId, false);
  if (quiz.analysed) return 'whole';
  const top = await lastMarkOrd(tx, quizId);
  const made = await writeAttemptMarks(tx, quizId, limit);
  if (made > 0) await appendItemAnswers(tx, quizId, top);
  // The batch's learners' mistakes become review cards, now that the answers are public.
  if (made > 0 && options.cards) {
    await createCardsAtPublication(
      tx,
      quizId,
      now,
      sql`select attempt_id from attempt_marks where quiz_id = ${quizId} and ord > ${top}`,
    );
  }
  if (limit !== null && made === limit) return 'more';
  await completeItemAnalysis(tx, quizId, now);
  return 'whole';
}

/**
 * Finishes the quiz's analysis in the caller's transaction if the steps after publication have not
 * (a no-op, one locked read, once they have): a key correction runs it first, with the key as it was.
 */
export async function finishAnalysis(tx: Tx, quizId: string, now: Date): Promise<void> {
  await analysisStep(tx, quizId, now, null);
}

/**
 * A published quiz's whole analysis, in steps of `batch` attempts, each its own transaction (so on
 * PGlite's one connection other requests run between them). Idempotent: a step that did not commit
 * is redone by the next call (the sweeper's, or a key correction's). Returns whether it is whole.
 */
export async function analysePublished(
  db: Db,
  quizId: string,
  now: Date,
  batch: number = ANALYSIS_BATCH,
): Promise<boolean> {
  for (;;) {
    const state = await db.transaction((tx) => analysisStep(tx, quizId, now, batch));
    if (state !== 'more') return state === 'whole';
  }
}

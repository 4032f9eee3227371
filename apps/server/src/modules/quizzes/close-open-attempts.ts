import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { attempts, questions, quizzes } from '../../db/schema';
import { markSectioned } from '../marking/marking';

/**
 * Auto-submits attempts still `in_progress` past their deadline + grace: each is submitted with the
 * answers it saved, scored by the server, as ending at its deadline (elapsed time = deadline − start,
 * capped at the time allowed: the duration plus the attempt's `extra_ms`, ADR 023). The deadline is
 * the one stored at the start, so compensatory time needs nothing here. The one rule for every path that closes attempts:
 *
 * - the 'auto-submit' sweeper task and a late request for one attempt (`attemptId`): `lock: 'skip'`,
 *   so several instances share the work;
 * - results publication, inside its own transaction, scoped to one quiz (`quizId`): `lock: 'wait'`,
 *   so an attempt another instance holds is waited for rather than left unranked.
 *
 * Updates are conditional on `in_progress`, so no attempt is ever submitted twice.
 */
export interface AutoSubmitOptions {
  now: Date;
  graceSeconds: number;
  /** Only this quiz's attempts (results publication). */
  quizId?: string;
  /** Only this attempt (a request that finds its own attempt overdue). */
  attemptId?: string;
  lock?: 'skip' | 'wait';
  /** At most this many attempts per call. */
  limit?: number;
}

const UPDATE_CHUNK = 500;

/** Must run inside a transaction (the row locks last until it commits). Returns how many were submitted. */
export async function closeOpenAttempts(tx: Tx, options: AutoSubmitOptions): Promise<number> {
  const cutoff = new Date(options.now.getTime() - options.graceSeconds * 1000);
  const conditions = [eq(attempts.status, 'in_progress'), lte(attempts.deadlineAt, cutoff)];
  if (options.quizId) conditions.push(eq(attempts.quizId, options.quizId));
  if (options.attemptId) conditions.push(eq(attempts.id, options.attemptId));
  const query = tx
    .select({
      id: attempts.id,
      quizId: attempts.quizId,
      answers: attempts.answers,
      startedAt: attempts.startedAt,
      deadlineAt: attempts.deadlineAt,
      extraMs: attempts.extraMs,
    })
    .from(attempts)
    .where(and(...conditions))
    .orderBy(asc(attempts.deadlineAt))
    .limit(options.limit ?? 10_000)
    .for('update', options.lock === 'wait' ? {} : { skipLocked: true });
  const overdue = await query;
  if (!overdue.length) return 0;

  const quizIds = [...new Set(overdue.map((a) => a.quizId))];
  const quizRows = await tx
    .select({
      id: quizzes.id,
      durationMin: quizzes.durationMin,
      markCorrect: quizzes.markCorrect,
      markWrong: quizzes.markWrong,
      sections: quizzes.sections,
    })
    .from(quizzes)
    .where(inArray(quizzes.id, quizIds));
  const questionRows = await tx
    .select({
      id: questions.id,
      quizId: questions.quizId,
      choices: questions.choices,
      ansIndex: questions.ansIndex,
      type: questions.type,
      numericAnswer: questions.numericAnswer,
      tolerance: questions.tolerance,
      section: questions.section,
    })
    .from(questions)
    .where(inArray(questions.quizId, quizIds))
    .orderBy(asc(questions.quizId), asc(questions.position));
  const quizById = new Map(quizRows.map((q) => [q.id, q]));
  const questionsByQuiz = new Map<string, typeof questionRows>();
  for (const q of questionRows) {
    const list = questionsByQuiz.get(q.quizId) ?? [];
    list.push(q);
    questionsByQuiz.set(q.quizId, list);
  }

  const scored = overdue.map((attempt) => {
    const quiz = quizById.get(attempt.quizId)!;
    const result = markSectioned(
      questionsByQuiz.get(attempt.quizId) ?? [],
      attempt.answers,
      { correct: quiz.markCorrect, wrong: quiz.markWrong },
      quiz.sections,
    );
    const elapsedMs = Math.max(
      0,
      Math.min(
        attempt.deadlineAt.getTime() - attempt.startedAt.getTime(),
        quiz.durationMin * 60_000 + attempt.extraMs,
      ),
    );
    return { id: attempt.id, score: result.score, correct_count: result.correctCount, elapsed_ms: elapsedMs };
  });

  let submitted = 0;
  for (let i = 0; i < scored.length; i += UPDATE_CHUNK) {
    const chunk = scored.slice(i, i + UPDATE_CHUNK);
    const updated = await tx
      .update(attempts)
      .set({
        status: 'auto_submitted',
        submittedAt: sql`${attempts.deadlineAt}`,
        score: sql`x.score`,
        correctCount: sql`x.correct_count`,
        elapsedMs: sql`x.elapsed_ms`,
        updatedAt: options.now,
      })
      .from(
        sql`jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x(id uuid, score float8, correct_count int, elapsed_ms int)`,
      )
      .where(and(eq(attempts.id, sql`x.id`), eq(attempts.status, 'in_progress')))
      .returning({ id: attempts.id });
    submitted += updated.length;
  }
  return submitted;
}

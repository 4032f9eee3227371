import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attempts, quizzes, type SavedAnswer } from '../../db/schema';
import { QuizRepository, type ScoringQuestion } from './quiz.repository';

export type AttemptRow = typeof attempts.$inferSelect;

export interface AttemptResult {
  status: 'submitted' | 'auto_submitted';
  answers: SavedAnswer[];
  score: number;
  correctCount: number;
  elapsedMs: number;
  submittedAt: Date;
  clientStartedAt?: Date | null;
  clientSubmittedAt?: Date | null;
}

/** What an overdue attempt needs to be scored. */
export interface OverdueAttempt {
  id: string;
  quizId: string;
  startedAt: Date;
  deadlineAt: Date;
  answers: SavedAnswer[];
  durationMin: number;
  markCorrect: number;
  markWrong: number;
}

export type OverdueScorer = (attempt: OverdueAttempt, questions: ScoringQuestion[]) => AttemptResult;

export class AttemptRepository {
  constructor(private readonly db: Db) {}

  async find(quizId: string, userId: string): Promise<AttemptRow | undefined> {
    const [row] = await this.db
      .select()
      .from(attempts)
      .where(and(eq(attempts.quizId, quizId), eq(attempts.userId, userId)))
      .limit(1);
    return row;
  }

  /**
   * Start the user's one attempt, or return the one that exists: the unique (quiz, user) constraint
   * decides between concurrent starts, so exactly one row (and one startedAt) ever exists.
   */
  async startOrGet(values: {
    quizId: string;
    userId: string;
    startedAt: Date;
    deadlineAt: Date;
  }): Promise<AttemptRow> {
    const [inserted] = await this.db
      .insert(attempts)
      .values({ ...values, status: 'in_progress', answers: [] })
      .onConflictDoNothing({ target: [attempts.quizId, attempts.userId] })
      .returning();
    if (inserted) return inserted;
    const existing = await this.find(values.quizId, values.userId);
    if (!existing) throw new Error('attempt vanished between insert and select');
    return existing;
  }

  /**
   * Replace the saved answers of a running attempt (idempotent; last write wins). Only while the
   * attempt is in progress and `acceptUntil` (deadline + grace) has not passed. False when refused.
   */
  async saveAnswers(quizId: string, userId: string, answers: SavedAnswer[], now: Date, graceMs: number) {
    const cutoff = new Date(now.getTime() - graceMs);
    const rows = await this.db
      .update(attempts)
      .set({ answers, updatedAt: now })
      .where(
        and(
          eq(attempts.quizId, quizId),
          eq(attempts.userId, userId),
          eq(attempts.status, 'in_progress'),
          sql`${attempts.deadlineAt} >= ${cutoff.toISOString()}::timestamptz`,
        ),
      )
      .returning({ id: attempts.id });
    return rows.length > 0;
  }

  /**
   * Finish an attempt once: a conditional update from in_progress, so of two simultaneous
   * submissions exactly one succeeds. Undefined when it was already finished.
   */
  async finish(attemptId: string, result: AttemptResult, now: Date): Promise<AttemptRow | undefined> {
    const [row] = await this.db
      .update(attempts)
      .set({ ...result, updatedAt: now })
      .where(and(eq(attempts.id, attemptId), eq(attempts.status, 'in_progress')))
      .returning();
    return row;
  }

  /**
   * Auto-submit attempts whose deadline passed before `cutoff` (deadline + grace), with their saved
   * answers. Rows are locked with FOR UPDATE SKIP LOCKED, so several instances share the work and
   * never submit one attempt twice; the update is also conditional on in_progress. Returns how many
   * were submitted in this batch.
   */
  async autoSubmitOverdue(
    options: { cutoff: Date; now: Date; limit: number; attemptId?: string },
    score: OverdueScorer,
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select({
          id: attempts.id,
          quizId: attempts.quizId,
          startedAt: attempts.startedAt,
          deadlineAt: attempts.deadlineAt,
          answers: attempts.answers,
          durationMin: quizzes.durationMin,
          markCorrect: quizzes.markCorrect,
          markWrong: quizzes.markWrong,
        })
        .from(attempts)
        .innerJoin(quizzes, eq(quizzes.id, attempts.quizId))
        .where(
          and(
            eq(attempts.status, 'in_progress'),
            lt(attempts.deadlineAt, options.cutoff),
            options.attemptId ? eq(attempts.id, options.attemptId) : undefined,
          ),
        )
        .orderBy(asc(attempts.deadlineAt))
        .limit(options.limit)
        .for('update', { of: attempts, skipLocked: true });
      if (!due.length) return 0;

      const questionsByQuiz = await new QuizRepository(tx as unknown as Db).scoringQuestionsFor([
        ...new Set(due.map((a) => a.quizId)),
      ]);
      let submitted = 0;
      for (const attempt of due) {
        const result = score(attempt, questionsByQuiz.get(attempt.quizId) ?? []);
        const updated = await tx
          .update(attempts)
          .set({ ...result, updatedAt: options.now })
          .where(and(eq(attempts.id, attempt.id), eq(attempts.status, 'in_progress')))
          .returning({ id: attempts.id });
        submitted += updated.length;
      }
      return submitted;
    });
  }
}

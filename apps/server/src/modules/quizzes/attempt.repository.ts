import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attempts, type SavedAnswer } from '../../db/schema';
import { closeOpenAttempts } from './close-open-attempts';

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
   * Auto-submit attempts past their deadline + grace with their saved answers (see
   * close-open-attempts.ts), in a transaction of their own, skipping rows another instance holds.
   * Returns how many were submitted in this batch.
   */
  async autoSubmitOverdue(options: {
    now: Date;
    graceSeconds: number;
    limit: number;
    attemptId?: string;
  }): Promise<number> {
    return this.db.transaction((tx) => closeOpenAttempts(tx as unknown as Db, { ...options, lock: 'skip' }));
  }
}

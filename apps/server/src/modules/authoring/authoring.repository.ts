import { and, asc, desc, eq, ilike, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attempts, payments, questions, quizzes } from '../../db/schema';
import type { PageWindow } from '../../lib/page-window';
import { containsPattern, countOf, intCount } from '../../lib/sql-search';

export type QuizRow = typeof quizzes.$inferSelect;
export type QuizInsert = typeof quizzes.$inferInsert;
export type QuestionRow = typeof questions.$inferSelect;
export type QuestionValues = Omit<typeof questions.$inferInsert, 'quizId' | 'id'>;

/** The only code of quiz authoring (and its import) that talks to Drizzle. */
export class AuthoringRepository {
  constructor(private readonly db: Db) {}

  /** Runs `work` in one transaction with a repository bound to it. */
  transaction<T>(work: (repo: AuthoringRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new AuthoringRepository(tx)));
  }

  // ---- quizzes ---------------------------------------------------------------------------------

  async insertQuiz(values: QuizInsert, questionValues: QuestionValues[]): Promise<QuizRow> {
    const [quiz] = await this.db.insert(quizzes).values(values).returning();
    await this.insertQuestions(quiz!.id, questionValues);
    return quiz!;
  }

  async findQuiz(id: string): Promise<QuizRow | undefined> {
    const [row] = await this.db.select().from(quizzes).where(eq(quizzes.id, id)).limit(1);
    return row;
  }

  /**
   * Locks the quiz row until the transaction ends. Two edits cannot interleave, and neither can an
   * edit and a participant starting: inserting an attempt checks its foreign key with FOR KEY SHARE
   * on this row, which waits for FOR UPDATE (and vice versa), so the attempt count read after this
   * lock is the one the edit is judged by.
   */
  async lockQuiz(id: string): Promise<QuizRow | undefined> {
    const [row] = await this.db.select().from(quizzes).where(eq(quizzes.id, id)).for('update').limit(1);
    return row;
  }

  async updateQuiz(id: string, values: Partial<QuizInsert>): Promise<QuizRow> {
    const [row] = await this.db
      .update(quizzes)
      // resultsVersion: a name, exam or topic edit changes learners' cached progress pages (ADR 017).
      .set({ ...values, updatedAt: sql`now()`, resultsVersion: sql`${quizzes.resultsVersion} + 1` })
      .where(eq(quizzes.id, id))
      .returning();
    return row!;
  }

  /** Deletes the quiz only while nobody has attempted or paid for it; false when it was kept (or is unknown). */
  async deleteQuizIfUntouched(id: string): Promise<boolean> {
    const deleted = await this.db
      .delete(quizzes)
      .where(
        and(
          eq(quizzes.id, id),
          sql`not exists (select 1 from ${attempts} where ${attempts.quizId} = ${id})`,
          sql`not exists (select 1 from ${payments} where ${payments.quizId} = ${id})`,
        ),
      )
      .returning({ id: quizzes.id });
    return deleted.length > 0;
  }

  async countAttempts(quizId: string): Promise<number> {
    const [row] = await this.db.select({ n: intCount }).from(attempts).where(eq(attempts.quizId, quizId));
    return row?.n ?? 0;
  }

  async countPayments(quizId: string): Promise<number> {
    const [row] = await this.db.select({ n: intCount }).from(payments).where(eq(payments.quizId, quizId));
    return row?.n ?? 0;
  }

  async listQuizzes(window: PageWindow) {
    const where = window.search
      ? or(
          ilike(quizzes.name, containsPattern(window.search)),
          ilike(quizzes.desc, containsPattern(window.search)),
          ilike(quizzes.exam, containsPattern(window.search)),
          ilike(quizzes.class, containsPattern(window.search)),
        )
      : undefined;
    const rows = await this.db
      .select({
        quiz: quizzes,
        questionCount: countOf('questions', 'quiz_id', quizzes.id),
        attemptCount: countOf('attempts', 'quiz_id', quizzes.id),
        submittedCount: countOf('attempts', 'quiz_id', quizzes.id, sql`and c.status <> 'in_progress'`),
      })
      .from(quizzes)
      .where(where)
      .orderBy(desc(quizzes.startAt), desc(quizzes.createdAt), asc(quizzes.id))
      .limit(window.limit)
      .offset(window.offset);
    const [total] = await this.db.select({ n: intCount }).from(quizzes).where(where);
    return { rows, total: total?.n ?? 0 };
  }

  // ---- questions -------------------------------------------------------------------------------

  async questionsOf(quizId: string): Promise<QuestionRow[]> {
    return this.db
      .select()
      .from(questions)
      .where(eq(questions.quizId, quizId))
      .orderBy(asc(questions.position));
  }

  async insertQuestions(quizId: string, values: QuestionValues[]): Promise<void> {
    if (values.length === 0) return;
    await this.db.insert(questions).values(values.map((v) => ({ ...v, quizId })));
  }

  /** Moves every position out of the way (negative) so a reorder never trips the unique (quiz, position) index. */
  async parkPositions(quizId: string): Promise<void> {
    await this.db
      .update(questions)
      .set({ position: sql`-1 - ${questions.position}` })
      .where(eq(questions.quizId, quizId));
  }

  /** Deletes the quiz's other questions; returns the storage keys of their recordings. */
  async deleteQuestionsExcept(quizId: string, keepIds: string[]): Promise<string[]> {
    const deleted = await this.db
      .delete(questions)
      .where(
        and(eq(questions.quizId, quizId), keepIds.length ? notInArray(questions.id, keepIds) : undefined),
      )
      .returning({ audioKey: questions.audioKey });
    return deleted.flatMap((q) => (q.audioKey ? [q.audioKey] : []));
  }

  async updateQuestion(quizId: string, id: string, values: Partial<QuestionValues>): Promise<void> {
    await this.db
      .update(questions)
      .set(values)
      .where(and(eq(questions.quizId, quizId), eq(questions.id, id)));
  }

  // ---- attempts and results --------------------------------------------------------------------

  /** Started and finished attempts, average and highest score: one aggregate row from the database. */
  async attemptTotals(quizId: string): Promise<{
    attempted: number;
    submitted: number;
    averageScore: number | null;
    highestScore: number | null;
  }> {
    const finished = sql`${attempts.status} <> 'in_progress'`;
    const [row] = await this.db
      .select({
        attempted: intCount,
        submitted: sql<number>`cast(count(*) filter (where ${finished}) as int)`,
        averageScore: sql<number | null>`avg(coalesce(${attempts.score}, 0)) filter (where ${finished})`,
        highestScore: sql<number | null>`max(coalesce(${attempts.score}, 0)) filter (where ${finished})`,
      })
      .from(attempts)
      .where(eq(attempts.quizId, quizId));
    const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    return {
      attempted: Number(row?.attempted ?? 0),
      submitted: Number(row?.submitted ?? 0),
      averageScore: num(row?.averageScore),
      highestScore: num(row?.highestScore),
    };
  }

  /** How many finished attempts have each score (one row per distinct score). */
  async scoreCounts(quizId: string): Promise<{ score: number; count: number }[]> {
    const score = sql<number>`coalesce(${attempts.score}, 0)`;
    const rows = await this.db
      .select({ score, count: intCount })
      .from(attempts)
      .where(and(eq(attempts.quizId, quizId), sql`${attempts.status} <> 'in_progress'`))
      .groupBy(score);
    return rows.map((r) => ({ score: Number(r.score), count: Number(r.count) }));
  }

  /** An earlier end time ends running attempts then too (their deadline never passes the quiz end). */
  async clampDeadlines(quizId: string, endAt: Date): Promise<number> {
    const rows = await this.db
      .update(attempts)
      .set({ deadlineAt: endAt })
      .where(
        and(
          eq(attempts.quizId, quizId),
          eq(attempts.status, 'in_progress'),
          sql`${attempts.deadlineAt} > ${endAt.toISOString()}::timestamptz`,
        ),
      )
      .returning({ id: attempts.id });
    return rows.length;
  }
}

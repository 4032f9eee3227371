import { and, asc, desc, eq, getTableName, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { attempts, payments, questions, quizzes, users } from '../../db/schema';

export type QuizRow = typeof quizzes.$inferSelect;
export type QuizInsert = typeof quizzes.$inferInsert;
export type QuestionRow = typeof questions.$inferSelect;
export type QuestionValues = Omit<typeof questions.$inferInsert, 'quizId' | 'id'>;

export interface PageWindow {
  offset: number;
  limit: number;
  search?: string;
}

/** `%term%` for ILIKE with the user's own % and _ taken literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const intCount = sql<number>`cast(count(*) as int)`;

/**
 * `(select count(*) from <table> c where c.<column> = <outer column>)`. The outer column is written
 * with its table name: Drizzle renders a bare column inside `sql`, which the subquery would capture.
 */
function countOf(table: 'questions' | 'attempts', column: string, outer: AnyPgColumn, extra?: SQL) {
  const outerRef = sql.raw(`"${getTableName(outer.table)}"."${outer.name}"`);
  return sql<number>`(select cast(count(*) as int) from ${sql.raw(`"${table}"`)} c where ${sql.raw(`c."${column}"`)} = ${outerRef} ${extra ?? sql``})`;
}

/** The only code in the admin module that talks to Drizzle. */
export class AdminRepository {
  constructor(private readonly db: Db) {}

  /** Runs `work` in one transaction with a repository bound to it. */
  transaction<T>(work: (repo: AdminRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new AdminRepository(tx)));
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

  /**
   * Participants of a quiz: the rank is the published one, else the standard competition rank
   * among submitted attempts (score desc, then elapsed time asc) computed over the whole quiz
   * before the search narrows the rows.
   */
  async participants(quizId: string, window: PageWindow | { offset: 0; limit: null; search?: string }) {
    const ranked = this.db
      .select({
        id: attempts.id,
        userId: attempts.userId,
        status: attempts.status,
        score: attempts.score,
        correctCount: attempts.correctCount,
        elapsedMs: attempts.elapsedMs,
        startedAt: attempts.startedAt,
        submittedAt: attempts.submittedAt,
        rank: sql<
          number | null
        >`cast(coalesce(${attempts.rank}, case when ${attempts.score} is not null then rank() over (partition by ${attempts.score} is null order by ${attempts.score} desc, ${attempts.elapsedMs} asc nulls last) end) as int)`.as(
          'rank',
        ),
      })
      .from(attempts)
      .where(eq(attempts.quizId, quizId))
      .as('ranked');

    const where: SQL | undefined = window.search
      ? or(
          ilike(users.name, containsPattern(window.search)),
          ilike(users.phNo, containsPattern(window.search)),
        )
      : undefined;
    const query = this.db
      .select({
        id: ranked.id,
        status: ranked.status,
        score: ranked.score,
        correctCount: ranked.correctCount,
        elapsedMs: ranked.elapsedMs,
        startedAt: ranked.startedAt,
        submittedAt: ranked.submittedAt,
        rank: ranked.rank,
        userId: users.id,
        name: users.name,
        phNo: users.phNo,
      })
      .from(ranked)
      .innerJoin(users, eq(users.id, ranked.userId))
      .where(where)
      .orderBy(sql`${ranked.rank} asc nulls last`, asc(ranked.startedAt), asc(ranked.id))
      .offset(window.offset);
    const rows = window.limit === null ? await query : await query.limit(window.limit);
    const [total] = await this.db
      .select({ n: intCount })
      .from(attempts)
      .innerJoin(users, eq(users.id, attempts.userId))
      .where(and(eq(attempts.quizId, quizId), where));
    return { rows, total: total?.n ?? 0 };
  }

  // ---- students --------------------------------------------------------------------------------

  async listStudents(window: PageWindow) {
    const where = window.search
      ? or(
          ilike(users.name, containsPattern(window.search)),
          ilike(users.phNo, containsPattern(window.search)),
          ilike(users.place, containsPattern(window.search)),
          ilike(users.school, containsPattern(window.search)),
        )
      : undefined;
    const rows = await this.db
      .select({
        user: users,
        attemptCount: countOf('attempts', 'user_id', users.id),
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), asc(users.id))
      .limit(window.limit)
      .offset(window.offset);
    const [total] = await this.db.select({ n: intCount }).from(users).where(where);
    return { rows, total: total?.n ?? 0 };
  }

  async findStudent(id: string) {
    const [row] = await this.db
      .select({
        user: users,
        attemptCount: countOf('attempts', 'user_id', users.id),
      })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    return row;
  }

  async attemptsOfStudent(userId: string) {
    return this.db
      .select({ attempt: attempts, quizName: quizzes.name, durationMin: quizzes.durationMin })
      .from(attempts)
      .innerJoin(quizzes, eq(quizzes.id, attempts.quizId))
      .where(eq(attempts.userId, userId))
      .orderBy(desc(attempts.startedAt));
  }

  /** Provisional ranks (see `participants`) for the given attempts, by attempt id. */
  async ranksOf(attemptIds: string[]): Promise<Map<string, number | null>> {
    if (attemptIds.length === 0) return new Map();
    const rows = await this.db
      .select({
        id: attempts.id,
        rank: sql<
          number | null
        >`cast(coalesce(${attempts.rank}, case when ${attempts.score} is not null then rank() over (partition by ${attempts.quizId}, ${attempts.score} is null order by ${attempts.score} desc, ${attempts.elapsedMs} asc nulls last) end) as int)`,
      })
      .from(attempts)
      .where(
        inArray(
          attempts.quizId,
          this.db.select({ quizId: attempts.quizId }).from(attempts).where(inArray(attempts.id, attemptIds)),
        ),
      );
    return new Map(rows.filter((r) => attemptIds.includes(r.id)).map((r) => [r.id, r.rank]));
  }

  async paymentsOfStudent(userId: string) {
    return this.db
      .select({ payment: payments, quizName: quizzes.name })
      .from(payments)
      .innerJoin(quizzes, eq(quizzes.id, payments.quizId))
      .where(eq(payments.userId, userId))
      .orderBy(desc(payments.createdAt));
  }
}

import { and, asc, count, desc, eq, gt, isNotNull, isNull, lte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attempts, questions, quizzes, users } from '../../db/schema';
import { analysePublished, publishResults, type PublishOutcome } from './publication';

export type QuizRow = typeof quizzes.$inferSelect;
export type AttemptRow = typeof attempts.$inferSelect;
export type QuestionRow = typeof questions.$inferSelect;

/** A ranked attempt as public lists show it: no phone number is ever selected. */
export interface RankedEntry {
  id: string;
  userId: string;
  rank: number;
  score: number;
  elapsedMs: number;
  /** Time allowed beyond the duration (ADR 023): > 0 is "with compensatory time". */
  extraMs: number;
  name: string;
  profilePicKey: string | null;
  /** Privacy choices (docs/privacy.md): initials only; photo allowed on the public podium. */
  initialsOnly: boolean;
  publicPhoto: boolean;
}

const rankedEntryColumns = {
  id: attempts.id,
  userId: attempts.userId,
  rank: sql<number>`${attempts.rank}`.mapWith(Number),
  score: sql<number>`coalesce(${attempts.score}, 0)`.mapWith(Number),
  elapsedMs: sql<number>`coalesce(${attempts.elapsedMs}, 0)`.mapWith(Number),
  extraMs: attempts.extraMs,
  name: users.name,
  profilePicKey: users.profilePicKey,
  initialsOnly: users.initialsOnly,
  publicPhoto: users.publicPhoto,
};

export class ResultsRepository {
  /** A summary read's one per-request query, prepared once (results day: every participant at once). */
  private readonly attemptOf;

  constructor(private readonly db: Db) {
    this.attemptOf = db
      .select()
      .from(attempts)
      .where(
        and(eq(attempts.quizId, sql.placeholder('quizId')), eq(attempts.userId, sql.placeholder('userId'))),
      )
      .limit(1)
      .prepare('results_attempt_of');
  }

  /** Quizzes whose window plus grace has closed and whose results are not yet published, oldest first. */
  async findQuizzesDueForPublication(cutoff: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: quizzes.id })
      .from(quizzes)
      .where(and(isNull(quizzes.resultsPublishedAt), lte(quizzes.endAt, cutoff)))
      .orderBy(asc(quizzes.endAt))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /** Publishes one quiz's results exactly once (the pipeline's first transaction, `publication.ts`). */
  async publish(
    quizId: string,
    now: Date,
    graceSeconds: number,
    plausibleMsPerAnswer?: number,
  ): Promise<PublishOutcome> {
    return publishResults(this.db, quizId, now, graceSeconds, plausibleMsPerAnswer);
  }

  /**
   * Published quizzes whose analysis is not whole yet (just published, or a step that failed or was
   * cut short by a restart), oldest publication first, leaving out those `waiting` after a failure.
   */
  async findQuizzesPendingAnalysis(limit: number, waiting: string[] = []): Promise<string[]> {
    const rows = await this.db
      .select({ id: quizzes.id })
      .from(quizzes)
      .where(
        and(
          isNotNull(quizzes.resultsPublishedAt),
          isNull(quizzes.analysedAt),
          waiting.length > 0 ? notInArray(quizzes.id, waiting) : undefined,
        ),
      )
      .orderBy(asc(quizzes.resultsPublishedAt))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /** Builds one published quiz's analysis in steps, each its own transaction (ADR 017, `publication.ts`). */
  async analyse(quizId: string, now: Date, batch?: number): Promise<boolean> {
    return analysePublished(this.db, quizId, now, batch);
  }

  async findQuiz(quizId: string): Promise<QuizRow | undefined> {
    const [row] = await this.db.select().from(quizzes).where(eq(quizzes.id, quizId)).limit(1);
    return row;
  }

  /** One indexed lookup on the (quiz_id, user_id) unique index. */
  async findAttempt(quizId: string, userId: string): Promise<AttemptRow | undefined> {
    const [row] = await this.attemptOf.execute({ quizId, userId });
    return row;
  }

  async findQuestions(quizId: string): Promise<QuestionRow[]> {
    return this.db
      .select()
      .from(questions)
      .where(eq(questions.quizId, quizId))
      .orderBy(asc(questions.position));
  }

  /** What a quiz's maximum score needs of each question (marking's `maximumScore`). */
  async questionsForMaximum(quizId: string): Promise<{ dropped: boolean; section: number | null }[]> {
    const rows = await this.db
      .select({ droppedAt: questions.droppedAt, section: questions.section })
      .from(questions)
      .where(eq(questions.quizId, quizId));
    return rows.map((row) => ({ dropped: row.droppedAt !== null, section: row.section }));
  }

  /** Ranked attempts of a quiz; only used when `participant_count` was not recorded (older data). */
  async countRanked(quizId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(attempts)
      .where(and(eq(attempts.quizId, quizId), isNotNull(attempts.rank)));
    return row?.n ?? 0;
  }

  /** The most recently published quiz that has at least one ranked participant. */
  async findLatestPublishedQuiz(): Promise<QuizRow | undefined> {
    const [row] = await this.db
      .select()
      .from(quizzes)
      .where(
        and(
          isNotNull(quizzes.resultsPublishedAt),
          eq(quizzes.published, true),
          sql`(${quizzes.participantCount} > 0 or (${quizzes.participantCount} is null and exists (
            select 1 from ${attempts} where ${attempts.quizId} = ${quizzes.id} and ${attempts.rank} is not null
          )))`,
        ),
      )
      .orderBy(desc(quizzes.resultsPublishedAt), desc(quizzes.endAt))
      .limit(1);
    return row;
  }

  /** Ranked attempts in rank order (ties by id, for a stable order across pages); index (quiz_id, rank). */
  async findRanked(quizId: string, offset: number, limit: number): Promise<RankedEntry[]> {
    return this.db
      .select(rankedEntryColumns)
      .from(attempts)
      .innerJoin(users, eq(users.id, attempts.userId))
      .where(and(eq(attempts.quizId, quizId), gt(attempts.rank, 0)))
      .orderBy(asc(attempts.rank), asc(attempts.id))
      .offset(offset)
      .limit(limit);
  }
}

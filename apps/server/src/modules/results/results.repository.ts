import { and, asc, count, desc, eq, gt, isNotNull, isNull, lte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/raw-rows';
import { attempts, questions, quizzes, users } from '../../db/schema';
import { analysePublished } from '../analytics/attempt-marks';
import { closeOpenAttempts } from '../quizzes/close-open-attempts';

export type QuizRow = typeof quizzes.$inferSelect;
export type AttemptRow = typeof attempts.$inferSelect;
export type QuestionRow = typeof questions.$inferSelect;

export interface PublishOutcome {
  /** False when another instance (or an earlier sweep) had already published the quiz. */
  published: boolean;
  autoSubmitted: number;
  participants: number;
}

/** A ranked attempt as public lists show it: no phone number is ever selected. */
export interface RankedEntry {
  id: string;
  userId: string;
  rank: number;
  score: number;
  elapsedMs: number;
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
  name: users.name,
  profilePicKey: users.profilePicKey,
  initialsOnly: users.initialsOnly,
  publicPhoto: users.publicPhoto,
};

/**
 * The one ranking statement (ADR 009): standard competition rank of every submitted attempt by score
 * desc, elapsed time asc, written into `attempts.rank`, with the count in `quizzes.participant_count`.
 * Publication runs it once; an answer-key correction runs it again after re-scoring.
 */
export async function rankQuizAttempts(tx: Db, quizId: string): Promise<number> {
  const [counted] = rawRows<{ participants: number }>(
    await tx.execute(sql`
      with ranked as (
        select id,
               rank() over (partition by quiz_id order by score desc nulls last, elapsed_ms asc nulls last) as r
        from ${attempts}
        where quiz_id = ${quizId} and status in ('submitted', 'auto_submitted')
      ), materialised as (
        -- Only rows whose rank changes are written: after a key correction most keep theirs.
        update ${attempts} as a set rank = ranked.r
        from ranked
        where a.id = ranked.id and a.rank is distinct from ranked.r
        returning 1
      )
      update ${quizzes} set participant_count = (select count(*)::int from ranked)
      where id = ${quizId}
      returning participant_count as participants
    `),
  );
  return Number(counted?.participants ?? 0);
}

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

  /**
   * Publishes one quiz's results exactly once, in one transaction:
   * 1. claim: a conditional UPDATE that only the first caller wins (others block on the row lock,
   *    then see `results_published_at` set and match nothing);
   * 2. auto-submit whatever is still open with its saved answers (waiting on rows another sweeper holds);
   * 3. one set-based statement ranks every submitted attempt and records the participant count.
   * A failure anywhere rolls the claim back, so the next sweep tries again. The analysis (narrow
   * marks, item analysis) is not built here: `analysePending` does it after this commits (ADR 017).
   */
  async publish(quizId: string, now: Date, graceSeconds: number): Promise<PublishOutcome> {
    const cutoff = new Date(now.getTime() - graceSeconds * 1000);
    return this.db.transaction(async (tx) => {
      const claimed = await tx
        .update(quizzes)
        .set({ resultsPublishedAt: now, updatedAt: now })
        .where(and(eq(quizzes.id, quizId), isNull(quizzes.resultsPublishedAt), lte(quizzes.endAt, cutoff)))
        .returning({ id: quizzes.id });
      if (!claimed.length) return { published: false, autoSubmitted: 0, participants: 0 };

      const autoSubmitted = await closeOpenAttempts(tx as unknown as Db, {
        now,
        graceSeconds,
        quizId,
        lock: 'wait',
        limit: Number.MAX_SAFE_INTEGER,
      });

      const participants = await rankQuizAttempts(tx as unknown as Db, quizId);
      return { published: true, autoSubmitted, participants };
    });
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

  /** Builds one published quiz's analysis in steps, each its own transaction (ADR 017). */
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

  async countQuestions(quizId: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(questions).where(eq(questions.quizId, quizId));
    return row?.n ?? 0;
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

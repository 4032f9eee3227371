import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/raw-rows';
import { questions, quizzes, reviewCards, reviewLogs } from '../../db/schema';

/** A learner's review statistics (GET /review/stats): today's reviews, streak days, retention, forecast, leeches. */
export class ReviewStatsRepository {
  constructor(private readonly db: Db) {}

  /** Reviews since `from`: all of them, and those that were a card's first review (new cards). */
  async reviewsSince(userId: string, from: Date): Promise<{ total: number; newCards: number }> {
    const [row] = await this.db
      .select({
        total: sql<number>`count(*)::int`.mapWith(Number),
        newCards: sql<number>`count(*) filter (where ${reviewLogs.wasNew})::int`.mapWith(Number),
      })
      .from(reviewLogs)
      .where(
        and(
          eq(reviewLogs.userId, userId),
          sql`${reviewLogs.reviewedAt} >= ${from.toISOString()}::timestamptz`,
        ),
      );
    return { total: row?.total ?? 0, newCards: row?.newCards ?? 0 };
  }

  /** Review days (IST) with at least one review, newest first, within the last `days` days. */
  async reviewDays(userId: string, from: Date): Promise<string[]> {
    const rows = rawRows<{ day: string }>(
      await this.db.execute(sql`
        select distinct to_char((reviewed_at at time zone 'Asia/Kolkata')::date, 'YYYY-MM-DD') as day
        from ${reviewLogs}
        where user_id = ${userId} and reviewed_at >= ${from.toISOString()}::timestamptz
        order by day desc
      `),
    );
    return rows.map((r) => r.day);
  }

  async retentionSince(userId: string, from: Date): Promise<{ total: number; passed: number }> {
    const [row] = await this.db
      .select({
        total: sql<number>`count(*)::int`.mapWith(Number),
        passed: sql<number>`count(*) filter (where ${reviewLogs.rating} > 1)::int`.mapWith(Number),
      })
      .from(reviewLogs)
      .where(
        and(
          eq(reviewLogs.userId, userId),
          sql`${reviewLogs.reviewedAt} >= ${from.toISOString()}::timestamptz`,
        ),
      );
    return { total: row?.total ?? 0, passed: row?.passed ?? 0 };
  }

  /** Active cards due per IST day before `until` (overdue ones count on `today`). */
  async forecast(userId: string, today: string, until: Date): Promise<Map<string, number>> {
    const rows = rawRows<{ day: string; n: number }>(
      await this.db.execute(sql`
        select greatest(to_char((due at time zone 'Asia/Kolkata')::date, 'YYYY-MM-DD'), ${today}) as day,
               count(*)::int as n
        from ${reviewCards}
        where user_id = ${userId} and suspended_at is null and due < ${until.toISOString()}::timestamptz
        group by 1
      `),
    );
    return new Map(rows.map((r) => [r.day, Number(r.n)]));
  }

  async leeches(
    userId: string,
  ): Promise<
    { cardId: string; questionId: string; quizId: string; quizName: string; qn: string; lapses: number }[]
  > {
    return this.db
      .select({
        cardId: reviewCards.id,
        questionId: questions.id,
        quizId: quizzes.id,
        quizName: quizzes.name,
        qn: questions.qn,
        lapses: reviewCards.lapses,
      })
      .from(reviewCards)
      .innerJoin(questions, eq(questions.id, reviewCards.questionId))
      .innerJoin(quizzes, eq(quizzes.id, questions.quizId))
      .where(
        and(
          eq(reviewCards.userId, userId),
          isNotNull(reviewCards.suspendedAt),
          // A card suspended because its question was dropped (issue 14) is not a leech.
          isNull(questions.droppedAt),
        ),
      )
      .orderBy(asc(reviewCards.suspendedAt))
      .limit(100);
  }
}

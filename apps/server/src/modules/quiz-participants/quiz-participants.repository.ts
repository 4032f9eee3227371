import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attempts, quizzes, users } from '../../db/schema';
import type { PageWindow } from '../../lib/page-window';
import { containsPattern, intCount } from '../../lib/sql-search';
import {
  answeredCountSql,
  answeredMsSql,
  implausibleSql,
  provisionalRankOrderSql,
} from '../marking/marking.sql';

export type QuizRow = typeof quizzes.$inferSelect;

/** The only code of a quiz's participant list (and its CSV export) that talks to Drizzle. */
export class QuizParticipantsRepository {
  constructor(
    private readonly db: Db,
    /** The ranking's plausible floor per answered question, in ms (plausible-time.ts). */
    private readonly plausibleMsPerAnswer: number,
  ) {}

  async findQuiz(id: string): Promise<QuizRow | undefined> {
    const [row] = await this.db.select().from(quizzes).where(eq(quizzes.id, id)).limit(1);
    return row;
  }

  /**
   * Participants of a quiz: the rank is the published one, else the standard competition rank
   * among submitted attempts, in publication's order (`provisionalRankOrderSql`: the plausible floor
   * included), computed over the whole quiz before the search narrows the rows.
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
        // Before publication, the flag publication will set (the same rule as the provisional rank).
        implausibleTime: sql<boolean>`(case when ${attempts.rank} is null and ${attempts.score} is not null
          then ${implausibleSql('attempts', this.plausibleMsPerAnswer)} else ${attempts.implausibleTime} end)`.as(
          'implausible_time',
        ),
        answered: sql<number>`${answeredCountSql('attempts')}::int`.as('answered'),
        answeredMs: sql<number | null>`${answeredMsSql('attempts')}::float8`.as('answered_ms'),
        startedAt: attempts.startedAt,
        submittedAt: attempts.submittedAt,
        rank: sql<
          number | null
        >`cast(coalesce(${attempts.rank}, case when ${attempts.score} is not null then rank() over (partition by ${attempts.score} is null order by ${provisionalRankOrderSql(this.plausibleMsPerAnswer)}) end) as int)`.as(
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
        implausibleTime: ranked.implausibleTime,
        answered: ranked.answered,
        answeredMs: ranked.answeredMs,
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
}

import { asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attempts, payments, quizzes, users } from '../../db/schema';
import type { PageWindow } from '../../lib/page-window';
import { containsPattern, countOf, intCount } from '../../lib/sql-search';
import { provisionalRankOrderSql } from '../marking/marking.sql';

/** The only code of the student directory (an admin's list and detail of students) that talks to Drizzle. */
export class StudentDirectoryRepository {
  constructor(
    private readonly db: Db,
    /** The ranking's plausible floor per answered question, in ms (plausible-time.ts). */
    private readonly plausibleMsPerAnswer: number,
  ) {}

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

  /** Provisional ranks (as in quiz-participants.repository.ts) for the given attempts, by attempt id. */
  async ranksOf(attemptIds: string[]): Promise<Map<string, number | null>> {
    if (attemptIds.length === 0) return new Map();
    const rows = await this.db
      .select({
        id: attempts.id,
        rank: sql<
          number | null
        >`cast(coalesce(${attempts.rank}, case when ${attempts.score} is not null then rank() over (partition by ${attempts.quizId}, ${attempts.score} is null order by ${provisionalRankOrderSql(this.plausibleMsPerAnswer)}) end) as int)`,
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

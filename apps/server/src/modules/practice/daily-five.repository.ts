import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/raw-rows';
import { practiceAttempts } from '../../db/schema';
import { unlockedExpression } from '../quizzes/unlock-rule';
import { PRACTISABLE } from './practice-questions';
import type { PracticeAttemptInsert, PracticeAttemptRow } from './practice.repository';

/** A drawn question and its quiz's exam (the five's exam is its first question's). */
export interface DrawnQuestion {
  id: string;
  exam: string;
}

/** Where a daily five's draw looks, in this order (issue 28). */
export interface DrawTier {
  /** Due review cards. */
  dueAt?: Date;
  /** Questions of these topics, weakest first. */
  topics?: string[];
  /** Questions never seen: no practice answer, no contest attempt of the quiz. */
  unseen?: boolean;
}

const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * The daily five's reads and writes. Every draw applies practice's one visibility rule
 * (`PRACTISABLE` and the unlock rule, ADR 024) and skips dropped questions; within a tier the order
 * is a hash of learner, day and question, so it is the learner's own and stable within the day.
 */
export class DailyFiveRepository {
  constructor(private readonly db: Db) {}

  async find(userId: string, day: string): Promise<PracticeAttemptRow | undefined> {
    const [row] = await this.db
      .select()
      .from(practiceAttempts)
      .where(and(eq(practiceAttempts.userId, userId), eq(practiceAttempts.day, day)))
      .limit(1);
    return row;
  }

  /** Inserts the day's five unless another request (a second device) did first. */
  async insertOnce(values: PracticeAttemptInsert): Promise<void> {
    await this.db.insert(practiceAttempts).values(values).onConflictDoNothing();
  }

  /** Up to `limit` questions of one tier, not among `chosen`. */
  async draw(
    userId: string,
    day: string,
    tier: DrawTier,
    chosen: readonly string[],
    limit: number,
  ): Promise<DrawnQuestion[]> {
    const where: SQL[] = [
      PRACTISABLE,
      unlockedExpression(userId),
      sql`q.dropped_at is null`,
      sql`not (q.id = any(${uuidArray(chosen)}))`,
    ];
    let from = sql`questions q`;
    let order = sql`md5(${userId} || ${day} || q.id::text)`;
    if (tier.dueAt) {
      from = sql`review_cards c join questions q on q.id = c.question_id`;
      where.push(
        sql`c.user_id = ${userId}::uuid and c.suspended_at is null and c.due <= ${tier.dueAt.toISOString()}::timestamptz`,
      );
      order = sql`c.due, ${order}`;
    } else if (tier.topics) {
      if (!tier.topics.length) return [];
      const topics = sql`array[${sql.join(
        tier.topics.map((t) => sql`${t}`),
        sql`, `,
      )}]::text[]`;
      from = sql`questions q left join practice_question_state s
                   on s.user_id = ${userId}::uuid and s.question_id = q.id`;
      where.push(sql`q.topic = any(${topics})`);
      // The weakest topic first; within it, questions not yet answered right in practice.
      order = sql`array_position(${topics}, q.topic), coalesce(s.last_correct, false), ${order}`;
    } else if (tier.unseen) {
      where.push(sql`not exists (select 1 from practice_question_state s
                                 where s.user_id = ${userId}::uuid and s.question_id = q.id)`);
      where.push(sql`not exists (select 1 from attempts a
                                 where a.quiz_id = q.quiz_id and a.user_id = ${userId}::uuid)`);
    }
    const rows = rawRows<DrawnQuestion>(
      await this.db.execute(sql`
        select q.id, "quizzes"."exam" as exam
        from ${from} join quizzes on "quizzes"."id" = q.quiz_id
        where ${sql.join(where, sql` and `)}
        order by ${order}
        limit ${limit}`),
    );
    return rows.map((r) => ({ id: String(r.id), exam: String(r.exam) }));
  }
}

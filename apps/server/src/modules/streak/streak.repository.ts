import { sql, type SQL } from 'drizzle-orm';
import { STREAK_RULES } from '@quizcast/contract/schemas/streak';
import type { Db } from '../../db/client';
import { attempts, reviewLogs, streakActivity } from '../../db/schema';
import { rawRows } from '../../db/raw-rows';

/** What else counts a day (issue 28). Practice and the daily five record themselves here. */
export type StreakActivityKind = 'practice' | 'daily_five';

const istDay = (column: unknown) => sql`to_char((${column} at time zone 'Asia/Kolkata')::date, 'YYYY-MM-DD')`;

export class StreakRepository {
  constructor(private readonly db: Db) {}

  /**
   * Every IST day the learner counted: a finished quiz (submitted or auto-submitted, by the server's
   * submission time), ten reviews (by the server's time of receipt, not the phone's stamp), or a
   * recorded activity. Read from the rows those actions already write, so they write nothing extra.
   */
  async countedDays(userId: string): Promise<string[]> {
    const rows = rawRows<{ day: string }>(
      await this.db.execute(sql`
        select ${istDay(attempts.submittedAt)} as day
          from ${attempts}
          where ${attempts.userId} = ${userId} and ${attempts.status} <> 'in_progress'
            and ${attempts.submittedAt} is not null
        union
        select ${istDay(reviewLogs.createdAt)} as day
          from ${reviewLogs}
          where ${reviewLogs.userId} = ${userId}
          group by 1
          having count(*) >= ${STREAK_RULES.reviewsForADay}
        union
        select to_char(${streakActivity.day}, 'YYYY-MM-DD') as day
          from ${streakActivity}
          where ${streakActivity.userId} = ${userId}
      `),
    );
    return rows.map((r) => r.day);
  }
}

/**
 * The one INSERT that counts a day, as a statement or a CTE body: only when `when` holds (a caller's
 * writable CTE, e.g. "the practice was finished"), so the day is counted in the statement of the
 * write that earned it. Each value as SQL: a parameter, or a prepared statement's placeholder.
 */
export function activityInsert(v: { userId: SQL; kind: SQL; day: SQL; at: SQL; when: SQL }): SQL {
  return sql`insert into streak_activity (user_id, kind, day, at)
    select ${v.userId}::uuid, ${v.kind}::text, ${v.day}::date, ${v.at}::timestamptz where ${v.when}
    on conflict do nothing`;
}

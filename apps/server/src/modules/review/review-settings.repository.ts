import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rawRows } from '../../db/raw-rows';
import { reviewCards, reviewSettings } from '../../db/schema';
import type { CardRow } from './review-cards.repository';

export type SettingsRow = typeof reviewSettings.$inferSelect;

/**
 * A learner's review settings and the exam clamp's reads and writes: the review load per day before
 * the exam (read by the queue's previews and by grading too), and the cards it re-dates.
 */
export class ReviewSettingsRepository {
  constructor(private readonly db: Db) {}

  async findSettings(userId: string): Promise<SettingsRow | undefined> {
    const [row] = await this.db
      .select()
      .from(reviewSettings)
      .where(eq(reviewSettings.userId, userId))
      .limit(1);
    return row;
  }

  async saveSettings(row: SettingsRow): Promise<void> {
    const { userId: _userId, ...rest } = row;
    await this.db
      .insert(reviewSettings)
      .values(row)
      .onConflictDoUpdate({ target: reviewSettings.userId, set: rest });
  }

  /** Re-dated cards (the exam clamp after a settings change), in one statement. */
  async setDues(userId: string, dues: { id: string; due: Date }[]): Promise<void> {
    if (!dues.length) return;
    const ids = dues.map((d) => d.id);
    const times = dues.map((d) => d.due.toISOString());
    await this.db.execute(sql`
      update ${reviewCards} c set due = v.due
      from (select unnest(${sql`array[${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}]`}) as id, unnest(${sql`array[${sql.join(
        times.map((t) => sql`${t}::timestamptz`),
        sql`, `,
      )}]`}) as due) v
      where c.id = v.id and c.user_id = ${userId}
    `);
  }

  /**
   * The review load for the exam clamp: active, reviewed (not new) cards due before `until`, counted
   * per IST day ('YYYY-MM-DD'; overdue cards count on `today`), leaving out `exceptCardId`; and the
   * learner's active cards, all of them (`db`: the transaction, when called inside one). One pass.
   */
  async dueLoad(
    userId: string,
    today: string,
    until: Date,
    exceptCardId: string | null = null,
    db: Db = this.db,
  ): Promise<{ perDay: Map<string, number>; cards: number }> {
    const rows = rawRows<{ day: string | null; n: number }>(
      await db.execute(sql`
        select case when review_count > 0 and due < ${until.toISOString()}::timestamptz
                         ${exceptCardId ? sql`and id <> ${exceptCardId}::uuid` : sql``}
                    then greatest(to_char((due at time zone 'Asia/Kolkata')::date, 'YYYY-MM-DD'), ${today})
               end as day,
               count(*)::int as n
        from ${reviewCards}
        where user_id = ${userId} and suspended_at is null
        group by 1
      `),
    );
    const perDay = new Map<string, number>();
    let cards = 0;
    for (const r of rows) {
      cards += Number(r.n);
      if (r.day !== null) perDay.set(r.day, Number(r.n));
    }
    return { perDay, cards };
  }

  /** Active, reviewed cards due at or after `from` (candidates for the exam clamp). */
  async cardsDueFrom(userId: string, from: Date): Promise<CardRow[]> {
    return this.db
      .select()
      .from(reviewCards)
      .where(
        and(
          eq(reviewCards.userId, userId),
          isNull(reviewCards.suspendedAt),
          sql`${reviewCards.due} >= ${from.toISOString()}::timestamptz`,
        ),
      );
  }
}

import { sql, type SQL } from 'drizzle-orm';

const IST_OFFSET_MS = 330 * 60_000;

/** Minutes after IST midnight at `now`. */
export function istMinuteOfDay(now: Date): number {
  const shifted = new Date(now.getTime() + IST_OFFSET_MS);
  return shifted.getUTCHours() * 60 + shifted.getUTCMinutes();
}

/**
 * The daily five's reminders due at `now` (issue 28): once per IST day (`daily_five:<user>:<day>`),
 * from the learner's chosen time on (07:00–21:59; the sweep itself is skipped in quiet hours), to
 * learners who switched it on, have a live subscription, and have not finished today's five yet.
 */
export function dailyFiveDue(now: Date, dayKey: string, limit: number): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const key = sql`'daily_five:' || rs.user_id || ':' || ${dayKey}`;
  return sql`
    select ${key} as key, rs.user_id as "userId", coalesce(u.preferred_language, 'en') as language,
           null::uuid as "quizId", null::text as "quizName", null::int as "dueCards"
    from reminder_settings rs
    join users u on u.id = rs.user_id and u.deleted_at is null
    where rs.daily_five and rs.daily_five_minute <= ${istMinuteOfDay(now)}
      and exists (select 1 from push_subscriptions s where s.user_id = rs.user_id
                  and (s.retry_after is null or s.retry_after <= ${at}))
      and not exists (select 1 from practice_attempts p where p.user_id = rs.user_id
                      and p.day = ${dayKey}::date and p.status = 'submitted')
      and not exists (select 1 from reminder_claims c where c.key = ${key})
    limit ${limit}`;
}

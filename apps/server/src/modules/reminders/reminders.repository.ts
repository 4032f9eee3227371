import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import {
  DAILY_FIVE_DEFAULT_AT,
  minuteOfDay,
  timeOfDay,
  type ReminderKind,
  type ReminderSwitches,
} from '@quizcast/contract/schemas/reminders';
import type { Db } from '../../db/client';
import { pushSubscriptions, reminderClaims, reminderSettings } from '../../db/schema';
import { rawRows } from '../../db/raw-rows';
import { dailyFiveDue } from './daily-five-due';

export interface SubscriptionRow {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  failures: number;
}

/** A reminder that is due and not yet claimed by any instance. */
export interface DueReminder {
  key: string;
  userId: string;
  kind: ReminderKind;
  language: 'en' | 'hi';
  /** The quiz (quiz kinds). */
  quizId: string | null;
  quizName: string | null;
  /** Due review cards (review_due). */
  dueCards: number | null;
}

export type DueKind = 'quiz_opening' | 'results' | 'review_due' | 'daily_five';

const LIVE = (now: Date) =>
  sql`(s.retry_after is null or s.retry_after <= ${now.toISOString()}::timestamptz)`;

export class RemindersRepository {
  constructor(private readonly db: Db) {}

  async switches(userId: string): Promise<ReminderSwitches> {
    const [row] = await this.db.select().from(reminderSettings).where(eq(reminderSettings.userId, userId));
    return row
      ? {
          quizOpening: row.quizOpening,
          results: row.resultsPublished,
          reviewDue: row.reviewDue,
          dailyFive: row.dailyFive,
          dailyFiveAt: timeOfDay(row.dailyFiveMinute),
        }
      : {
          quizOpening: true,
          results: true,
          reviewDue: true,
          dailyFive: true,
          dailyFiveAt: DAILY_FIVE_DEFAULT_AT,
        };
  }

  async saveSwitches(userId: string, s: ReminderSwitches, now: Date): Promise<void> {
    const values = {
      quizOpening: s.quizOpening,
      resultsPublished: s.results,
      reviewDue: s.reviewDue,
      ...(s.dailyFive === undefined ? {} : { dailyFive: s.dailyFive }),
      ...(s.dailyFiveAt === undefined ? {} : { dailyFiveMinute: minuteOfDay(s.dailyFiveAt) }),
    };
    await this.db
      .insert(reminderSettings)
      .values({ userId, ...values, updatedAt: now })
      .onConflictDoUpdate({ target: reminderSettings.userId, set: { ...values, updatedAt: now } });
  }

  async countSubscriptions(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId));
    return row?.n ?? 0;
  }

  /** This browser's subscription for the learner (an endpoint moves to whoever subscribed it last). */
  async subscribe(userId: string, sub: { endpoint: string; p256dh: string; auth: string }, now: Date) {
    await this.db.transaction(async (tx) => {
      await tx
        .insert(pushSubscriptions)
        .values({ userId, ...sub, createdAt: now })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId, p256dh: sub.p256dh, auth: sub.auth, failures: 0, retryAfter: null, createdAt: now },
        });
      // Turning reminders on in a browser starts from every kind switched on.
      await tx.insert(reminderSettings).values({ userId, updatedAt: now }).onConflictDoNothing();
    });
  }

  async unsubscribe(userId: string, endpoint: string): Promise<void> {
    await this.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  }

  /**
   * Due, unclaimed reminders of one kind, for learners who switched it on and have a subscription
   * that is not backing off. At most `limit`.
   */
  async due(kind: DueKind, now: Date, dayKey: string, limit: number) {
    const at = sql`${now.toISOString()}::timestamptz`;
    const lang = sql`coalesce(u.preferred_language, 'en')`;
    const liveSub = sql`exists (select 1 from push_subscriptions s where s.user_id = rs.user_id and ${LIVE(now)})`;
    let query;
    if (kind === 'quiz_opening') {
      // A paid quiz the learner unlocked, or started (began paying for: a pending payment, ADR 025),
      // opening within 15 minutes; one reminder per learner and quiz whatever their payments.
      query = sql`
        select distinct 'quiz_opening:' || q.id || ':' || rs.user_id as key, rs.user_id as "userId",
               ${lang} as language, q.id as "quizId", q.name as "quizName", null::int as "dueCards"
        from quizzes q
        join payments p on p.quiz_id = q.id and p.status in ('success', 'pending')
        join reminder_settings rs on rs.user_id = p.user_id and rs.quiz_opening
        join users u on u.id = rs.user_id and u.deleted_at is null
        where q.published and q.start_at > ${at} and q.start_at <= ${at} + interval '15 minutes'
          and ${liveSub}
          and not exists (select 1 from reminder_claims c where c.key = 'quiz_opening:' || q.id || ':' || rs.user_id)
        limit ${limit}`;
    } else if (kind === 'results') {
      // Results published within the last day, to each learner who finished the quiz.
      query = sql`
        select 'results:' || q.id || ':' || rs.user_id as key, rs.user_id as "userId",
               ${lang} as language, q.id as "quizId", q.name as "quizName", null::int as "dueCards"
        from quizzes q
        join attempts a on a.quiz_id = q.id and a.status <> 'in_progress'
        join reminder_settings rs on rs.user_id = a.user_id and rs.results_published
        join users u on u.id = rs.user_id and u.deleted_at is null
        where q.published and q.results_published_at is not null and q.results_published_at <= ${at}
          and q.results_published_at > ${at} - interval '1 day'
          and ${liveSub}
          and not exists (select 1 from reminder_claims c where c.key = 'results:' || q.id || ':' || rs.user_id)
        limit ${limit}`;
    } else if (kind === 'daily_five') {
      query = dailyFiveDue(now, dayKey, limit);
    } else {
      // Cards due now, once per IST day.
      query = sql`
        select 'review_due:' || rs.user_id || ':' || ${dayKey} as key, rs.user_id as "userId",
               ${lang} as language, null::uuid as "quizId", null::text as "quizName",
               (select count(*)::int from review_cards rc
                 where rc.user_id = rs.user_id and rc.suspended_at is null and rc.due <= ${at}) as "dueCards"
        from reminder_settings rs
        join users u on u.id = rs.user_id and u.deleted_at is null
        where rs.review_due and ${liveSub}
          and exists (select 1 from review_cards rc
                      where rc.user_id = rs.user_id and rc.suspended_at is null and rc.due <= ${at})
          and not exists (select 1 from reminder_claims c where c.key = 'review_due:' || rs.user_id || ':' || ${dayKey})
        limit ${limit}`;
    }
    const rows = rawRows<Omit<DueReminder, 'kind'>>(await this.db.execute(query));
    return rows.map((r): DueReminder => ({
      ...r,
      kind,
      dueCards: r.dueCards === null ? null : Number(r.dueCards),
    }));
  }

  /** Claims reminders for this instance: only the keys no instance claimed before come back. */
  async claim(reminders: readonly DueReminder[], now: Date): Promise<Set<string>> {
    if (!reminders.length) return new Set();
    const rows = await this.db
      .insert(reminderClaims)
      .values(reminders.map((r) => ({ key: r.key, userId: r.userId, kind: r.kind, claimedAt: now })))
      .onConflictDoNothing()
      .returning({ key: reminderClaims.key });
    return new Set(rows.map((r) => r.key));
  }

  /**
   * How many browsers accepted each claimed reminder of a round, in one statement (a sweep of 10,000
   * reminders made 10,000 sequential UPDATEs before: docs/performance-history.md, issue 28).
   */
  async delivered(counts: ReadonlyMap<string, number>): Promise<void> {
    if (!counts.size) return;
    // PostgreSQL array literals; a key is `<kind>:<uuid>[:<uuid> | :<day>]`, quoted all the same.
    const array = (items: readonly (string | number)[]) =>
      `{${items.map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
    await this.db.execute(sql`
      update reminder_claims c set delivered = v.n
      from unnest(${array([...counts.keys()])}::text[], ${array([...counts.values()])}::int[]) as v(key, n)
      where c.key = v.key`);
  }

  /** The learners' subscriptions that are not backing off. */
  async liveSubscriptions(userIds: readonly string[], now: Date): Promise<SubscriptionRow[]> {
    if (!userIds.length) return [];
    return this.db
      .select({
        id: pushSubscriptions.id,
        userId: pushSubscriptions.userId,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
        failures: pushSubscriptions.failures,
      })
      .from(pushSubscriptions)
      .where(
        and(
          inArray(pushSubscriptions.userId, [...userIds]),
          or(isNull(pushSubscriptions.retryAfter), lte(pushSubscriptions.retryAfter, now)),
        ),
      );
  }

  async deleteSubscription(id: string): Promise<void> {
    await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  }

  async pushed(id: string): Promise<void> {
    await this.db
      .update(pushSubscriptions)
      .set({ failures: 0, retryAfter: null })
      .where(and(eq(pushSubscriptions.id, id), sql`${pushSubscriptions.failures} > 0`));
  }

  /** A failed push: the subscription waits before its next one (1, 2, 4 … minutes, at most 6 hours). */
  async backOff(id: string, failures: number, now: Date): Promise<void> {
    const waitMs = Math.min(2 ** failures * 60_000, 6 * 60 * 60_000);
    await this.db
      .update(pushSubscriptions)
      .set({ failures: failures + 1, retryAfter: new Date(now.getTime() + waitMs) })
      .where(eq(pushSubscriptions.id, id));
  }
}

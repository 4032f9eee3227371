import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** Bringing learners back (issue 28): streak days from other activities, web push reminders. */

/**
 * Streak days earned by activities that leave no row of their own elsewhere: practice and the daily
 * five (not built yet; they call `StreakRepository.recordActivity`). Finished quizzes and reviews are
 * read from `attempts` and `review_logs`, so the submit path writes nothing extra.
 */
export const streakActivity = pgTable(
  'streak_activity',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The IST day, 'YYYY-MM-DD' (server clock). */
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['practice', 'daily_five'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day, t.kind] }),
    check('streak_activity_kind_check', sql`${t.kind} in ('practice', 'daily_five')`),
  ],
);

/** A browser's push subscription (Push API); the push service's endpoint is unique. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique('push_subscriptions_endpoint_key'),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** Failed sends in a row (timeouts, 5xx); the next try waits until `retryAfter` (back-off). */
    failures: integer('failures').notNull().default(0),
    retryAfter: timestamp('retry_after', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** Which reminders a learner wants; absent = reminders off. */
export const reminderSettings = pgTable('reminder_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  quizOpening: boolean('quiz_opening').notNull().default(true),
  resultsPublished: boolean('results_published').notNull().default(true),
  reviewDue: boolean('review_due').notNull().default(true),
  /** The daily five is ready: pushed once a day at `dailyFiveMinute`. */
  dailyFive: boolean('daily_five').notNull().default(true),
  /** The learner's reminder time, minutes after IST midnight (07:00–21:59, outside quiet hours). */
  dailyFiveMinute: smallint('daily_five_minute').notNull().default(480),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * One row per reminder ever claimed: the primary key (`quiz_opening:<quiz>:<user>`,
 * `results:<quiz>:<user>`, `review_due:<user>:<IST day>`) makes a reminder claimable once, by one
 * instance, so two instances never send it twice.
 */
export const reminderClaims = pgTable(
  'reminder_claims',
  {
    key: text('key').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['quiz_opening', 'results', 'review_due', 'daily_five'] }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    /** How many subscriptions accepted it (0: none did, or all were gone). */
    delivered: integer('delivered'),
  },
  (t) => [
    index('reminder_claims_user_idx').on(t.userId),
    check(
      'reminder_claims_kind_check',
      sql`${t.kind} in ('quiz_opening', 'results', 'review_due', 'daily_five')`,
    ),
  ],
);

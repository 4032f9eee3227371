import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { questions } from './quizzes';

/** Spaced repetition (ADR 011): cards, the review log, the learner's settings. */

/**
 * Spaced-repetition cards (FSRS, ADR 011): one per learner and question, made when results publish
 * (wrong, skipped or marked-but-right answers) or added by hand. A card refers to the question and
 * never copies its answer. The FSRS columns are a cache of the replay of `review_logs` (plus the
 * initial rating at creation), recomputed on every review so late offline reviews land in time order.
 */
export const reviewCards = pgTable(
  'review_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    /** Why the card exists: 'wrong', 'skipped', 'unsure' (right but marked for review) or 'manual'. */
    source: text('source', { enum: ['wrong', 'skipped', 'unsure', 'manual'] }).notNull(),
    /** The FSRS rating applied at creation (1 Again, 2 Hard); the first event of the replay. */
    initialRating: integer('initial_rating').notNull(),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: doublePrecision('stability').notNull().default(0),
    difficulty: doublePrecision('difficulty').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    learningSteps: integer('learning_steps').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    state: integer('state').notNull().default(0),
    lastReview: timestamp('last_review', { withTimezone: true }),
    /** How many reviews the learner has made (the initial rating is not one). 0 = a new card. */
    reviewCount: integer('review_count').notNull().default(0),
    /** Set when the card lapsed too often (a leech): it leaves the queue. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('review_cards_user_question_key').on(t.userId, t.questionId),
    index('review_cards_user_due_idx')
      .on(t.userId, t.due, t.id)
      .where(sql`${t.suspendedAt} is null`),
    // The queue's counts read each from an index, never the learner's whole card set (ADR 011, "Speed").
    index('review_cards_user_suspended_idx')
      .on(t.userId)
      .where(sql`${t.suspendedAt} is not null`),
    index('review_cards_user_learning_idx')
      .on(t.userId)
      .where(sql`${t.suspendedAt} is null and ${t.reviewCount} > 0 and ${t.state} in (1, 3)`),
    index('review_cards_user_new_due_idx')
      .on(t.userId, t.due, t.id)
      .where(sql`${t.suspendedAt} is null and ${t.reviewCount} = 0`),
    check('review_cards_source_check', sql`${t.source} in ('wrong', 'skipped', 'unsure', 'manual')`),
    check('review_cards_initial_rating_check', sql`${t.initialRating} between 1 and 4`),
  ],
);

/** Every review a learner made; `review_id` is made by the client so a replayed review applies once. */
export const reviewLogs = pgTable(
  'review_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => reviewCards.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reviewId: uuid('review_id').notNull(),
    rating: integer('rating').notNull(),
    /** The chosen choice's text (null when the learner revealed without picking). */
    selectedOption: text('selected_option'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    /** The card was new (never reviewed) before this review: counts against the daily new limit. */
    wasNew: boolean('was_new').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('review_logs_card_review_key').on(t.cardId, t.reviewId),
    index('review_logs_card_time_idx').on(t.cardId, t.reviewedAt),
    index('review_logs_user_time_idx').on(t.userId, t.reviewedAt),
    check('review_logs_rating_check', sql`${t.rating} between 1 and 4`),
  ],
);

/** A learner's review settings (ADR 011); absent = the defaults. */
export const reviewSettings = pgTable(
  'review_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    desiredRetention: doublePrecision('desired_retention').notNull(),
    examName: text('exam_name'),
    /** The exam's calendar day (India time), 'YYYY-MM-DD'. */
    examDate: date('exam_date', { mode: 'string' }),
    dailyNewLimit: integer('daily_new_limit').notNull(),
    dailyReviewCap: integer('daily_review_cap').notNull(),
    /** Wrong answers in practice and drills become cards (issue 27); the learner can turn it off. */
    cardsFromPractice: boolean('cards_from_practice').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('review_settings_retention_check', sql`${t.desiredRetention} between 0.8 and 0.97`)],
);

/**
 * Each learner's card counts, kept in step with `review_cards` by triggers (migration
 * `review_card_counts`, issue 31): the queue reads them in one row instead of counting the
 * learner's cards on every read (10,000 index entries each for "new" and "due now" before). No
 * foreign key: a user's deletion cascades to the cards, whose trigger then brings the row to zeros.
 */
export const reviewCardCounts = pgTable('review_card_counts', {
  userId: uuid('user_id').primaryKey(),
  /** Cards not suspended. */
  active: integer('active').notNull().default(0),
  /** Active cards never reviewed (`review_count = 0`). */
  newCards: integer('new_cards').notNull().default(0),
  /** Active reviewed cards in learning or relearning (`state in (1, 3)`). */
  learning: integer('learning').notNull().default(0),
  suspended: integer('suspended').notNull().default(0),
});

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phNo: text('ph_no').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    place: text('place').notNull(),
    school: text('school'),
    class: text('class').notNull(),
    profilePicKey: text('profile_pic_key'),
    role: text('role', { enum: ['participant', 'admin'] })
      .notNull()
      .default('participant'),
    tokenVersion: integer('token_version').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_ph_no_key').on(t.phNo),
    check('users_role_check', sql`${t.role} in ('participant', 'admin')`),
    check('users_ph_no_check', sql`${t.phNo} ~ '^[0-9]{10}$'`),
  ],
);

export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phNo: text('ph_no').notNull(),
    purpose: text('purpose', { enum: ['login', 'signup'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('otp_challenges_phone_purpose_idx').on(t.phNo, t.purpose, t.createdAt)],
);

export const quizzes = pgTable(
  'quizzes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    desc: text('desc').notNull().default(''),
    exam: text('exam').notNull(),
    class: text('class').notNull(),
    durationMin: integer('duration_min').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    pricePaise: integer('price_paise').notNull().default(0),
    markCorrect: doublePrecision('mark_correct').notNull().default(1),
    markWrong: doublePrecision('mark_wrong').notNull().default(0),
    instructions: jsonb('instructions').$type<string[]>().notNull().default([]),
    published: boolean('published').notNull().default(true),
    resultsPublishedAt: timestamp('results_published_at', { withTimezone: true }),
    /** How many attempts were ranked, set with `resultsPublishedAt`; summaries read it instead of counting. */
    participantCount: integer('participant_count'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('quizzes_window_check', sql`${t.startAt} < ${t.endAt}`),
    check('quizzes_duration_check', sql`${t.durationMin} between 1 and 300`),
    check('quizzes_price_check', sql`${t.pricePaise} >= 0`),
    index('quizzes_start_at_idx').on(t.startAt),
    index('quizzes_end_at_idx').on(t.endAt),
    index('quizzes_results_published_at_idx').on(t.resultsPublishedAt),
    index('quizzes_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('quizzes_desc_trgm_idx').using('gin', sql`${t.desc} gin_trgm_ops`),
  ],
);

export const questions = pgTable(
  'questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    qn: text('qn').notNull(),
    choices: jsonb('choices').$type<string[]>().notNull(),
    ansIndex: integer('ans_index').notNull(),
    explanation: text('explanation'),
    lang: text('lang', { enum: ['en', 'hi'] })
      .notNull()
      .default('en'),
    audioKey: text('audio_key'),
  },
  (t) => [
    uniqueIndex('questions_quiz_position_key').on(t.quizId, t.position),
    check(
      'questions_ans_index_check',
      sql`${t.ansIndex} >= 0 and ${t.ansIndex} < jsonb_array_length(${t.choices})`,
    ),
  ],
);

export interface SavedAnswer {
  qnId: string;
  selectedOption?: string | null;
}

export const attempts = pgTable(
  'attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['in_progress', 'submitted', 'auto_submitted'] })
      .notNull()
      .default('in_progress'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    clientStartedAt: timestamp('client_started_at', { withTimezone: true }),
    clientSubmittedAt: timestamp('client_submitted_at', { withTimezone: true }),
    answers: jsonb('answers').$type<SavedAnswer[]>().notNull().default([]),
    score: doublePrecision('score'),
    correctCount: integer('correct_count'),
    elapsedMs: integer('elapsed_ms'),
    rank: integer('rank'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('attempts_quiz_user_key').on(t.quizId, t.userId),
    index('attempts_user_idx').on(t.userId),
    index('attempts_quiz_rank_idx').on(t.quizId, t.rank),
    index('attempts_open_deadline_idx')
      .on(t.deadlineAt)
      .where(sql`${t.status} = 'in_progress'`),
    check('attempts_status_check', sql`${t.status} in ('in_progress', 'submitted', 'auto_submitted')`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    orderId: text('order_id').notNull(),
    providerPaymentId: text('provider_payment_id'),
    basePaise: integer('base_paise').notNull(),
    gstPaise: integer('gst_paise').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    status: text('status', { enum: ['pending', 'success', 'failed'] })
      .notNull()
      .default('pending'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_order_id_key').on(t.orderId),
    index('payments_user_quiz_status_idx').on(t.userId, t.quizId, t.status),
    check('payments_status_check', sql`${t.status} in ('pending', 'success', 'failed')`),
  ],
);

export const webhookEvents = pgTable('webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Spaced-repetition cards (FSRS): one per user and question the learner got wrong. */
export const reviewCards = pgTable(
  'review_cards',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: doublePrecision('stability').notNull().default(0),
    difficulty: doublePrecision('difficulty').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    state: integer('state').notNull().default(0),
    lastReview: timestamp('last_review', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.questionId] }),
    index('review_cards_user_due_idx').on(t.userId, t.due),
  ],
);

export const reviewLogs = pgTable(
  'review_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('review_logs_user_idx').on(t.userId, t.reviewedAt)],
);

/** Small key/value table for instance-independent facts (e.g. when the demo data was seeded). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

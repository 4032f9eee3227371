import { sql } from 'drizzle-orm';
import type { QuestionMath } from '@quizcast/contract/schemas/question-text';
import {
  bigint,
  boolean,
  customType,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** PostgreSQL's `bit varying` (drizzle has no builder for it); read as its '0101…' text. */
const varbit = customType<{ data: string }>({ dataType: () => 'bit varying' });

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
    /** Where an admin role came from: 'ADMIN_PHONES' ends when the number leaves that list. */
    roleSource: text('role_source'),
    /** Privacy: leaderboards and the podium show only the initials of the name. */
    initialsOnly: boolean('initials_only').notNull().default(false),
    /** Privacy: the photo may appear on public surfaces (the landing podium). Off unless chosen. */
    publicPhoto: boolean('public_photo').notNull().default(false),
    /** Account deleted: personal data erased, the row kept (anonymised) so ranks stay true. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** "en" or "hi" once the user picks a language (issue 18); null until then. */
    preferredLanguage: text('preferred_language', { enum: ['en', 'hi'] }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_ph_no_key').on(t.phNo),
    check('users_role_check', sql`${t.role} in ('participant', 'admin')`),
    check('users_ph_no_check', sql`${t.phNo} ~ '^[0-9]{10}$' or ${t.deletedAt} is not null`),
    check('users_preferred_language_check', sql`${t.preferredLanguage} in ('en', 'hi')`),
  ],
);

/** One row per sign-in; the JWT's `sid` claim. Revoking the row ends that token at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Sliding: renewed on use (at most every few minutes), never past the token's own expiry. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/** Who did what as an admin (quiz create/edit/delete, key corrections, promotions, demotions). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The admin who acted; null for the system (ADMIN_PHONES at login, the admin CLI). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorLabel: text('actor_label').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('audit_log_at_idx').on(t.at)],
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
  (t) => [
    index('otp_challenges_phone_purpose_idx').on(t.phNo, t.purpose, t.createdAt),
    // The sweeper's purge of old challenges (deleteOlderThan) scans by creation time.
    index('otp_challenges_created_at_idx').on(t.createdAt),
  ],
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
    /**
     * Set when the published quiz's analysis is whole (narrow marks, item analysis: ADR 017), in the
     * step after the ranks commit; null while it is being prepared. Figures read only analysed quizzes.
     */
    analysedAt: timestamp('analysed_at', { withTimezone: true }),
    /**
     * Bumped by every change to what a learner's progress figures read from this quiz (analysis done,
     * key correction, an admin's edit): a cached progress page is valid while the sum over the
     * learner's quizzes is unchanged (ADR 017, "Progress").
     */
    resultsVersion: integer('results_version').notNull().default(0),
    /** The submit response carries the score (ADR 014: on by default only for practice quizzes). */
    showScoreOnSubmit: boolean('show_score_on_submit').notNull().default(false),
    /** Question order and choice order per learner, deterministic per (quiz, learner) (ADR 014). */
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    shuffleChoices: boolean('shuffle_choices').notNull().default(false),
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
    index('quizzes_analysis_pending_idx')
      .on(t.resultsPublishedAt)
      .where(sql`${t.resultsPublishedAt} is not null and ${t.analysedAt} is null`),
    index('quizzes_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('quizzes_desc_trgm_idx').using('gin', sql`${t.desc} gin_trgm_ops`),
  ],
);

/**
 * One row: a counter bumped by a statement trigger on every change to what the participant list
 * reads from `quizzes` (a quiz created, deleted or (un)published, its name, exam, class, duration,
 * window or price edited), in the same transaction as the change. An instance keeps the published
 * quizzes in memory and each list request reads this counter in the statement that reads the
 * learner's own state, so a copy that is not of the committed version is never used (ADR 012).
 */
export const quizListVersion = pgTable(
  'quiz_list_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('quiz_list_version_one_row', sql`${t.id} = 1`)],
);

/** The rendered formulas of a question's own texts (`main`) and of its Hindi version (`hi`). */
export interface StoredQuestionMath {
  main: QuestionMath | null;
  hi: QuestionMath | null;
}

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
    /** Optional subject area for analytics, e.g. "Modern History" (≤ 60 characters). */
    topic: text('topic'),
    /** Set when an admin drops the question after publication: it then scores nothing for anyone. */
    droppedAt: timestamp('dropped_at', { withTimezone: true }),
    /**
     * 'numeric' (issue 12): no choices (`[]`, ans_index 0); the answer is `numeric_answer`, correct
     * within `tolerance` (absent: exact). Exact decimals, compared as in `domain/numeric-answer.ts`.
     */
    type: text('type', { enum: ['mcq', 'numeric'] })
      .notNull()
      .default('mcq'),
    numericAnswer: numeric('numeric_answer'),
    tolerance: numeric('tolerance'),
    /** Optional Hindi version (issue 12): the choices in the same order as `choices`. */
    qnHi: text('qn_hi'),
    choicesHi: jsonb('choices_hi').$type<string[]>(),
    explanationHi: text('explanation_hi'),
    /** Formulas rendered when the quiz was saved (ADR 019); null when no text has one. */
    math: jsonb('math').$type<StoredQuestionMath>(),
  },
  (t) => [
    uniqueIndex('questions_quiz_position_key').on(t.quizId, t.position),
    check(
      'questions_ans_index_check',
      sql`${t.type} = 'numeric' or (${t.ansIndex} >= 0 and ${t.ansIndex} < jsonb_array_length(${t.choices}))`,
    ),
    check(
      'questions_numeric_answer_check',
      sql`(${t.type} = 'numeric') = (${t.numericAnswer} is not null) and (${t.tolerance} is null or (${t.type} = 'numeric' and ${t.tolerance} >= 0))`,
    ),
  ],
);

export interface SavedAnswer {
  qnId: string;
  selectedOption?: string | null;
  /** Exam-hall palette state, time on screen and the client's change number (ADR 016). */
  markedForReview?: boolean;
  visited?: boolean;
  timeSpentMs?: number;
  seq?: number;
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
    /** The client's id of the submission that finished this attempt: its retries get the same answer. */
    submissionId: text('submission_id'),
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
    // Only ranked rows (set once, at publication): while a quiz runs every attempt has rank null,
    // and one (quiz_id, null) key for all of them made each start and submit insert into the same
    // index page (the herd's start and submit ran at a sixth of autosave's rate; bench/README.md).
    index('attempts_quiz_rank_idx')
      .on(t.quizId, t.rank)
      .where(sql`${t.rank} is not null`),
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
    // The sweeper's scans of pending orders (reconciliation, expiry, fake captures).
    index('payments_pending_idx')
      .on(t.provider, t.updatedAt)
      .where(sql`${t.status} = 'pending'`),
    check('payments_status_check', sql`${t.status} in ('pending', 'success', 'failed')`),
  ],
);

export const webhookEvents = pgTable('webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('review_settings_retention_check', sql`${t.desiredRetention} between 0.8 and 0.97`)],
);

/** Answer-key corrections after publication (issue 14): who changed which key, when, and why. */
export const keyCorrections = pgTable(
  'key_corrections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    /** 1-based question number at the time, as learners see it. */
    questionNumber: integer('question_number').notNull(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    oldAnsIndex: integer('old_ans_index').notNull(),
    /** Null when the question was dropped. */
    newAnsIndex: integer('new_ans_index'),
    dropped: boolean('dropped').notNull().default(false),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('key_corrections_quiz_idx').on(t.quizId, t.createdAt)],
);

/**
 * Item analysis per question, materialised at publication and refreshed on key correction:
 * raw counts only (facility, discrimination and flags are derived on read).
 */
export const itemAnalysis = pgTable(
  'item_analysis',
  {
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    participants: integer('participants').notNull(),
    /** Size of each of the top and bottom groups (27% of participants, at least 1). */
    groupSize: integer('group_size').notNull(),
    correct: integer('correct').notNull(),
    topCorrect: integer('top_correct').notNull(),
    bottomCorrect: integer('bottom_correct').notNull(),
    /** Participants choosing each option, aligned with the question's choices. */
    optionCounts: jsonb('option_counts').$type<number[]>().notNull(),
    topOptionCounts: jsonb('top_option_counts').$type<number[]>().notNull(),
    skipped: integer('skipped').notNull(),
    timedCount: integer('timed_count').notNull(),
    avgTimeMs: doublePrecision('avg_time_ms'),
    /** Median time on this question among the top 10% by rank. */
    top10MedianTimeMs: doublePrecision('top10_median_time_ms'),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.quizId, t.questionId] })],
);

/**
 * Issue 14 (ADR 017): each published attempt's answers as narrow integers, written once at publication
 * from `attempts.answers` (jsonb), so key corrections, item analysis and the progress page read small
 * arrays instead of parsing ~9 KB of jsonb per attempt. Element i of each array is the quiz's i-th
 * question by position (questions cannot be added, removed or reordered once a quiz has attempts).
 *
 * `choices[i]`: null = skipped; for a multiple-choice question the 0-based index of the chosen text
 * (-1 if it matches no choice); for a numeric question 0 when the answer was right at publication
 * (its `ans_index` is 0) and -1 when wrong. So an answer is right exactly when `choices[i] = ans_index`
 * of a question that is not dropped. `times[i]`: ms on screen, null when not a number. `ord`: the
 * attempt's dense number within the quiz (1…n, by attempt id), its bit in `item_answers`.
 */
export const attemptMarks = pgTable(
  'attempt_marks',
  {
    attemptId: uuid('attempt_id')
      .primaryKey()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    ord: integer('ord').notNull(),
    choices: smallint('choices').array().notNull(),
    times: integer('times').array().notNull(),
  },
  (t) => [uniqueIndex('attempt_marks_quiz_ord_key').on(t.quizId, t.ord)],
);

/**
 * Issue 14 (ADR 017): per question, one bit string per choice over the quiz's attempts (bit `ord` set
 * when that attempt chose it; a numeric question has one, its right answers), plus the rank- and
 * key-independent counts. Item analysis counts a choice's pickers in the top or bottom group as
 * `bit_count(bits & group mask)`, without touching each answer. Written from `attempt_marks` at
 * publication (or on first use for quizzes published before it); never changed by a key correction.
 */
export const itemAnswers = pgTable(
  'item_answers',
  {
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    /** Element k + 1: the attempts that chose choice k (for a numeric question: answered right). */
    choiceBits: varbit('choice_bits').array().notNull(),
    /** Attempts that gave any answer (skipped = participants − answered). */
    answered: integer('answered').notNull(),
    timedCount: integer('timed_count').notNull(),
    timeSumMs: bigint('time_sum_ms', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.quizId, t.questionId] })],
);

/** Small key/value table for instance-independent facts (e.g. when the demo data was seeded). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One learner's progress page, the part that comes from published quizzes (everything but spaced
 * repetition), as the JSON the route sends; valid while `stamp` equals the learner's current stamp
 * (count of analysed published attempts, sum of those quizzes' `results_version`, a hash of their ids).
 */
export const learnerProgress = pgTable('learner_progress', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  stamp: text('stamp').notNull(),
  body: text('body').notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
});

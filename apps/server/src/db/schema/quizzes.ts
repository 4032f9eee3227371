import { sql } from 'drizzle-orm';
import type { QuestionMath } from '@quizcast/contract/schemas/question-text';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { timestamps } from './columns';

/** Quizzes and their questions, the participant list's version counter, and answer-key corrections. */

/**
 * One section of a quiz (issue 26, ADR 022), in order: its names, and optionally its own time (a
 * `locked` quiz: required), marking overriding the quiz's, and a cut-off score.
 */
export interface StoredSection {
  name: string;
  nameHi: string;
  durationMin: number | null;
  markCorrect: number | null;
  markWrong: number | null;
  cutoff: number | null;
}

/** free: one clock, sections are groups; locked: each section its own clock, in order, no way back. */
export const NAVIGATION_RULES = ['free', 'locked'] as const;

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
    /** The quiz's sections in order (ADR 022); [] for a quiz without sections. */
    sections: jsonb('sections').$type<StoredSection[]>().notNull().default([]),
    navigation: text('navigation', { enum: NAVIGATION_RULES }).notNull().default('free'),
    /** A previous-year paper (issue 27): the year of the exam it reproduces, set by an admin; null: not one. */
    previousYear: smallint('previous_year'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('quizzes_window_check', sql`${t.startAt} < ${t.endAt}`),
    check('quizzes_duration_check', sql`${t.durationMin} between 1 and 300`),
    check('quizzes_price_check', sql`${t.pricePaise} >= 0`),
    check('quizzes_navigation_check', sql`${t.navigation} in ('free', 'locked')`),
    index('quizzes_start_at_idx').on(t.startAt),
    index('quizzes_end_at_idx').on(t.endAt),
    index('quizzes_results_published_at_idx').on(t.resultsPublishedAt),
    index('quizzes_analysis_pending_idx')
      .on(t.resultsPublishedAt)
      .where(sql`${t.resultsPublishedAt} is not null and ${t.analysedAt} is null`),
    index('quizzes_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('quizzes_desc_trgm_idx').using('gin', sql`${t.desc} gin_trgm_ops`),
    // Practice (ADR 024): the practisable quizzes of an exam, the list's and the drill's first filter.
    index('quizzes_practisable_exam_idx')
      .on(t.exam, t.id)
      .where(sql`${t.published} and ${t.resultsPublishedAt} is not null`),
    check(
      'quizzes_previous_year_check',
      sql`${t.previousYear} is null or ${t.previousYear} between 1950 and 2100`,
    ),
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
    /** Index into the quiz's `sections` (ADR 022); null: no section (a quiz without sections). */
    section: smallint('section'),
    /**
     * Percent of participants who got it right, from its item analysis (null: none, or nobody took
     * it): what a drill's difficulty band reads (ADR 024). Kept by triggers on `item_analysis`
     * (migration 0027), so a draw reads it with the question instead of joining the whole analysis.
     */
    facility: doublePrecision('facility'),
  },
  (t) => [
    uniqueIndex('questions_quiz_position_key').on(t.quizId, t.position),
    // Topic drills (ADR 024): a drill reads the live questions of its topics, never the whole bank,
    // and from this index alone (an index-only scan: quiz, band and id, no question row read).
    index('questions_topic_idx')
      .on(t.topic, t.quizId, t.facility, t.id)
      .where(sql`${t.droppedAt} is null and ${t.topic} is not null`),
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

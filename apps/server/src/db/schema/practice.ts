import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
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
import type { PredictedRank } from '@quizcast/contract/schemas/practice';
import { users } from './accounts';
import type { SavedAnswer } from './attempts';
import { timestamps } from './columns';
import { questions, quizzes } from './quizzes';

/**
 * Practice (issue 27, ADR 024): attempts of published quizzes and topic drills, kept apart from the
 * contest's `attempts` so that ranks, leaderboards, podiums, percentiles, item analysis and posters,
 * which read only `attempts`, can never change. A practice attempt is a set of question ids chosen by
 * the server (`question_ids`, in the order shown): all of a quiz's questions, or a drill's draw.
 */
export const practiceAttempts = pgTable(
  'practice_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'daily_five': the learner's five of one IST day (issue 28), one per learner and `day`. */
    kind: text('kind', { enum: ['quiz', 'drill', 'daily_five'] }).notNull(),
    /** The practised quiz (kind 'quiz'); null for a drill. */
    quizId: uuid('quiz_id').references(() => quizzes.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    exam: text('exam').notNull(),
    questionIds: uuid('question_ids').array().notNull(),
    timed: boolean('timed').notNull(),
    instantFeedback: boolean('instant_feedback').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** Timed: start + the quiz's duration (or the drill's pace × questions); untimed: null. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    status: text('status', { enum: ['in_progress', 'submitted'] })
      .notNull()
      .default('in_progress'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    answers: jsonb('answers').$type<SavedAnswer[]>().notNull().default([]),
    /** Bumped by every save: a save applies only to the answers it merged into (no lost update). */
    revision: integer('revision').notNull().default(0),
    /** The marking scheme used: the quiz's, or the default for a drill. */
    markCorrect: doublePrecision('mark_correct').notNull(),
    markWrong: doublePrecision('mark_wrong').notNull(),
    score: doublePrecision('score'),
    correctCount: integer('correct_count'),
    wrongCount: integer('wrong_count'),
    elapsedMs: integer('elapsed_ms'),
    /** A timed practice of a published quiz: the predicted rank at submission. */
    predicted: jsonb('predicted').$type<PredictedRank>(),
    /** The daily five's IST day ('YYYY-MM-DD'); null for every other kind. */
    day: date('day', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    index('practice_attempts_user_idx').on(t.userId, t.startedAt),
    index('practice_attempts_quiz_user_idx').on(t.quizId, t.userId),
    // One daily five per learner and IST day: a reload or a second device gets the same five.
    uniqueIndex('practice_attempts_daily_five_key')
      .on(t.userId, t.day)
      .where(sql`${t.day} is not null`),
    check('practice_attempts_day_check', sql`(${t.kind} = 'daily_five') = (${t.day} is not null)`),
    check('practice_attempts_kind_check', sql`(${t.kind} = 'quiz') = (${t.quizId} is not null)`),
    check('practice_attempts_status_check', sql`${t.status} in ('in_progress', 'submitted')`),
  ],
);

/**
 * What each learner last did with each question in practice (ADR 024): a drill puts questions never
 * seen, or last answered wrong, first. One row per learner and question, written at submission.
 */
export const practiceQuestionState = pgTable(
  'practice_question_state',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    lastCorrect: boolean('last_correct').notNull(),
    answered: integer('answered').notNull().default(1),
    lastAnsweredAt: timestamp('last_answered_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] })],
);

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
import { users } from './accounts';
import { timestamps } from './columns';
import { quizzes } from './quizzes';

/** Attempts: one per learner and quiz, with the saved answers. */

export interface SavedAnswer {
  qnId: string;
  selectedOption?: string | null;
  /** Exam-hall palette state, time on screen and the client's change number (ADR 016). */
  markedForReview?: boolean;
  visited?: boolean;
  timeSpentMs?: number;
  seq?: number;
  /**
   * Written by the server only (quizzes/question-time.ts): the server-measured ms attributed to this
   * question (the intervals ending at saves that changed its answer), and the attempt's elapsed ms at
   * its last change. Ranking's plausible-time rule reads `serverMs` (marking.ts `plausibleTime`).
   */
  serverMs?: number;
  serverAt?: number;
}

/**
 * One section's window in a `locked` quiz's attempt (ADR 022), written by the server at the start
 * and on an early close: ISO times; `closedEarly` when the learner closed it (no grace then).
 */
export interface AttemptSection {
  startedAt: string;
  closedAt: string;
  closedEarly?: true;
}

/** One section's result of a published attempt: marking's figures and the section rank. */
export interface StoredSectionResult {
  score: number;
  correct: number;
  wrong: number;
  attempted: number;
  rank: number;
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
    /**
     * Time allowed beyond the quiz's duration, fixed at the start (ADR 023): compensatory time from
     * the profile plus an admin's extra minutes (`allowedDurationMs`); 0 for most. The attempt's
     * allowed time is duration + this: elapsed time is capped at it and ranked per minute of it.
     */
    extraMs: integer('extra_ms').notNull().default(0),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    clientStartedAt: timestamp('client_started_at', { withTimezone: true }),
    clientSubmittedAt: timestamp('client_submitted_at', { withTimezone: true }),
    /** The client's id of the submission that finished this attempt: its retries get the same answer. */
    submissionId: text('submission_id'),
    answers: jsonb('answers').$type<SavedAnswer[]>().notNull().default([]),
    /** A `locked` quiz's section windows, in section order (ADR 022); null otherwise. */
    sections: jsonb('sections').$type<AttemptSection[]>(),
    /** Per-section results written at publication (ADR 022); null for a quiz without sections. */
    sectionResults: jsonb('section_results').$type<StoredSectionResult[]>(),
    score: doublePrecision('score'),
    correctCount: integer('correct_count'),
    elapsedMs: integer('elapsed_ms'),
    rank: integer('rank'),
    /**
     * Set when the attempt was ranked (publication, key correction): its answered questions averaged
     * under the plausible floor, so it was ranked as if it took the floor (issue 29 item 3).
     */
    implausibleTime: boolean('implausible_time').notNull().default(false),
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

/**
 * An admin's extra minutes for one learner on one quiz (Moodle's user overrides; issue 26, ADR 023).
 * Read once, when the learner's attempt starts; refused once it has started.
 */
export const quizTimeOverrides = pgTable(
  'quiz_time_overrides',
  {
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    extraMinutes: integer('extra_minutes').notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.quizId, t.userId] }),
    check('quiz_time_overrides_extra_minutes_check', sql`${t.extraMinutes} > 0`),
  ],
);

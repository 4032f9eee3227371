import {
  bigint,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { attempts } from './attempts';
import { varbit } from './columns';
import { questions, quizzes } from './quizzes';

/** What publication materialises for analytics (ADR 017), and the cached progress page. */

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

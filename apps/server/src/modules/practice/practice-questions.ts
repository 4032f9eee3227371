import { sql, type SQL } from 'drizzle-orm';
import { DIFFICULTY_BANDS } from '@quizcast/contract/domain/practice';
import type { StoredQuestionMath } from '../../db/schema';

// What practice may show and how its questions are read (ADR 024): shared by the repository's statements.

/**
 * The one rule of what practice may show (ADR 024), over `quizzes`: a quiz an admin has not
 * withdrawn whose results are published. Every statement here that reads questions applies it,
 * together with the unlock rule, at the time of the read (a quiz unpublished again drops out).
 */
export const PRACTISABLE = sql`("quizzes"."published" and "quizzes"."results_published_at" is not null)`;

/** A question of a practisable quiz, with its answer and explanation (server side only). */
export interface PracticeQuestionRow {
  id: string;
  quizId: string;
  qn: string;
  choices: string[];
  ansIndex: number;
  explanation: string | null;
  lang: 'en' | 'hi';
  audioKey: string | null;
  topic: string | null;
  type: 'mcq' | 'numeric';
  numericAnswer: string | null;
  tolerance: string | null;
  qnHi: string | null;
  choicesHi: string[] | null;
  explanationHi: string | null;
  math: StoredQuestionMath | null;
  droppedAt: Date | null;
  /** Index into its quiz's sections (ADR 022); null: none. */
  section: number | null;
  /**
   * Its quiz's `updated_at` as PostgreSQL's text (every change of a question, key or scheme
   * touches it): what a copy of the question was read at (`RunningPractices`).
   */
  quizVersion: string;
}

/**
 * A question's difficulty band in SQL, over `q.facility` (its item analysis' facility, kept on the
 * question by triggers, migration 0027): the bands of `difficultyBand` (contract,
 * domain/practice.ts) with its bounds; no analysis is 'medium'. `inline`: the bands' bounds written
 * into the text (they are constants of the code) rather than sent as parameters, so a custom plan
 * sees nothing of them a generic plan does not (`drawDrill`).
 */
export function bandExpression(inline = false): SQL {
  const facility = sql`q.facility`;
  const bound = (n: number) => (inline ? sql.raw(String(Number(n))) : sql`${n}`);
  return sql`(case when ${facility} is null then 'medium'
                   when ${facility} >= ${bound(DIFFICULTY_BANDS.easyFrom)} then 'easy'
                   when ${facility} < ${bound(DIFFICULTY_BANDS.hardBelow)} then 'hard'
                   else 'medium' end)`;
}

/**
 * A question's columns as `PracticeQuestionRow` names them, over `q` (questions) joined to its
 * `quizzes` row: `toQuestion` reads them. The decimals as text, so they read the same from a row or from JSON (`attemptWithQuestions`).
 */
export const questionColumns = sql`
  q.id, q.quiz_id as "quizId", q.qn, q.choices, q.ans_index as "ansIndex", q.explanation,
  q.lang, q.audio_key as "audioKey", q.topic, q.type, q.numeric_answer::text as "numericAnswer",
  q.tolerance::text as tolerance, q.qn_hi as "qnHi", q.choices_hi as "choicesHi",
  q.explanation_hi as "explanationHi", q.math, q.dropped_at as "droppedAt", q.section,
  "quizzes"."updated_at"::text as "quizVersion"`;

export type RawQuestionRow = Omit<PracticeQuestionRow, 'droppedAt'> & { droppedAt: string | Date | null };

export function toQuestion(r: RawQuestionRow): PracticeQuestionRow {
  return {
    ...r,
    ansIndex: Number(r.ansIndex),
    numericAnswer: r.numericAnswer === null ? null : String(r.numericAnswer),
    tolerance: r.tolerance === null ? null : String(r.tolerance),
    droppedAt: r.droppedAt === null ? null : new Date(r.droppedAt),
    section: r.section === null || r.section === undefined ? null : Number(r.section),
    quizVersion: String(r.quizVersion),
  };
}

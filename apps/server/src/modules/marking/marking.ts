import { POINTS_PER_CORRECT_ANSWER } from '@quizcast/contract/constants';
import type { MarkingScheme } from '@quizcast/contract/domain/negative-marking';
import { numericAnswerMatches, type QuestionType } from '@quizcast/contract/domain/numeric-answer';

/**
 * Marking (ADR 021): the one place that decides whether an answer is right and what an attempt
 * scores. Its one SQL twin, for set-based statements, is `marking.sql.ts`; `marking.parity.test.ts`
 * runs both over generated answers on PGlite and PostgreSQL. Two levels, so a new grouping (a
 * section) is one more caller of `totalMarks`, not a new rule:
 *
 * - `markAnswer`: one answer to one question → its outcome and the marks it earns;
 * - `totalMarks`: right/wrong counts → the score (the formula the SQL twin repeats);
 * - `markAttempt`: a whole attempt (every question, in question order) → its marks and totals.
 */

export type { MarkingScheme };

export const DEFAULT_MARKING: MarkingScheme = { correct: POINTS_PER_CORRECT_ANSWER, wrong: 0 };

export interface MarkableQuestion {
  id: string;
  choices: string[];
  ansIndex: number;
  /** Dropped after publication (key correction): scores nothing for anyone. */
  dropped?: boolean;
  /** 'numeric': no choices; the answer is `numericAnswer` ± `tolerance` (absent: 'mcq'). */
  type?: QuestionType;
  numericAnswer?: string | null;
  tolerance?: string | null;
}

/** A question row as the database holds it (`dropped_at` rather than `dropped`). */
export interface QuestionRowForMarking extends Omit<MarkableQuestion, 'dropped'> {
  droppedAt: Date | null;
}

/** The row's marking view: what `markAttempt` needs from a `questions` row. */
export function markableQuestion(row: QuestionRowForMarking): MarkableQuestion {
  return {
    id: row.id,
    choices: row.choices,
    ansIndex: row.ansIndex,
    dropped: row.droppedAt !== null,
    type: row.type,
    numericAnswer: row.numericAnswer,
    tolerance: row.tolerance,
  };
}

/** right: counts for; wrong: counts against; skipped: no answer; dropped: the question counts for no one. */
export type AnswerOutcome = 'right' | 'wrong' | 'skipped' | 'dropped';

export interface AnswerMark {
  qnId: string;
  selectedOption: string | null;
  outcome: AnswerOutcome;
  isCorrect: boolean;
  /** What this answer adds to the score: +correct, −wrong or 0. */
  marks: number;
}

export interface MarkCounts {
  /** Right answers to live questions. */
  correct: number;
  /** Answered live questions that are not right. */
  wrong: number;
}

export interface AttemptMarks {
  score: number;
  correctCount: number;
  wrongCount: number;
  /** One entry per question, in question order. */
  answers: AnswerMark[];
}

export interface SubmittedAnswer {
  qnId: string;
  selectedOption?: string | null;
}

/** Whether one saved answer (a choice's text, or a number's text) is right for the question. */
export function isAnswerCorrect(q: MarkableQuestion, selectedOption: string | null | undefined): boolean {
  if (q.dropped || selectedOption == null) return false;
  if (q.type === 'numeric') return numericAnswerMatches(selectedOption, q.numericAnswer, q.tolerance);
  return q.choices[q.ansIndex] === selectedOption;
}

/** One answer to one question under a scheme. */
export function markAnswer(
  q: MarkableQuestion,
  selectedOption: string | null | undefined,
  scheme: MarkingScheme = DEFAULT_MARKING,
): AnswerMark {
  const selected = selectedOption ?? null;
  const isCorrect = isAnswerCorrect(q, selected);
  const outcome: AnswerOutcome = q.dropped
    ? 'dropped'
    : isCorrect
      ? 'right'
      : selected === null
        ? 'skipped'
        : 'wrong';
  const marks = outcome === 'right' ? scheme.correct : outcome === 'wrong' ? 0 - scheme.wrong : 0;
  return { qnId: q.id, selectedOption: selected, outcome, isCorrect, marks };
}

/**
 * The score from the counts: correct × reward − wrong × penalty, rounded to 2 decimals (half up).
 * The SQL twin is `scoreSql`; a key correction re-scores with it.
 */
export function totalMarks(counts: MarkCounts, scheme: MarkingScheme = DEFAULT_MARKING): number {
  const raw = counts.correct * scheme.correct - counts.wrong * scheme.wrong;
  return Math.round(raw * 100) / 100;
}

/** The counts of a set of marks (an attempt, or any group of its answers: a topic, a section). */
export function countMarks(marks: readonly AnswerMark[]): MarkCounts {
  let correct = 0;
  let wrong = 0;
  for (const m of marks) {
    if (m.outcome === 'right') correct += 1;
    else if (m.outcome === 'wrong') wrong += 1;
  }
  return { correct, wrong };
}

/** Marks an attempt: one entry per question, in question order; answers to unknown questions are ignored. */
export function markAttempt(
  questions: readonly MarkableQuestion[],
  submitted: readonly SubmittedAnswer[],
  scheme: MarkingScheme = DEFAULT_MARKING,
): AttemptMarks {
  const byQuestion = new Map(submitted.map((a) => [a.qnId, a.selectedOption ?? null]));
  const answers = questions.map((q) => markAnswer(q, byQuestion.get(q.id) ?? null, scheme));
  const counts = countMarks(answers);
  return {
    score: totalMarks(counts, scheme),
    correctCount: counts.correct,
    wrongCount: counts.wrong,
    answers,
  };
}

// ── Sections (issue 26, ADR 022) ────────────────────────────────────────────────────────────────

/** A section's own marking: either part absent (null) takes the quiz's. */
export interface SectionMarking {
  markCorrect: number | null;
  markWrong: number | null;
}

/** A question with the index of its section (null: none). */
export type SectionedQuestion = MarkableQuestion & { section?: number | null };

export interface SectionMarks {
  score: number;
  correct: number;
  wrong: number;
  /** Answered live questions (right + wrong). */
  attempted: number;
  /** correct ÷ attempted × 100, two decimals; null when nothing was attempted. */
  accuracy: number | null;
}

/** The scheme a section's answers are marked with. */
export function sectionScheme(quiz: MarkingScheme, section: SectionMarking | undefined): MarkingScheme {
  return { correct: section?.markCorrect ?? quiz.correct, wrong: section?.markWrong ?? quiz.wrong };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The most an attempt can score: a right answer to every live question, each at its section's marks
 * (ADR 022), rounded to 2 decimals. The summary's section table and the challenge card both use it.
 */
export function maximumScore(
  questions: readonly Pick<SectionedQuestion, 'dropped' | 'section'>[],
  scheme: MarkingScheme,
  sections: readonly SectionMarking[] = [],
): number {
  const total = questions.reduce(
    (sum, q) =>
      q.dropped
        ? sum
        : sum + sectionScheme(scheme, q.section == null ? undefined : sections[q.section]).correct,
    0,
  );
  return round2(total);
}

/** A section's figures from its marks. */
export function sectionMarks(marks: readonly AnswerMark[], scheme: MarkingScheme): SectionMarks {
  const counts = countMarks(marks);
  const attempted = counts.correct + counts.wrong;
  return {
    score: totalMarks(counts, scheme),
    correct: counts.correct,
    wrong: counts.wrong,
    attempted,
    accuracy: attempted === 0 ? null : round2((counts.correct / attempted) * 100),
  };
}

/**
 * Marks an attempt of a quiz with sections: each answer with its section's scheme, one `SectionMarks`
 * per section (in section order), and the score = the sum of the section scores (each rounded as
 * `totalMarks` rounds) plus the marks of questions in no section, rounded to 2 decimals. Without
 * sections it is exactly `markAttempt`.
 */
export function markSectioned(
  questions: readonly SectionedQuestion[],
  submitted: readonly SubmittedAnswer[],
  scheme: MarkingScheme,
  sections: readonly SectionMarking[],
): AttemptMarks & { sections: SectionMarks[] } {
  if (sections.length === 0) return { ...markAttempt(questions, submitted, scheme), sections: [] };
  const byQuestion = new Map(submitted.map((a) => [a.qnId, a.selectedOption ?? null]));
  const groups: AnswerMark[][] = sections.map(() => []);
  const loose: AnswerMark[] = [];
  const answers = questions.map((q) => {
    const section = q.section == null ? undefined : sections[q.section];
    const mark = markAnswer(
      q,
      byQuestion.get(q.id) ?? null,
      section ? sectionScheme(scheme, section) : scheme,
    );
    (section ? groups[q.section!]! : loose).push(mark);
    return mark;
  });
  const perSection = groups.map((marks, i) => sectionMarks(marks, sectionScheme(scheme, sections[i])));
  const rest = countMarks(loose);
  const counts = countMarks(answers);
  const score = round2(perSection.reduce((sum, s) => sum + s.score, totalMarks(rest, scheme)));
  return { score, correctCount: counts.correct, wrongCount: counts.wrong, answers, sections: perSection };
}

/** Standard competition ranks ("1, 2, 2, 4") of scores, highest first, in the input's order. */
export function competitionRanks(scores: readonly number[]): number[] {
  const sorted = [...scores].sort((a, b) => b - a);
  const first = new Map<number, number>();
  sorted.forEach((s, i) => {
    if (!first.has(s)) first.set(s, i + 1);
  });
  return scores.map((s) => first.get(s)!);
}

/** What ranks an attempt (ADR 009, ADR 023): its score, its time taken and the time it was allowed. */
export interface RankableAttempt {
  score: number | null;
  elapsedMs: number | null;
  /** The time allowed: the quiz's duration, or more with compensatory time or an admin's extra minutes. */
  allowedMs: number;
}

/**
 * Time taken per unit of time allowed (ADR 023): the tie-breaker after the score, so a learner with
 * compensatory time is compared per minute allowed (45 of 80 minutes ties 33.75 of 60). Null when
 * not known. The SQL twin is `timeShareSql`.
 */
export function timeShare(attempt: Pick<RankableAttempt, 'elapsedMs' | 'allowedMs'>): number | null {
  if (attempt.elapsedMs === null || attempt.allowedMs <= 0) return null;
  return attempt.elapsedMs / attempt.allowedMs;
}

/**
 * The ranking rule: standard competition rank ("1, 2, 2, 4") by score desc, then time share asc,
 * nulls last in both. Returns each attempt's rank, in the order given. The SQL twin is `rankOrderSql`
 * (`rankQuizAttempts`); `marking.parity.test.ts` checks they agree.
 */
export function rankAttempts(list: readonly RankableAttempt[]): number[] {
  const keyed = list.map((a, i) => ({ i, score: a.score, share: timeShare(a) }));
  const cmpNullLast = (x: number | null, y: number | null, dir: 1 | -1): number =>
    x === y ? 0 : x === null ? 1 : y === null ? -1 : x < y ? -dir : x > y ? dir : 0;
  const compare = (a: (typeof keyed)[number], b: (typeof keyed)[number]) =>
    cmpNullLast(a.score, b.score, -1) || cmpNullLast(a.share, b.share, 1);
  const sorted = [...keyed].sort(compare);
  const ranks = new Array<number>(list.length);
  sorted.forEach((entry, pos) => {
    const previous = sorted[pos - 1];
    ranks[entry.i] = previous && compare(previous, entry) === 0 ? ranks[previous.i]! : pos + 1;
  });
  return ranks;
}

// ── Plausible time (issue 29 item 3; plausible-time.ts) ─────────────────────────────────────────

/** What the plausible-time rule reads of an attempt: the server's elapsed time and its saved answers. */
export interface TimedAttempt {
  elapsedMs: number | null;
  answers: readonly { selectedOption?: string | null; serverMs?: number }[];
}

export interface PlausibleTime {
  /** Answered questions (a saved, non-null answer). */
  answered: number;
  /** The floor: answered × the floor per answer. */
  floorMs: number;
  /**
   * The time the answered questions took by the server's clock (the sum of their `serverMs`); null
   * when nothing is answered or an answer was saved before per-question time was recorded.
   */
  answeredMs: number | null;
  /** The time the attempt is ranked by: its elapsed time, at least the floor; null when not known. */
  rankedElapsedMs: number | null;
  /** Under the floor (by its answered questions' time, else its elapsed time): flagged, ranked after an equal unflagged one. */
  implausible: boolean;
}

/**
 * The plausible-time rule, in one place (its SQL twin is `rankedElapsedSql`/`implausibleSql`): an
 * attempt whose answered questions average under `floorMsPerAnswer` of server-measured time is flagged
 * and ranked as if it took the floor (answered × floor), never less than its own elapsed time.
 */
export function plausibleTime(attempt: TimedAttempt, floorMsPerAnswer: number): PlausibleTime {
  let answered = 0;
  let answeredMs: number | null = 0;
  for (const a of attempt.answers) {
    if (a.selectedOption == null) continue;
    answered += 1;
    answeredMs = answeredMs === null || a.serverMs === undefined ? null : answeredMs + a.serverMs;
  }
  if (answered === 0) answeredMs = null;
  const floorMs = floorMsPerAnswer * answered;
  const spent = answeredMs ?? attempt.elapsedMs;
  return {
    answered,
    floorMs,
    answeredMs,
    rankedElapsedMs: attempt.elapsedMs === null ? null : Math.max(attempt.elapsedMs, floorMs),
    implausible: spent !== null && spent < floorMs,
  };
}

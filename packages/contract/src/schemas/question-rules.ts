import { canonicalNumber, type QuestionType } from '../domain/numeric-answer';

/**
 * The rules of one question (issue 7), shared by the quiz body, the CSV/Aiken import and the web
 * editor: its limits, languages and choice letters, and every rule a question breaks.
 */

export const QUESTION_TEXT_MAX = 2000;
export const CHOICES_MIN = 2;
export const CHOICES_MAX = 6;
export const CHOICE_TEXT_MAX = 500;
export const EXPLANATION_MAX = 2000;
export const TOPIC_MAX = 60;

export const QUESTION_LANGS = ['en', 'hi'] as const;
export type QuestionLang = (typeof QUESTION_LANGS)[number];

/** Letters used for choices everywhere an admin sees them (A–F). */
export const CHOICE_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;

export interface QuestionDraft {
  qn: string;
  choices: string[];
  ansIndex: number;
  explanation?: string | null;
  /** Optional subject area for analytics, e.g. "Modern History". */
  topic?: string | null;
  /** 'numeric' (issue 12): no choices; `numericAnswer` ± `tolerance` is the answer. Absent: 'mcq'. */
  type?: QuestionType;
  numericAnswer?: string | null;
  tolerance?: string | null;
  lang?: QuestionLang;
  /** Optional Hindi version (issue 12): question, every choice (same order), explanation. */
  qnHi?: string | null;
  choicesHi?: string[] | null;
  explanationHi?: string | null;
}

/** The rules of a numeric question's answer and tolerance (editor, CSV import and API alike). */
export function numericAnswerViolations(
  q: Pick<QuestionDraft, 'numericAnswer' | 'tolerance' | 'choices'>,
  label: string,
): string[] {
  const problems: string[] = [];
  const answer = q.numericAnswer?.trim() ?? '';
  if (!answer) problems.push(`${label}: the answer is required`);
  else if (canonicalNumber(answer) === null)
    problems.push(`${label}: the answer must be a number, like 12 or -3.5`);
  const tolerance = q.tolerance?.trim() ?? '';
  if (tolerance && (canonicalNumber(tolerance) === null || tolerance.startsWith('-')))
    problems.push(`${label}: the tolerance must be a number of 0 or more, like 0.01`);
  if (q.choices.length) problems.push(`${label}: a numeric question has no choices`);
  return problems;
}

/** True when the draft carries any Hindi-version text. */
export function hasHindiVersion(q: Pick<QuestionDraft, 'qnHi' | 'choicesHi' | 'explanationHi'>): boolean {
  return Boolean(q.qnHi?.trim() || q.choicesHi?.some((c) => c.trim()) || q.explanationHi?.trim());
}

/** The rules of the Hindi version: all of question and choices, or nothing. */
function hindiViolations(q: QuestionDraft, label: string): string[] {
  if (!hasHindiVersion(q)) return [];
  const problems: string[] = [];
  if (q.lang === 'hi') problems.push(`${label}: a Hindi question cannot have a second Hindi version`);
  if (!q.qnHi?.trim())
    problems.push(`${label}: the Hindi question text is required when it has Hindi choices`);
  else if (q.qnHi.length > QUESTION_TEXT_MAX)
    problems.push(`${label}: Hindi question text must be at most ${QUESTION_TEXT_MAX} characters`);
  const hi = q.choicesHi ?? [];
  if (hi.length !== q.choices.length) {
    problems.push(
      `${label}: needs a Hindi text for each of its ${q.choices.length} choices (has ${hi.length})`,
    );
  }
  hi.forEach((choice, i) => {
    const letter = CHOICE_LETTERS[i] ?? String(i + 1);
    if (!choice.trim()) problems.push(`${label}: Hindi choice ${letter} is empty`);
    else if (choice.length > CHOICE_TEXT_MAX)
      problems.push(`${label}: Hindi choice ${letter} must be at most ${CHOICE_TEXT_MAX} characters`);
  });
  if (q.explanationHi && q.explanationHi.length > EXPLANATION_MAX)
    problems.push(`${label}: Hindi explanation must be at most ${EXPLANATION_MAX} characters`);
  return problems;
}

/**
 * Every rule a question breaks, each message starting with `label` ("Question 3" or "Line 12"):
 * non-empty text, 2–6 distinct non-empty choices, the answer one of them.
 */
export function questionViolations(q: QuestionDraft, label: string): string[] {
  const problems: string[] = [];
  if (!q.qn.trim()) problems.push(`${label}: question text is required`);
  else if (q.qn.length > QUESTION_TEXT_MAX)
    problems.push(`${label}: question text must be at most ${QUESTION_TEXT_MAX} characters`);

  if (q.type === 'numeric') {
    problems.push(...numericAnswerViolations(q, label));
  } else {
    problems.push(...choiceViolations(q, label));
  }
  if (q.explanation && q.explanation.length > EXPLANATION_MAX)
    problems.push(`${label}: explanation must be at most ${EXPLANATION_MAX} characters`);
  if (typeof q.topic === 'string' && q.topic.trim().length > TOPIC_MAX)
    problems.push(`${label}: topic must be at most ${TOPIC_MAX} characters`);
  problems.push(...hindiViolations(q, label));
  return problems;
}

/** 2–6 distinct non-empty choices, the answer one of them. */
function choiceViolations(q: QuestionDraft, label: string): string[] {
  const problems: string[] = [];

  if (q.choices.length < CHOICES_MIN || q.choices.length > CHOICES_MAX) {
    problems.push(`${label}: needs ${CHOICES_MIN}–${CHOICES_MAX} choices (has ${q.choices.length})`);
  }
  const seen = new Map<string, number>();
  q.choices.forEach((choice, i) => {
    const letter = CHOICE_LETTERS[i] ?? String(i + 1);
    const key = choice.trim().toLowerCase();
    if (!key) {
      problems.push(`${label}: choice ${letter} is empty`);
      return;
    }
    if (choice.length > CHOICE_TEXT_MAX)
      problems.push(`${label}: choice ${letter} must be at most ${CHOICE_TEXT_MAX} characters`);
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push(
        `${label}: choices must be distinct (${CHOICE_LETTERS[first] ?? first + 1} and ${letter} are both "${choice.trim()}")`,
      );
    } else {
      seen.set(key, i);
    }
  });
  if (!Number.isInteger(q.ansIndex) || q.ansIndex < 0 || q.ansIndex >= q.choices.length) {
    problems.push(`${label}: the correct answer must be one of its choices`);
  }
  return problems;
}

import { questionViolations, type QuestionLang } from '@quizcast/contract/schemas/question-rules';
import { QUIZ_QUESTIONS_MAX } from '@quizcast/contract/schemas/quiz-input';

/** What the question-file parsers share: a parsed question, and the checks every format applies. */

export type ImportFormat = 'csv' | 'aiken';

/**
 * A file holds at most as many questions as a quiz (issue 29: 45,000 rows stalled the server for
 * seconds); parsing stops past it. CSV reads at most IMPORT_RECORDS_MAX records, blank ones included.
 */
export const IMPORT_ROWS_MAX = QUIZ_QUESTIONS_MAX;
export const IMPORT_RECORDS_MAX = 4 * IMPORT_ROWS_MAX;
export const TOO_MANY_ROWS = `The file has more than ${IMPORT_ROWS_MAX} questions, the most a quiz can have: split it into smaller files`;

export interface ImportedQuestion {
  qn: string;
  choices: string[];
  ansIndex: number;
  explanation: string | null;
  lang?: QuestionLang;
  /** Optional `topic` column (CSV only). */
  topic?: string;
  /** CSV `type` column "numeric" (issue 12): the `answer` cell is the number, `tolerance` optional. */
  type?: 'numeric';
  numericAnswer?: string;
  tolerance?: string | null;
  /** Optional Hindi version (CSV `_hi` columns). */
  qnHi?: string;
  choicesHi?: string[];
  explanationHi?: string;
  /** Issue 26: the name (English or Hindi) of the quiz's section it goes in (CSV `section`, Aiken `SECTION:`). */
  section?: string;
  /** First line of the question in the file (1-based). */
  line: number;
}

export interface Parsed {
  questions: ImportedQuestion[];
  errors: string[];
}

/** "A"–"F" (any case) or "1"–"6" → 0-based index; null when it is neither. */
export function answerIndex(value: string): number | null {
  const v = value.trim();
  if (/^[a-f]$/i.test(v)) return v.toUpperCase().charCodeAt(0) - 65;
  if (/^[1-6]$/.test(v)) return Number(v) - 1;
  return null;
}

export const ANSWER_NOT_A_CHOICE = 'the correct answer must be one of its choices';

export function checkQuestion(q: ImportedQuestion, errors: string[], label: string): boolean {
  const problems = questionViolations(q, label);
  errors.push(...problems);
  return problems.length === 0;
}

import { parse } from 'csv-parse/sync';
import { CsvError } from 'csv-parse';
import {
  CHOICE_LETTERS,
  CHOICES_MAX,
  QUESTION_LANGS,
  QUIZ_QUESTIONS_MAX,
  questionViolations,
  type QuestionLang,
} from '@quizcast/contract/schemas/admin';

/**
 * Bulk import of questions from a CSV file (qn, choice1…choice6, answer, explanation, and with a
 * header row optionally lang, topic, type + tolerance for numeric-answer questions, and the Hindi
 * version qn_hi, choice1_hi…choice6_hi, explanation_hi) or an
 * Aiken-format text file. Pure: text in, questions or every problem (with its line number) out.
 */

export type ImportFormat = 'csv' | 'aiken';

/**
 * A file holds at most as many questions as a quiz (issue 29: 45,000 rows stalled the server for
 * seconds); parsing stops past it. CSV reads at most IMPORT_RECORDS_MAX records, blank ones included.
 */
export const IMPORT_ROWS_MAX = QUIZ_QUESTIONS_MAX;
const IMPORT_RECORDS_MAX = 4 * IMPORT_ROWS_MAX;
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
  /** First line of the question in the file (1-based). */
  line: number;
}

export type ImportResult =
  | { ok: true; format: ImportFormat; questions: ImportedQuestion[] }
  | { ok: false; format: ImportFormat; errors: string[] };

/** Turns raw upload bytes into text, refusing anything that is not UTF-8 (e.g. an Excel "CSV (MS-DOS)" file). */
export function decodeUpload(data: Buffer): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data).replace(/^\uFEFF/, '');
  } catch {
    return null;
  }
}

/** The format named by the caller, else by the file name, else guessed from the content. */
export function detectFormat(text: string, filename?: string, requested?: ImportFormat): ImportFormat {
  if (requested) return requested;
  const ext = filename?.toLowerCase().split('.').pop();
  if (ext === 'csv') return 'csv';
  if (ext === 'txt' || ext === 'aiken') return 'aiken';
  return /^\s*ANSWER\s*:/im.test(text) ? 'aiken' : 'csv';
}

export function parseQuestionFile(text: string, format: ImportFormat): ImportResult {
  const normalized = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const result = format === 'csv' ? parseCsv(normalized) : parseAiken(normalized);
  if (result.errors.length === 0 && result.questions.length === 0) {
    result.errors.push('The file has no questions');
  }
  return result.errors.length > 0
    ? { ok: false, format, errors: result.errors }
    : { ok: true, format, questions: result.questions };
}

interface Parsed {
  questions: ImportedQuestion[];
  errors: string[];
}

/** "A"–"F" (any case) or "1"–"6" → 0-based index; null when it is neither. */
function answerIndex(value: string): number | null {
  const v = value.trim();
  if (/^[a-f]$/i.test(v)) return v.toUpperCase().charCodeAt(0) - 65;
  if (/^[1-6]$/.test(v)) return Number(v) - 1;
  return null;
}

const ANSWER_NOT_A_CHOICE = 'the correct answer must be one of its choices';

function checkQuestion(q: ImportedQuestion, errors: string[], label: string): boolean {
  const problems = questionViolations(q, label);
  errors.push(...problems);
  return problems.length === 0;
}

// -------------------------------------------------------------------------------------------------
// CSV
// -------------------------------------------------------------------------------------------------

type Column =
  | 'qn'
  | 'answer'
  | 'explanation'
  | 'lang'
  | 'topic'
  | 'type'
  | 'tolerance'
  | 'qnHi'
  | 'explanationHi'
  | `choice${number}`
  | `choiceHi${number}`;

const HEADER_ALIASES: Record<string, Column> = {
  qn: 'qn',
  question: 'qn',
  questiontext: 'qn',
  answer: 'answer',
  ans: 'answer',
  correct: 'answer',
  correctanswer: 'answer',
  explanation: 'explanation',
  lang: 'lang',
  language: 'lang',
  topic: 'topic',
  subject: 'topic',
  type: 'type',
  questiontype: 'type',
  tolerance: 'tolerance',
  qnhi: 'qnHi',
  questionhi: 'qnHi',
  explanationhi: 'explanationHi',
};

function headerColumn(cell: string): Column | null {
  const key = cell
    .trim()
    .toLowerCase()
    .replace(/[\s_-]/g, '');
  if (HEADER_ALIASES[key]) return HEADER_ALIASES[key]!;
  const choice = key.match(/^(?:choice|option)([1-6])(hi)?$/);
  if (!choice) return null;
  return choice[2] ? `choiceHi${Number(choice[1])}` : `choice${Number(choice[1])}`;
}

/** Without a header row the columns are positional: qn, choice1…choice6, answer, explanation (optional). */
const POSITIONAL: Column[] = [
  'qn',
  ...Array.from({ length: CHOICES_MAX }, (_, i) => `choice${i + 1}` as Column),
  'answer',
  'explanation',
];

interface CsvRow {
  cells: string[];
  line: number;
}

function readCsvRows(text: string): { rows: CsvRow[]; error?: string } {
  let records: { record: string[]; info: { lines: number }; raw: string }[];
  try {
    records = parse(text, {
      info: true,
      raw: true,
      relax_column_count: true,
      skip_empty_lines: true,
      to: IMPORT_RECORDS_MAX + 1,
    }) as unknown as typeof records;
  } catch (err) {
    if (err instanceof CsvError) {
      const line = (err as CsvError & { lines?: number }).lines;
      const what =
        err.code === 'CSV_QUOTE_NOT_CLOSED'
          ? 'a quoted cell is never closed (check for a stray " character)'
          : err.message;
      return { rows: [], error: line ? `Line ${line}: ${what}` : `The CSV could not be read: ${what}` };
    }
    throw err;
  }
  const rows = records.map(({ record, info, raw }) => {
    // `info.lines` is the line the record ends on; count back over the newlines inside it.
    const body = raw.replace(/^\n+/, '').replace(/\n$/, '');
    const inner = body.split('\n').length - 1;
    return { cells: record, line: info.lines - inner };
  });
  if (records.length > IMPORT_RECORDS_MAX) return { rows: [], error: TOO_MANY_ROWS };
  return { rows: rows.filter((r) => r.cells.some((c) => c.trim() !== '')) };
}

function parseCsv(text: string): Parsed {
  const errors: string[] = [];
  const questions: ImportedQuestion[] = [];
  const { rows, error } = readCsvRows(text);
  if (error) return { questions, errors: [error] };
  if (rows.length === 0) return { questions, errors };

  let columns: (Column | null)[] = POSITIONAL;
  let dataRows = rows;
  const first = rows[0]!;
  if (headerColumn(first.cells[0] ?? '') === 'qn') {
    columns = first.cells.map(headerColumn);
    dataRows = rows.slice(1);
    first.cells.forEach((cell, i) => {
      if (columns[i] === null && cell.trim() !== '')
        errors.push(`Line ${first.line}: unknown column "${cell.trim()}"`);
    });
    const present = new Set(columns);
    // With a `type` column a file may hold numeric questions only, so choices are then optional.
    const needs = present.has('type')
      ? (['qn', 'answer'] as const)
      : (['qn', 'choice1', 'choice2', 'answer'] as const);
    for (const needed of needs) {
      if (!present.has(needed)) errors.push(`Line ${first.line}: the header has no "${needed}" column`);
    }
    if (errors.length) return { questions, errors };
  }
  if (dataRows.length > IMPORT_ROWS_MAX) return { questions, errors: [TOO_MANY_ROWS] };

  for (const row of dataRows) {
    const label = `Line ${row.line}`;
    if (columns === POSITIONAL && (row.cells.length < 8 || row.cells.length > 9)) {
      errors.push(
        `${label}: expected 8 or 9 columns (qn, choice1…choice6, answer, explanation), found ${row.cells.length}`,
      );
      continue;
    }
    const field = (name: Column) => {
      const i = columns.indexOf(name);
      return i >= 0 ? (row.cells[i] ?? '') : '';
    };
    const choiceCells = Array.from({ length: CHOICES_MAX }, (_, i) => field(`choice${i + 1}`).trim());
    let last = choiceCells.length - 1;
    while (last >= 0 && choiceCells[last] === '') last -= 1;
    const choices = choiceCells.slice(0, last + 1);

    const rawType = field('type').trim().toLowerCase();
    if (rawType && rawType !== 'mcq' && rawType !== 'numeric') {
      errors.push(`${label}: type must be "mcq" or "numeric" (got "${field('type').trim()}")`);
      continue;
    }
    if (rawType === 'numeric') {
      const numeric = numericRow(field, choices, label, row.line);
      errors.push(...numeric.errors);
      if (numeric.question) questions.push(numeric.question);
      continue;
    }
    if (field('tolerance').trim()) {
      errors.push(`${label}: a tolerance is only for numeric questions (type "numeric")`);
      continue;
    }

    const rawAnswer = field('answer').trim();
    const ansIndex = answerIndex(rawAnswer);
    if (!rawAnswer) {
      errors.push(`${label}: answer is required (a letter A–F or a number 1–6)`);
    } else if (ansIndex === null) {
      errors.push(`${label}: answer must be a letter A–F or a number 1–6 (got "${rawAnswer}")`);
    }
    const rawLang = field('lang').trim().toLowerCase();
    let lang: QuestionLang | undefined;
    if (rawLang) {
      if ((QUESTION_LANGS as readonly string[]).includes(rawLang)) lang = rawLang as QuestionLang;
      else errors.push(`${label}: lang must be "en" or "hi" (got "${rawLang}")`);
    }
    const topic = field('topic').trim();
    // The Hindi version: as many Hindi choices as choices (a missing one is reported by the rules).
    const qnHi = field('qnHi').trim();
    const choicesHi = Array.from({ length: choices.length }, (_, i) => field(`choiceHi${i + 1}`).trim());
    const explanationHi = field('explanationHi').trim();
    const bilingual = Boolean(qnHi || explanationHi || choicesHi.some(Boolean));
    const question: ImportedQuestion = {
      qn: field('qn').trim(),
      choices,
      ansIndex: ansIndex ?? 0,
      explanation: field('explanation').trim() || null,
      ...(lang ? { lang } : {}),
      ...(topic ? { topic } : {}),
      ...(bilingual ? { qnHi, choicesHi: choicesHi.filter(Boolean) } : {}),
      ...(bilingual && explanationHi ? { explanationHi } : {}),
      line: row.line,
    };
    if (ansIndex === null) {
      // The unreadable answer is already reported; report the rest without a second answer message.
      errors.push(...questionViolations(question, label).filter((m) => !m.endsWith(ANSWER_NOT_A_CHOICE)));
      continue;
    }
    if (checkQuestion(question, errors, label)) questions.push(question);
  }
  return { questions, errors };
}

/** A numeric-answer row: the `answer` cell is the number, `tolerance` optional, no choices. */
function numericRow(
  field: (name: Column) => string,
  choices: string[],
  label: string,
  line: number,
): { question?: ImportedQuestion; errors: string[] } {
  const rawLang = field('lang').trim().toLowerCase();
  const errors: string[] = [];
  let lang: QuestionLang | undefined;
  if (rawLang) {
    if ((QUESTION_LANGS as readonly string[]).includes(rawLang)) lang = rawLang as QuestionLang;
    else errors.push(`${label}: lang must be "en" or "hi" (got "${rawLang}")`);
  }
  const topic = field('topic').trim();
  const tolerance = field('tolerance').trim();
  const question: ImportedQuestion = {
    qn: field('qn').trim(),
    choices,
    ansIndex: 0,
    explanation: field('explanation').trim() || null,
    ...(lang ? { lang } : {}),
    ...(topic ? { topic } : {}),
    type: 'numeric',
    numericAnswer: field('answer').trim(),
    tolerance: tolerance || null,
    line,
  };
  errors.push(...questionViolations(question, label));
  return errors.length ? { errors } : { question, errors };
}

// -------------------------------------------------------------------------------------------------
// Aiken (Moodle's plain-text format), e.g.
//   What is the capital of France?
//   A. Paris
//   B) London
//   ANSWER: A
// An optional "EXPLANATION: …" line may follow the answer.
// -------------------------------------------------------------------------------------------------

const OPTION = /^([A-Za-z])[.)]\s+(.*)$/;
const ANSWER = /^ANSWER\s*:\s*(.*)$/i;
const EXPLANATION = /^EXPLANATION\s*:\s*(.*)$/i;

interface AikenDraft {
  line: number;
  qnLines: string[];
  choices: string[];
  ansIndex: number | null;
  explanation: string | null;
  answered: boolean;
  broken: boolean;
}

function parseAiken(text: string): Parsed {
  const errors: string[] = [];
  const questions: ImportedQuestion[] = [];
  const lines = text.split('\n');
  let draft: AikenDraft | null = null;
  let started = 0;

  const finish = () => {
    if (!draft) return;
    const d = draft;
    draft = null;
    const label = `Line ${d.line}`;
    if (!d.answered) {
      errors.push(`${label}: question has no "ANSWER:" line`);
      return;
    }
    if (d.broken || d.ansIndex === null) return;
    const question: ImportedQuestion = {
      qn: d.qnLines.join('\n').trim(),
      choices: d.choices,
      ansIndex: d.ansIndex,
      explanation: d.explanation,
      line: d.line,
    };
    if (checkQuestion(question, errors, label)) questions.push(question);
  };

  lines.forEach((rawLine, i) => {
    if (started > IMPORT_ROWS_MAX) return;
    const lineNo = i + 1;
    const line = rawLine.trim();
    const current = draft as AikenDraft | null;

    if (!line) {
      // A blank line ends a question once its options began; inside question text it is a paragraph break.
      if (current && (current.answered || current.choices.length > 0)) finish();
      else if (current) current.qnLines.push('');
      return;
    }

    if (current?.answered && ANSWER.test(line)) {
      errors.push(`Line ${lineNo}: a second "ANSWER:" line for the question on line ${current.line}`);
      current.broken = true;
      return;
    }

    if (!current || (current.answered && !EXPLANATION.test(line))) {
      finish();
      started += 1;
      if (started > IMPORT_ROWS_MAX) return;
      draft = {
        line: lineNo,
        qnLines: [line],
        choices: [],
        ansIndex: null,
        explanation: null,
        answered: false,
        broken: false,
      };
      return;
    }

    if (current.answered) {
      const explanation = line.match(EXPLANATION)!;
      current.explanation = explanation[1]!.trim() || null;
      return;
    }

    const answer = line.match(ANSWER);
    if (answer) {
      current.answered = true;
      const letter = answer[1]!.trim();
      if (current.choices.length === 0) {
        errors.push(`Line ${lineNo}: "ANSWER:" comes before any option (e.g. "A. text")`);
        current.broken = true;
      } else if (!/^[A-Za-z]$/.test(letter)) {
        errors.push(`Line ${lineNo}: ANSWER must be a single letter (got "${letter}")`);
        current.broken = true;
      } else {
        const index = letter.toUpperCase().charCodeAt(0) - 65;
        if (index >= current.choices.length) {
          const lastLetter = CHOICE_LETTERS[current.choices.length - 1] ?? '?';
          errors.push(
            `Line ${lineNo}: ANSWER ${letter.toUpperCase()} is not one of the options A–${lastLetter}`,
          );
          current.broken = true;
        } else {
          current.ansIndex = index;
        }
      }
      return;
    }

    // One problem per question is enough: skip the rest of a broken one until its ANSWER line.
    if (current.broken) return;

    const option = line.match(OPTION);
    if (option) {
      const letter = option[1]!.toUpperCase();
      const expected = String.fromCharCode(65 + current.choices.length);
      if (letter !== expected) {
        if (current.choices.length === 0) {
          // Not an option after all: question text that happens to start like one.
          current.qnLines.push(line);
          return;
        }
        errors.push(`Line ${lineNo}: expected option ${expected}, found ${letter}`);
        current.broken = true;
        return;
      }
      if (current.choices.length >= CHOICES_MAX) {
        errors.push(`Line ${lineNo}: a question can have at most ${CHOICES_MAX} options (A–F)`);
        current.broken = true;
        return;
      }
      current.choices.push(option[2]!.trim());
      return;
    }

    if (current.choices.length === 0) {
      current.qnLines.push(line);
      return;
    }
    errors.push(
      `Line ${lineNo}: expected an option (e.g. "${String.fromCharCode(65 + current.choices.length)}. text") or "ANSWER: X"`,
    );
    current.broken = true;
  });
  finish();
  if (started > IMPORT_ROWS_MAX) return { questions: [], errors: [TOO_MANY_ROWS] };
  return { questions, errors };
}

import { parse } from 'csv-parse/sync';
import { CsvError } from 'csv-parse';
import {
  CHOICES_MAX,
  QUESTION_LANGS,
  questionViolations,
  type QuestionLang,
} from '@quizcast/contract/schemas/question-rules';
import {
  ANSWER_NOT_A_CHOICE,
  answerIndex,
  checkQuestion,
  IMPORT_RECORDS_MAX,
  IMPORT_ROWS_MAX,
  TOO_MANY_ROWS,
  type ImportedQuestion,
  type Parsed,
} from './imported-question';

/**
 * CSV question files: qn, choice1…choice6, answer, explanation, and with a header row optionally
 * lang, topic, section (issue 26: a section's English or Hindi name), type + tolerance for numeric-answer questions, and the Hindi version qn_hi,
 * choice1_hi…choice6_hi, explanation_hi.
 */

type Column =
  | 'qn'
  | 'answer'
  | 'explanation'
  | 'lang'
  | 'topic'
  | 'section'
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
  section: 'section',
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

export function parseCsv(text: string): Parsed {
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
    const section = field('section').trim();
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
      ...(section ? { section } : {}),
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
  const section = field('section').trim();
  const tolerance = field('tolerance').trim();
  const question: ImportedQuestion = {
    qn: field('qn').trim(),
    choices,
    ansIndex: 0,
    explanation: field('explanation').trim() || null,
    ...(lang ? { lang } : {}),
    ...(topic ? { topic } : {}),
    ...(section ? { section } : {}),
    type: 'numeric',
    numericAnswer: field('answer').trim(),
    tolerance: tolerance || null,
    line,
  };
  errors.push(...questionViolations(question, label));
  return errors.length ? { errors } : { question, errors };
}

import { CHOICE_LETTERS, CHOICES_MAX } from '@quizcast/contract/schemas/question-rules';
import {
  checkQuestion,
  IMPORT_ROWS_MAX,
  TOO_MANY_ROWS,
  type ImportedQuestion,
  type Parsed,
} from './imported-question';

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
/** Issue 26: "SECTION: Quantitative Aptitude" between questions puts the ones after it in that section. */
const SECTION = /^SECTION\s*:\s*(.*)$/i;

interface AikenDraft {
  line: number;
  qnLines: string[];
  choices: string[];
  ansIndex: number | null;
  explanation: string | null;
  answered: boolean;
  broken: boolean;
  section?: string;
}

export function parseAiken(text: string): Parsed {
  const errors: string[] = [];
  const questions: ImportedQuestion[] = [];
  const lines = text.split('\n');
  let draft: AikenDraft | null = null;
  let started = 0;
  let section: string | undefined;

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
      ...(d.section ? { section: d.section } : {}),
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

    const marker = line.match(SECTION);
    if (marker && (!current || current.answered)) {
      finish();
      section = marker[1]!.trim() || undefined;
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
        ...(section ? { section } : {}),
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

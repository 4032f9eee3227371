import { describe, expect, it } from 'vitest';
import { localiseMessage } from '@quizcast/contract/i18n/server-messages';
import { SERVER_MESSAGE_PATTERNS_HI, SERVER_MESSAGES_HI } from '@quizcast/contract/i18n/server-messages.hi';
import { decodeUpload, detectFormat, parseQuestionFile } from './question-import';

describe('CSV import', () => {
  it('reads a header row, letters or numbers as the answer, quoted multi-line text and explanations', () => {
    const csv = [
      'qn,choice1,choice2,choice3,choice4,choice5,choice6,answer,explanation',
      'Capital of France?,Paris,London,Berlin,,,,A,Paris is the capital.',
      '"Which is prime?',
      'Pick one.",4,6,7,9,,,3,',
      '"Quote ""this""",yes,no,,,,,b,"Commas, kept"',
    ].join('\r\n');
    const result = parseQuestionFile(csv, 'csv');
    expect(result).toEqual({
      ok: true,
      format: 'csv',
      questions: [
        {
          qn: 'Capital of France?',
          choices: ['Paris', 'London', 'Berlin'],
          ansIndex: 0,
          explanation: 'Paris is the capital.',
          line: 2,
        },
        {
          qn: 'Which is prime?\nPick one.',
          choices: ['4', '6', '7', '9'],
          ansIndex: 2,
          explanation: null,
          line: 3,
        },
        { qn: 'Quote "this"', choices: ['yes', 'no'], ansIndex: 1, explanation: 'Commas, kept', line: 5 },
      ],
    });
  });

  it('accepts positional rows without a header, a BOM and blank lines', () => {
    const csv = '\uFEFFWhat is 2+2?,3,4,5,,,,2,Basic sums\n\n2+3?,5,6,,,,,1\n';
    const result = parseQuestionFile(csv, 'csv');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.questions.map((q) => [q.qn, q.ansIndex, q.line])).toEqual([
      ['What is 2+2?', 1, 1],
      ['2+3?', 0, 3],
    ]);
  });

  it('reports every bad row with its line number and keeps nothing', () => {
    const csv = [
      'qn,choice1,choice2,choice3,answer,explanation', // 1
      'Good one,a,b,c,A,', // 2
      ',a,b,,A,', // 3: no text
      'Only one choice,a,,,A,', // 4
      'Dupes,Same,same,,B,', // 5
      'Bad answer,a,b,,Z,', // 6
      'Out of range,a,b,,4,', // 7
      'Gap,a,,c,A,', // 8
      'No answer,a,b,,,', // 9
    ].join('\n');
    const result = parseQuestionFile(csv, 'csv');
    expect(result).toEqual({
      ok: false,
      format: 'csv',
      errors: [
        'Line 3: question text is required',
        'Line 4: needs 2–6 choices (has 1)',
        'Line 5: choices must be distinct (A and B are both "same")',
        'Line 6: answer must be a letter A–F or a number 1–6 (got "Z")',
        'Line 7: the correct answer must be one of its choices',
        'Line 8: choice B is empty',
        'Line 9: answer is required (a letter A–F or a number 1–6)',
      ],
    });
  });

  it('counts lines correctly after a multi-line cell', () => {
    const csv = 'qn,choice1,choice2,answer\n"one\ntwo\nthree",a,b,A\nbroken,a,a,A\n';
    expect(parseQuestionFile(csv, 'csv')).toMatchObject({
      ok: false,
      errors: ['Line 5: choices must be distinct (A and B are both "a")'],
    });
  });

  it('reports a wrong column count, an unknown header and an unclosed quote', () => {
    expect(parseQuestionFile('q,a,b,A\n', 'csv')).toMatchObject({
      errors: ['Line 1: expected 8 or 9 columns (qn, choice1…choice6, answer, explanation), found 4'],
    });
    expect(parseQuestionFile('qn,choice1,choice2,answer,colour\nx,a,b,A,red\n', 'csv')).toMatchObject({
      errors: ['Line 1: unknown column "colour"'],
    });
    expect(parseQuestionFile('qn,choice1\nx,a\n', 'csv')).toMatchObject({
      errors: ['Line 1: the header has no "choice2" column', 'Line 1: the header has no "answer" column'],
    });
    const unclosed = parseQuestionFile('qn,choice1,choice2,answer\nok,a,b,A\n"never closed,a,b,A\n', 'csv');
    expect(unclosed.ok).toBe(false);
    if (!unclosed.ok) expect(unclosed.errors[0]).toMatch(/^Line \d+: a quoted cell is never closed/);
  });

  it('reads an optional lang column', () => {
    const result = parseQuestionFile(
      'qn,choice1,choice2,answer,lang\nभारत की राजधानी?,दिल्ली,मुंबई,1,hi\nx,a,b,A,fr\n',
      'csv',
    );
    expect(result).toEqual({
      ok: false,
      format: 'csv',
      errors: ['Line 3: lang must be "en" or "hi" (got "fr")'],
    });
    const good = parseQuestionFile(
      'qn,choice1,choice2,answer,lang\nभारत की राजधानी?,दिल्ली,मुंबई,1,hi\n',
      'csv',
    );
    expect(good.ok && good.questions[0]).toMatchObject({ lang: 'hi', choices: ['दिल्ली', 'मुंबई'] });
  });

  it('reads an optional topic column (issue 14) and refuses one over 60 characters', () => {
    const good = parseQuestionFile('qn,choice1,choice2,answer,topic\n10% of 50?,5,10,A,Percentages\n', 'csv');
    expect(good.ok && good.questions[0]).toMatchObject({ topic: 'Percentages', ansIndex: 0 });
    const long = parseQuestionFile(`qn,choice1,choice2,answer,topic\nx?,a,b,A,${'t'.repeat(61)}\n`, 'csv');
    expect(long).toEqual({
      ok: false,
      format: 'csv',
      errors: ['Line 2: topic must be at most 60 characters'],
    });
  });

  it('says so when the file has no questions', () => {
    expect(parseQuestionFile('qn,choice1,choice2,answer\n', 'csv')).toMatchObject({
      errors: ['The file has no questions'],
    });
    expect(parseQuestionFile('   \n\n', 'aiken')).toMatchObject({ errors: ['The file has no questions'] });
  });
});

describe('Aiken import', () => {
  it('reads questions, "A." and "B)" options, answers and optional explanations', () => {
    const text = [
      'What is the capital of France?', // 1
      'A. Paris',
      'B) London',
      'C. Berlin',
      'ANSWER: A',
      '', // 6
      'Which planet is red?', // 7
      'Think of Mars.', // 8: question text continues
      'A. Venus',
      'B. Mars',
      'ANSWER: b',
      'EXPLANATION: Iron oxide.',
      'Next question straight after', // 13
      'A. x',
      'B. y',
      'ANSWER: B',
    ].join('\n');
    expect(parseQuestionFile(text, 'aiken')).toEqual({
      ok: true,
      format: 'aiken',
      questions: [
        {
          qn: 'What is the capital of France?',
          choices: ['Paris', 'London', 'Berlin'],
          ansIndex: 0,
          explanation: null,
          line: 1,
        },
        {
          qn: 'Which planet is red?\nThink of Mars.',
          choices: ['Venus', 'Mars'],
          ansIndex: 1,
          explanation: 'Iron oxide.',
          line: 7,
        },
        { qn: 'Next question straight after', choices: ['x', 'y'], ansIndex: 1, explanation: null, line: 13 },
      ],
    });
  });

  it('reports every bad question with its line number', () => {
    const text = [
      'Good?', // 1
      'A. yes',
      'B. no',
      'ANSWER: A',
      '',
      'No answer line?', // 6
      'A. one',
      'B. two',
      '',
      'Answer out of range?', // 10
      'A. one',
      'B. two',
      'ANSWER: D', // 13
      '',
      'Skipped letter?', // 15
      'A. one',
      'C. two', // 17
      'ANSWER: A',
      '',
      'Stray text?', // 20
      'A. one',
      'not an option', // 22
      'ANSWER: A',
      '',
      'One option only?', // 25
      'A. lonely',
      'ANSWER: A',
    ].join('\n');
    expect(parseQuestionFile(text, 'aiken')).toEqual({
      ok: false,
      format: 'aiken',
      errors: [
        'Line 6: question has no "ANSWER:" line',
        'Line 13: ANSWER D is not one of the options A–B',
        'Line 17: expected option B, found C',
        'Line 22: expected an option (e.g. "B. text") or "ANSWER: X"',
        'Line 25: needs 2–6 choices (has 1)',
      ],
    });
  });
});

describe('upload helpers', () => {
  it('detects the format from the name, then the content', () => {
    expect(detectFormat('x', 'questions.CSV')).toBe('csv');
    expect(detectFormat('x', 'questions.txt')).toBe('aiken');
    expect(detectFormat('Q?\nA. a\nB. b\nANSWER: A', 'upload')).toBe('aiken');
    expect(detectFormat('q,a,b,A', undefined)).toBe('csv');
    expect(detectFormat('q,a,b,A', 'x.txt', 'csv')).toBe('csv');
  });

  it('refuses text that is not UTF-8', () => {
    expect(decodeUpload(Buffer.from([0x51, 0xe9, 0x2c, 0x41]))).toBeNull();
    expect(decodeUpload(Buffer.from('\uFEFFनमस्ते', 'utf8'))).toBe('नमस्ते');
  });
});

describe('CSV import of numeric-answer questions (issue 12)', () => {
  it('reads a `type` column "numeric" with the number in `answer` and an optional `tolerance`', () => {
    const csv = [
      'qn,choice1,choice2,answer,explanation,type,tolerance',
      '2 + 2 = ?,3,4,B,,,',
      'Integral of (x^2 + 1) from 0 to 1?,,,1.33,4/3,numeric,0.01',
      'det(2A) when det(A) = 4 and A is 3 x 3?,,,32,,NUMERIC,',
    ].join('\n');
    const result = parseQuestionFile(csv, 'csv');
    expect(result).toEqual({
      ok: true,
      format: 'csv',
      questions: [
        { qn: '2 + 2 = ?', choices: ['3', '4'], ansIndex: 1, explanation: null, line: 2 },
        {
          qn: 'Integral of (x^2 + 1) from 0 to 1?',
          choices: [],
          ansIndex: 0,
          explanation: '4/3',
          type: 'numeric',
          numericAnswer: '1.33',
          tolerance: '0.01',
          line: 3,
        },
        {
          qn: 'det(2A) when det(A) = 4 and A is 3 x 3?',
          choices: [],
          ansIndex: 0,
          explanation: null,
          type: 'numeric',
          numericAnswer: '32',
          tolerance: null,
          line: 4,
        },
      ],
    });
  });

  it('needs no choice columns with a `type` column, and lists every bad numeric row', () => {
    const csv = [
      'qn,answer,type,tolerance',
      'Ok?,12,numeric,',
      'Not a number?,twelve,numeric,',
      'Negative tolerance?,3,numeric,-1',
      'Odd type?,3,integer,',
      'Tolerance on a choice question?,A,mcq,0.5',
    ].join('\n');
    const result = parseQuestionFile(csv, 'csv');
    expect(result).toEqual({
      ok: false,
      format: 'csv',
      errors: [
        'Line 3: the answer must be a number, like 12 or -3.5',
        'Line 4: the tolerance must be a number of 0 or more, like 0.01',
        'Line 5: type must be "mcq" or "numeric" (got "integer")',
        'Line 6: a tolerance is only for numeric questions (type "numeric")',
      ],
    });
  });

  it('refuses choices on a numeric row', () => {
    const result = parseQuestionFile('qn,choice1,choice2,answer,type\nQ?,1,2,1,numeric\n', 'csv');
    expect(result).toEqual({
      ok: false,
      format: 'csv',
      errors: ['Line 2: a numeric question has no choices'],
    });
  });
});

describe('import refusals in Hindi (issue 18)', () => {
  const hi = { exact: SERVER_MESSAGES_HI, patterns: SERVER_MESSAGE_PATTERNS_HI };
  // Hindi with no English word left, apart from the file's own names (columns, ANSWER, the examples).
  const KEPT =
    /\b(?:qn|choice\d|answer|explanation|type|mcq|numeric|lang|en|hi|ANSWER|text|tolerance|file|multipart|form|data|UTF|CSV|Aiken|txt|Excel|Nope|Paris|maybe|[A-F]|X)\b/g;

  function expectHindi(errors: string[]) {
    expect(errors.length).toBeGreaterThan(0);
    for (const message of errors) {
      const hindi = localiseMessage(message, 'hi', hi);
      expect(hindi, message).toMatch(/[\u0900-\u097F]/);
      expect(hindi.replace(/"[^"]*"/g, '').replace(KEPT, ''), message).not.toMatch(/[a-z]{3,}/i);
    }
  }

  it('has Hindi for every CSV problem', () => {
    const header = parseQuestionFile('qn,choice1,choice2,answer,colour\nQ?,a,b,A,red\n', 'csv');
    const rows = parseQuestionFile(
      [
        'qn,choice1,choice2,answer,type,tolerance,lang',
        'Q1?,a,b,,mcq,,en',
        'Q2?,a,b,maybe,mcq,,en',
        'Q3?,a,b,A,essay,,en',
        'Q4?,a,b,A,mcq,0.5,en',
        'Q5?,a,b,A,mcq,,fr',
      ].join('\n'),
      'csv',
    );
    const noHeader = parseQuestionFile('Q?,a,b\n', 'csv');
    const missing = parseQuestionFile('choice1,choice2,answer\na,b,A\n', 'csv');
    const errors = [header, rows, noHeader, missing].flatMap((r) => (r.ok ? [] : r.errors));
    expectHindi(errors);
  });

  it('has Hindi for every Aiken problem', () => {
    const files = [
      'Q?\nANSWER: A\nA. one\nB. two\nANSWER: B\n',
      'Q?\nA. one\nC. two\nANSWER: A\n',
      'Q?\nA. one\nB. two\nANSWER: AB\n',
      'Q?\nA. one\nB. two\nANSWER: D\n',
      'Q?\nA. one\nB. two\nANSWER: A\nANSWER: B\n',
      'Q?\nA. one\nB. two\n',
      'Q?\nA. a\nB. b\nC. c\nD. d\nE. e\nF. f\nG. g\nANSWER: A\n',
      'Q?\nA. one\nB. two\nsomething else\nANSWER: A\n',
      '',
    ];
    const errors = files.flatMap((f) => {
      const r = parseQuestionFile(f, 'aiken');
      return r.ok ? [] : r.errors;
    });
    expectHindi(errors);
  });
});

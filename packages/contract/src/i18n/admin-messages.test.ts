import { describe, expect, it } from 'vitest';
import { QUIZ_EXAMS, quizInputSchema } from '../schemas/quiz-input';
import { localiseMessage } from './server-messages';
import { SERVER_MESSAGE_PATTERNS_HI, SERVER_MESSAGES_HI } from './server-messages.hi';

const hi = { exact: SERVER_MESSAGES_HI, patterns: SERVER_MESSAGE_PATTERNS_HI };
const DEVANAGARI = /[\u0900-\u097F]/;
const LATIN_WORD = /\b(?!ISO\b|ANSWER\b)[a-z]{3,}\b/i;

/** Every message `quizInputSchema` gives for these quiz bodies (what the admin's form shows). */
function messages(body: unknown): string[] {
  const result = quizInputSchema.safeParse(body);
  expect(result.success).toBe(false);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const broken = [
  {
    name: 'x',
    desc: 'd'.repeat(2001),
    exam: 'Nope',
    class: 'Nope',
    duration: 2.5,
    startTimeStamp: '2026-12-01T10:00:00Z',
    endTimeStamp: '2026-12-01T09:00:00Z',
    price: -1,
    markingScheme: { correct: 0, wrong: -1 },
    instructions: ['', 'i'.repeat(501)],
    questions: [
      { qn: '', choices: ['A', 'a', ''], ansIndex: 5 },
      {
        qn: 'q'.repeat(2001),
        choices: ['one'],
        ansIndex: 0,
        explanation: 'e'.repeat(2001),
        topic: 't'.repeat(61),
      },
      { qn: 'Numeric', type: 'numeric', numericAnswer: 'twelve', tolerance: '-1', choices: ['x'] },
      { qn: 'Numeric', type: 'numeric', numericAnswer: '' },
      { qn: 'Q', choices: ['a', 'b'], ansIndex: 0, lang: 'hi', qnHi: 'प्र', choicesHi: ['क'] },
      {
        qn: 'Q',
        choices: ['a', 'b'],
        ansIndex: 0,
        qnHi: '',
        choicesHi: ['', 'ख'.repeat(501)],
        explanationHi: 'व'.repeat(2001),
      },
    ],
  },
  {
    name: 'n'.repeat(201),
    exam: 'SSC',
    class: 'Other',
    duration: 500,
    startTimeStamp: '',
    endTimeStamp: 'tomorrow',
    price: 100_001,
    markingScheme: { correct: 101, wrong: 101 },
    instructions: Array.from({ length: 21 }, () => 'ok'),
    questions: [],
  },
  {
    name: 'Price check',
    previousYear: 1800,
    exam: 'SSC',
    class: 'Other',
    duration: 10,
    startTimeStamp: '2026-12-01T09:00:00Z',
    endTimeStamp: '2026-12-01T10:00:00Z',
    price: 1.234,
    questions: [{ qn: 'Q', choices: ['a', 'b'], ansIndex: 0 }],
  },
  {
    // As the form sends an empty duration.
    name: 'No duration',
    previousYear: 2001.5,
    exam: 'SSC',
    class: 'Other',
    startTimeStamp: '2026-12-01T09:00:00Z',
    endTimeStamp: '2026-12-01T10:00:00Z',
    price: 0,
    questions: [],
  },
];

describe('the quiz editor rules in Hindi', () => {
  it('has Hindi for every rule a quiz or one of its questions can break', () => {
    const all = [...new Set(broken.flatMap(messages))];
    expect(all.length).toBeGreaterThan(35);
    const untranslated = all.filter((english) => {
      const hindi = localiseMessage(english, 'hi', hi);
      // Hindi, with no English word left over (the exam names and "ISO" stay as they are).
      return (
        !DEVANAGARI.test(hindi) ||
        LATIN_WORD.test(QUIZ_EXAMS.reduce((text, exam) => text.replaceAll(exam, ''), hindi))
      );
    });
    expect(untranslated).toEqual([]);
  });

  it('keeps the question number and the parts that vary', () => {
    expect(localiseMessage('Question 3: choice B is empty', 'hi', hi)).toBe('प्रश्न 3: विकल्प B खाली है');
    expect(localiseMessage('Question 2: choices must be distinct (A and C are both "Delhi")', 'hi', hi)).toBe(
      'प्रश्न 2: सभी विकल्प अलग-अलग होने चाहिए (A और C दोनों "Delhi" हैं)',
    );
    expect(localiseMessage('Line 12: question text is required', 'hi', hi)).toBe(
      'लाइन 12: प्रश्न का टेक्स्ट लिखना ज़रूरी है',
    );
    // A rule with no Hindi stays whole in English rather than half translated.
    expect(localiseMessage('Line 4: a rule nobody has translated', 'hi', hi)).toBe(
      'Line 4: a rule nobody has translated',
    );
    expect(localiseMessage('Line 4: unknown column "foo"', 'hi', hi)).toBe('लाइन 4: अनजान कॉलम "foo"');
  });
});

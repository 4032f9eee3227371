import { describe, expect, it } from 'vitest';
import { EDUCATION_LEVELS, EXAM_FAMILIES } from '@quizcast/contract/constants';
import { canonicalNumber, numericAnswerMatches } from '@quizcast/contract/domain/numeric-answer';
import { questionViolations } from '@quizcast/contract/schemas/question-rules';
import { renderQuestionMath } from '../lib/question-math';
import { DEMO_QUIZZES } from './question-bank';

const allQuestions = DEMO_QUIZZES.flatMap((quiz) => quiz.questions.map((question) => ({ quiz, question })));

describe('demo question bank', () => {
  it('has at least 14 quizzes with unique kebab-case keys', () => {
    expect(DEMO_QUIZZES.length).toBeGreaterThanOrEqual(14);
    const keys = DEMO_QUIZZES.map((quiz) => quiz.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('covers every exam family with at least 2 quizzes', () => {
    for (const exam of EXAM_FAMILIES) {
      const count = DEMO_QUIZZES.filter((quiz) => quiz.exam === exam).length;
      expect(count, exam).toBeGreaterThanOrEqual(2);
    }
  });

  it('uses only known exam families and education levels', () => {
    for (const quiz of DEMO_QUIZZES) {
      expect(EXAM_FAMILIES, quiz.key).toContain(quiz.exam);
      expect(EDUCATION_LEVELS, quiz.key).toContain(quiz.class);
    }
  });

  it('has valid quiz metadata', () => {
    for (const quiz of DEMO_QUIZZES) {
      expect(quiz.name.length, quiz.key).toBeGreaterThanOrEqual(3);
      expect(quiz.name.length, quiz.key).toBeLessThanOrEqual(200);
      expect(quiz.desc.trim(), quiz.key).not.toBe('');
      expect(Number.isInteger(quiz.durationMin), quiz.key).toBe(true);
      expect(quiz.durationMin, quiz.key).toBeGreaterThanOrEqual(1);
      expect(quiz.durationMin, quiz.key).toBeLessThanOrEqual(300);
      expect(quiz.instructions.length, quiz.key).toBeGreaterThan(0);
      for (const line of quiz.instructions) expect(line.trim(), quiz.key).not.toBe('');
    }
  });

  it('gives every quiz at least 10 questions', () => {
    for (const quiz of DEMO_QUIZZES) {
      expect(quiz.questions.length, quiz.key).toBeGreaterThanOrEqual(10);
    }
  });

  it('has well-formed questions with exactly one valid answer index', () => {
    for (const { quiz, question } of allQuestions.filter(({ question }) => question.type !== 'numeric')) {
      const label = `${quiz.key}: ${question.qn}`;
      expect(question.qn.trim(), label).not.toBe('');
      expect(question.explanation.trim(), label).not.toBe('');
      expect(question.choices.length, label).toBeGreaterThanOrEqual(2);
      expect(question.choices.length, label).toBeLessThanOrEqual(6);
      for (const choice of question.choices) {
        expect(choice.trim(), label).not.toBe('');
        expect(choice, label).toBe(choice.trim());
      }
      expect(new Set(question.choices).size, label).toBe(question.choices.length);
      expect(Number.isInteger(question.ansIndex), label).toBe(true);
      expect(question.ansIndex, label).toBeGreaterThanOrEqual(0);
      expect(question.ansIndex, label).toBeLessThan(question.choices.length);
    }
  });

  it('does not repeat a question within a quiz', () => {
    for (const quiz of DEMO_QUIZZES) {
      const texts = quiz.questions.map((question) => question.qn);
      expect(new Set(texts).size, quiz.key).toBe(texts.length);
    }
  });

  it('has 2–3 JEE numerical-value questions, each valid, with wrong numbers for the seeded learners', () => {
    const numeric = allQuestions.filter(({ question }) => question.type === 'numeric');
    expect(numeric.map(({ quiz }) => quiz.key)).toEqual(Array(3).fill('jee-main-mathematics'));
    for (const { quiz, question } of numeric) {
      const label = `${quiz.key}: ${question.qn}`;
      expect(questionViolations(question, label), label).toEqual([]);
      expect(canonicalNumber(question.numericAnswer!), label).toBe(question.numericAnswer);
      expect(question.wrongAnswers!.length, label).toBeGreaterThanOrEqual(2);
      for (const wrong of question.wrongAnswers!) {
        expect(numericAnswerMatches(wrong, question.numericAnswer, question.tolerance), label).toBe(false);
      }
    }
  });

  it('varies the position of the correct answer within each quiz', () => {
    for (const quiz of DEMO_QUIZZES) {
      const positions = new Set(
        quiz.questions.filter((question) => question.type !== 'numeric').map((question) => question.ansIndex),
      );
      expect(positions.size, quiz.key).toBeGreaterThanOrEqual(3);
    }
  });

  it('includes at least one multi-line question', () => {
    expect(allQuestions.some(({ question }) => question.qn.includes('\n'))).toBe(true);
  });

  it('has a JEE physics and a NEET chemistry quiz that are fully bilingual and use formulas (issue 12)', () => {
    const bilingual = DEMO_QUIZZES.filter((quiz) => quiz.questions.every((q) => q.qnHi));
    expect(bilingual.map((quiz) => [quiz.key, quiz.exam])).toEqual([
      ['neet-chemistry-formulas', 'NEET'],
      ['jee-main-physics-formulas', 'JEE'],
    ]);
    for (const quiz of bilingual) {
      // demo.ts draws every quiz's seeded answers from one generator: these shapes keep the other
      // quizzes' scores and podiums as they were.
      expect(
        quiz.questions.map((q) => q.choices.length),
        quiz.key,
      ).toEqual(Array(12).fill(4));
      for (const [i, q] of quiz.questions.entries()) {
        expect(questionViolations({ ...q, lang: 'en' }, `${quiz.key} ${i + 1}`)).toEqual([]);
        expect(q.choicesHi, q.qn).toHaveLength(q.choices.length);
        expect(q.explanationHi?.trim(), q.qn).toBeTruthy();
      }
      expect(quiz.questions.filter((q) => q.qn.includes('$')).length, quiz.key).toBeGreaterThanOrEqual(8);
    }
    expect(bilingual[0]!.questions.map((q) => q.ansIndex)).toEqual([1, 2, 0, 3, 1, 2, 0, 3, 1, 2, 0, 2]);
    expect(bilingual[1]!.questions.map((q) => q.ansIndex)).toEqual([1, 2, 0, 3, 1, 0, 1, 2, 1, 0, 2, 3]);
  });

  // About 600 formulas through Temml and the speech engine: seconds alone, more on a busy machine.
  it('renders every formula in the bank, in both languages', { timeout: 180_000 }, async () => {
    for (const { quiz, question } of allQuestions) {
      const { problems } = await renderQuestionMath(question, `${quiz.key}: ${question.qn}`);
      expect(problems).toEqual([]);
    }
  });
});

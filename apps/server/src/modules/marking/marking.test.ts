import { describe, expect, it } from 'vitest';
import { adviseMarking, MARKING_PRESETS } from '@quizcast/contract/domain/negative-marking';
import { countMarks, isAnswerCorrect, markAnswer, markAttempt, totalMarks } from './marking';

const questions = [
  { id: 'q1', choices: ['A', 'B', 'C', 'D'], ansIndex: 0 },
  { id: 'q2', choices: ['A', 'B', 'C', 'D'], ansIndex: 1 },
  { id: 'q3', choices: ['A', 'B', 'C', 'D'], ansIndex: 2 },
  { id: 'q4', choices: ['A', 'B', 'C', 'D'], ansIndex: 3 },
];

describe('markAttempt', () => {
  it('gives 1 point per correct answer by default and marks each question', () => {
    const result = markAttempt(questions, [
      { qnId: 'q1', selectedOption: 'A' },
      { qnId: 'q2', selectedOption: 'C' },
      { qnId: 'q4', selectedOption: 'D' },
    ]);
    expect(result.score).toBe(2);
    expect(result.correctCount).toBe(2);
    expect(result.wrongCount).toBe(1);
    expect(result.answers).toEqual([
      { qnId: 'q1', selectedOption: 'A', isCorrect: true, outcome: 'right', marks: 1 },
      { qnId: 'q2', selectedOption: 'C', isCorrect: false, outcome: 'wrong', marks: 0 },
      { qnId: 'q3', selectedOption: null, isCorrect: false, outcome: 'skipped', marks: 0 },
      { qnId: 'q4', selectedOption: 'D', isCorrect: true, outcome: 'right', marks: 1 },
    ]);
  });

  it('applies negative marking to wrong answers only (NEET: +4 / −1)', () => {
    const result = markAttempt(
      questions,
      [
        { qnId: 'q1', selectedOption: 'A' },
        { qnId: 'q2', selectedOption: 'A' },
        { qnId: 'q3', selectedOption: null },
      ],
      { correct: 4, wrong: 1 },
    );
    expect(result.score).toBe(3);
    expect(result.answers.map((a) => a.marks)).toEqual([4, -1, 0, 0]);
  });

  it('keeps fractional marking to two decimals (UPSC: +2 / −0.66)', () => {
    const result = markAttempt(
      questions,
      [
        { qnId: 'q1', selectedOption: 'B' },
        { qnId: 'q2', selectedOption: 'B' },
      ],
      { correct: 2, wrong: 0.66 },
    );
    expect(result.score).toBe(1.34);
  });

  it('a dropped question scores nothing for anyone (key correction, issue 14)', () => {
    const questions = [
      { id: 'a', choices: ['x', 'y'], ansIndex: 0 },
      { id: 'b', choices: ['x', 'y'], ansIndex: 0, dropped: true },
    ];
    const right = markAttempt(
      questions,
      [
        { qnId: 'a', selectedOption: 'x' },
        { qnId: 'b', selectedOption: 'x' },
      ],
      { correct: 4, wrong: 1 },
    );
    const wrong = markAttempt(
      questions,
      [
        { qnId: 'a', selectedOption: 'x' },
        { qnId: 'b', selectedOption: 'y' },
      ],
      { correct: 4, wrong: 1 },
    );
    expect(right).toMatchObject({ score: 4, correctCount: 1, wrongCount: 0 });
    expect(wrong).toMatchObject({ score: 4, correctCount: 1, wrongCount: 0 });
    expect(right.answers[1]).toEqual({
      qnId: 'b',
      selectedOption: 'x',
      isCorrect: false,
      outcome: 'dropped',
      marks: 0,
    });
  });

  it('totals any group of marks with the same formula (a topic or a section is a subset)', () => {
    const scheme = { correct: 2, wrong: 0.66 };
    const marked = markAttempt(
      questions,
      [
        { qnId: 'q1', selectedOption: 'A' },
        { qnId: 'q2', selectedOption: 'A' },
        { qnId: 'q3', selectedOption: 'A' },
      ],
      scheme,
    );
    expect(countMarks(marked.answers)).toEqual({ correct: 1, wrong: 2 });
    expect(totalMarks(countMarks(marked.answers.slice(0, 2)), scheme)).toBe(1.34);
    expect(marked.score).toBe(totalMarks({ correct: 1, wrong: 2 }, scheme));
  });
});

describe('numeric questions in markAttempt (the quiz marking scheme)', () => {
  const questions = [
    { id: 'n1', choices: [], ansIndex: 0, type: 'numeric' as const, numericAnswer: '2.5', tolerance: '0.01' },
    { id: 'n2', choices: [], ansIndex: 0, type: 'numeric' as const, numericAnswer: '12', tolerance: null },
    { id: 'n3', choices: [], ansIndex: 0, type: 'numeric' as const, numericAnswer: '7', tolerance: null },
    { id: 'm1', choices: ['A', 'B'], ansIndex: 1 },
  ];

  it('scores right +4, wrong −1 and blank 0 (JEE Main)', () => {
    const result = markAttempt(
      questions,
      [
        { qnId: 'n1', selectedOption: '2.49' },
        { qnId: 'n2', selectedOption: '12.5' },
        { qnId: 'n3', selectedOption: null },
        { qnId: 'm1', selectedOption: 'B' },
      ],
      { correct: 4, wrong: 1 },
    );
    expect(result.score).toBe(7);
    expect(result.correctCount).toBe(2);
    expect(result.wrongCount).toBe(1);
    expect(result.answers.map((a) => a.isCorrect)).toEqual([true, false, false, true]);
  });

  it('a dropped numeric question scores nothing', () => {
    expect(isAnswerCorrect({ ...questions[0]!, dropped: true }, '2.5')).toBe(false);
    expect(markAnswer({ ...questions[0]!, dropped: true }, '2.5', { correct: 4, wrong: 1 }).marks).toBe(0);
    expect(isAnswerCorrect(questions[0]!, '2.5')).toBe(true);
    // An MCQ whose choice text happens to be a number is still compared by text.
    expect(isAnswerCorrect({ id: 'm', choices: ['2.5', '3'], ansIndex: 0 }, '2.50')).toBe(false);
  });
});

describe('the negative-marking advisor', () => {
  it('agrees with the scorer: score = correct × reward − marks lost to wrong answers, for every scheme', () => {
    const questions = Array.from({ length: 10 }, (_, i) => ({
      id: `q${i}`,
      choices: ['a', 'b', 'c', 'd'],
      ansIndex: i % 4,
    }));
    const answers = questions.map((q, i) => ({
      qnId: q.id,
      selectedOption: i < 5 ? q.choices[q.ansIndex]! : i < 8 ? q.choices[(q.ansIndex + 1) % 4]! : null,
    }));
    for (const scheme of Object.values(MARKING_PRESETS)) {
      const scored = markAttempt(questions, answers, scheme);
      const advice = adviseMarking(scheme, { correct: 5, wrong: 3, skipped: 2 });
      expect(scored.score).toBeCloseTo(5 * scheme.correct - advice.marksLostToWrong, 10);
      expect(advice.marksLeftOnTable).toBeCloseTo(2 * scheme.correct, 10);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { scoreAttempt } from './scoring';

const questions = [
  { id: 'q1', choices: ['A', 'B', 'C', 'D'], ansIndex: 0 },
  { id: 'q2', choices: ['A', 'B', 'C', 'D'], ansIndex: 1 },
  { id: 'q3', choices: ['A', 'B', 'C', 'D'], ansIndex: 2 },
  { id: 'q4', choices: ['A', 'B', 'C', 'D'], ansIndex: 3 },
];

describe('scoreAttempt', () => {
  it('gives 1 point per correct answer by default and marks each question', () => {
    const result = scoreAttempt(questions, [
      { qnId: 'q1', selectedOption: 'A' },
      { qnId: 'q2', selectedOption: 'C' },
      { qnId: 'q4', selectedOption: 'D' },
    ]);
    expect(result.score).toBe(2);
    expect(result.correctCount).toBe(2);
    expect(result.wrongCount).toBe(1);
    expect(result.answers).toEqual([
      { qnId: 'q1', selectedOption: 'A', isCorrect: true },
      { qnId: 'q2', selectedOption: 'C', isCorrect: false },
      { qnId: 'q3', selectedOption: null, isCorrect: false },
      { qnId: 'q4', selectedOption: 'D', isCorrect: true },
    ]);
  });

  it('applies negative marking to wrong answers only (NEET: +4 / −1)', () => {
    const result = scoreAttempt(
      questions,
      [
        { qnId: 'q1', selectedOption: 'A' },
        { qnId: 'q2', selectedOption: 'A' },
        { qnId: 'q3', selectedOption: null },
      ],
      { correct: 4, wrong: 1 },
    );
    expect(result.score).toBe(3);
  });

  it('keeps fractional marking to two decimals (UPSC: +2 / −0.66)', () => {
    const result = scoreAttempt(
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
    const right = scoreAttempt(
      questions,
      [
        { qnId: 'a', selectedOption: 'x' },
        { qnId: 'b', selectedOption: 'x' },
      ],
      { correct: 4, wrong: 1 },
    );
    const wrong = scoreAttempt(
      questions,
      [
        { qnId: 'a', selectedOption: 'x' },
        { qnId: 'b', selectedOption: 'y' },
      ],
      { correct: 4, wrong: 1 },
    );
    expect(right).toMatchObject({ score: 4, correctCount: 1, wrongCount: 0 });
    expect(wrong).toMatchObject({ score: 4, correctCount: 1, wrongCount: 0 });
    expect(right.answers[1]).toEqual({ qnId: 'b', selectedOption: 'x', isCorrect: false });
  });
});

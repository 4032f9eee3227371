import { describe, expect, it } from 'vitest';
import { quizInputSchema } from '../schemas/quiz-input';
import { adminQuizStatus, averageScore, paiseToRupees, rupeesToPaise, scoreHistogram } from './admin-quiz';

describe('adminQuizStatus', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  const window = { startTimeStamp: '2026-11-22T09:00:00Z', endTimeStamp: '2026-11-22T11:00:00Z' };
  it('is draft when unpublished, else upcoming, live or ended by the window', () => {
    expect(adminQuizStatus({ ...window, published: false }, now)).toBe('draft');
    expect(adminQuizStatus({ ...window, published: true }, new Date('2026-11-22T08:59:59Z'))).toBe(
      'upcoming',
    );
    expect(adminQuizStatus({ ...window, published: true }, new Date('2026-11-22T09:00:00Z'))).toBe('live');
    expect(adminQuizStatus({ ...window, published: true }, new Date('2026-11-22T11:00:00Z'))).toBe('ended');
  });
});

describe('scoreHistogram', () => {
  it('has one bar per whole score on a small scale', () => {
    expect(scoreHistogram([0, 2, 2, 3], 3).map((b) => [b.label, b.count])).toEqual([
      ['0', 1],
      ['1', 0],
      ['2', 2],
      ['3', 1],
    ]);
  });

  it('uses ten percentage bars for negative or fractional marking and long quizzes', () => {
    const bins = scoreHistogram([-1, 0.66, 40, 79.5, 80], 80);
    expect(bins).toHaveLength(10);
    expect(bins[0]).toEqual({ label: '< 10%', from: 0, to: 9, count: 2 });
    expect(bins[5]).toMatchObject({ label: '50–59%', count: 1 });
    expect(bins[9]).toEqual({ label: '90–100%', from: 90, to: 100, count: 2 });
  });

  it('has empty bars when nobody has submitted', () => {
    expect(scoreHistogram([], 2).map((b) => b.count)).toEqual([0, 0, 0]);
    expect(averageScore([])).toBeNull();
    expect(averageScore([1, 2, 2])).toBe(1.67);
  });
});

describe('money', () => {
  it('converts rupees to paise without float drift', () => {
    expect(rupeesToPaise(10)).toBe(1000);
    expect(rupeesToPaise(11.8)).toBe(1180);
    expect(rupeesToPaise(0.29)).toBe(29);
    expect(paiseToRupees(1180)).toBe(11.8);
  });
});

describe('quizInputSchema', () => {
  const valid = {
    name: 'Quiz',
    exam: 'SSC',
    class: 'Other',
    duration: 10,
    startTimeStamp: '2026-11-22T09:00:00+05:30',
    endTimeStamp: '2026-11-22T10:00:00+05:30',
    price: 0,
    questions: [{ qn: 'Q?', choices: ['a', 'b'], ansIndex: 1 }],
  };
  it('accepts a minimal quiz, defaulting description and published', () => {
    expect(quizInputSchema.parse(valid)).toMatchObject({ desc: '', published: true });
  });
  it('reports the window and question rules even when a field rule fails too', () => {
    const result = quizInputSchema.safeParse({
      ...valid,
      duration: 1.5,
      endTimeStamp: valid.startTimeStamp,
      questions: [{ qn: 'Q?', choices: ['a', 'A'], ansIndex: 0 }],
    });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Duration must be a whole number of minutes',
      'Start time must be before end time',
      'Question 1: choices must be distinct (A and B are both "A")',
    ]);
  });
  it('still reports the window and question rules when a field is missing or mistyped', () => {
    const { duration: _omit, ...noDuration } = valid;
    const result = quizInputSchema.safeParse({
      ...noDuration,
      exam: 42,
      endTimeStamp: valid.startTimeStamp,
      questions: [
        { qn: '', choices: ['a', 'b'], ansIndex: 0 },
        { qn: 'Q?', choices: 'a,b', ansIndex: 0 },
      ],
    });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Exam must be one of UPSC, SSC, Banking, NEET, JEE, Other',
      'Duration is required',
      'Choices must be a list of text',
      'Start time must be before end time',
      'Question 1: question text is required',
    ]);
  });
});

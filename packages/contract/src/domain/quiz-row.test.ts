import { describe, expect, it } from 'vitest';
import { quizRowAction, quizRowStatus } from './quiz-row';

const now = new Date('2026-11-22T10:00:00Z');
const future = '2026-11-22T11:00:00Z';
const past = '2026-11-22T09:00:00Z';
const attended = { startedAt: past, submittedAt: past };

describe('quiz row status and action', () => {
  it('not attended, window still open: Not Attended with Start', () => {
    const quiz = { endTimeStamp: future };
    expect(quizRowStatus(quiz, now)).toBe('Not Attended');
    expect(quizRowAction(quiz, now)).toEqual({ kind: 'start', label: 'Start' });
  });

  it('not attended after the end: Time over with "-"', () => {
    const quiz = { endTimeStamp: past };
    expect(quizRowStatus(quiz, now)).toBe('Time over');
    expect(quizRowAction(quiz, now)).toEqual({ kind: 'none', label: '-' });
  });

  it('attended and past the end: Attended with View Details', () => {
    const quiz = { endTimeStamp: past, attendedDetails: attended };
    expect(quizRowStatus(quiz, now)).toBe('Attended');
    expect(quizRowAction(quiz, now)).toEqual({ kind: 'view-details', label: 'View Details' });
  });

  it('attended before the end: Attended, details only after the end', () => {
    const quiz = { endTimeStamp: future, attendedDetails: attended };
    expect(quizRowStatus(quiz, now)).toBe('Attended');
    expect(quizRowAction(quiz, now)).toEqual({ kind: 'wait', label: 'See details after quiz end' });
  });

  it('the end instant itself counts as ended', () => {
    expect(quizRowStatus({ endTimeStamp: now.toISOString() }, now)).toBe('Time over');
  });
});

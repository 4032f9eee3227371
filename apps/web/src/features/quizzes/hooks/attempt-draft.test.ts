import { beforeEach, describe, expect, it } from 'vitest';
import type { QuizAttempt } from '@quizcast/contract/schemas/quiz';
import {
  answersToList,
  clearDraft,
  readDraft,
  resumeState,
  writeDraft,
  type AttemptDraft,
} from './attempt-draft';

const attempt: QuizAttempt = {
  _id: 'quiz-1',
  name: 'Quiz',
  desc: '',
  duration: 10,
  startedAt: '2026-11-22T10:00:00.000Z',
  deadlineAt: '2026-11-22T10:10:00.000Z',
  serverNow: '2026-11-22T10:02:00.000Z',
  questions: [
    { _id: 'q1', qn: 'One', choices: ['a', 'b'], lang: 'en', audioUrl: null },
    { _id: 'q2', qn: 'Two', choices: ['c', 'd'], lang: 'en', audioUrl: null },
    { _id: 'q3', qn: 'Three', choices: ['e', 'f'], lang: 'en', audioUrl: null },
  ],
  savedAnswers: [{ qnId: 'q1', selectedOption: 'a' }],
};

function draft(overrides: Partial<AttemptDraft> = {}): AttemptDraft {
  return {
    version: 1,
    quizId: 'quiz-1',
    startedAt: attempt.startedAt,
    answers: { q1: 'b', q2: 'c' },
    currentIndex: 1,
    unsynced: true,
    attempt,
    clockOffsetMs: 0,
    ...overrides,
  };
}

beforeEach(() => window.localStorage.clear());

describe('attempt draft on the device', () => {
  it('round-trips through local storage per user and quiz, and clears', () => {
    writeDraft('user-1', draft());
    expect(readDraft('user-1', 'quiz-1')).toEqual(draft());
    expect(readDraft('user-2', 'quiz-1')).toBeNull();
    clearDraft('user-1', 'quiz-1');
    expect(readDraft('user-1', 'quiz-1')).toBeNull();
  });

  it('ignores a corrupt stored draft', () => {
    window.localStorage.setItem('QUIZ_ATTEMPT_DRAFT:user-1:quiz-1', '{not json');
    expect(readDraft('user-1', 'quiz-1')).toBeNull();
  });

  it('resumes with unsent device answers on top of the server ones, at the same question', () => {
    expect(resumeState(draft(), attempt)).toEqual({
      answers: { q1: 'b', q2: 'c' },
      currentIndex: 1,
      unsynced: true,
    });
  });

  it('trusts the server when the device had nothing unsent', () => {
    expect(resumeState(draft({ unsynced: false }), attempt)).toEqual({
      answers: { q1: 'a' },
      currentIndex: 1,
      unsynced: false,
    });
  });

  it('ignores a draft of an earlier attempt and answers that are not choices', () => {
    expect(resumeState(draft({ startedAt: '2026-11-01T00:00:00.000Z' }), attempt)).toEqual({
      answers: { q1: 'a' },
      currentIndex: 0,
      unsynced: false,
    });
    expect(resumeState(draft({ answers: { q2: 'zzz', q9: 'a' }, currentIndex: 99 }), attempt)).toEqual({
      answers: { q1: 'a' },
      currentIndex: 2,
      unsynced: false,
    });
  });

  it('sends answers in question order, leaving unanswered ones out', () => {
    expect(answersToList(attempt.questions, { q3: 'e', q1: 'a' })).toEqual([
      { qnId: 'q1', selectedOption: 'a' },
      { qnId: 'q3', selectedOption: 'e' },
    ]);
  });
});

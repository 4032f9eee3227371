import { describe, expect, it } from 'vitest';
import type { PracticeAttemptRow, PracticeQuestionRow } from './practice.repository';
import { RunningPractices } from './running-practices';

const AT = new Date('2026-11-22T10:00:00Z');

function question(id: string): PracticeQuestionRow {
  return {
    id,
    quizId: 'quiz',
    qn: `question ${id}?`,
    choices: ['a', 'b', 'c', 'd'],
    ansIndex: 0,
    explanation: 'because',
    lang: 'en',
    audioKey: null,
    topic: 'History',
    type: 'mcq',
    numericAnswer: null,
    tolerance: null,
    qnHi: null,
    choicesHi: null,
    explanationHi: null,
    math: null,
    droppedAt: null,
    section: null,
    quizVersion: '2026-11-22 10:00:00+00',
  };
}

function running(id: string, userId = 'me', questionIds = ['q1', 'q2'], shown = questionIds) {
  const attempt: PracticeAttemptRow = {
    id,
    userId,
    kind: 'drill',
    quizId: null,
    title: 'History',
    exam: 'UPSC',
    questionIds,
    timed: false,
    instantFeedback: false,
    startedAt: AT,
    deadlineAt: null,
    status: 'in_progress',
    submittedAt: null,
    answers: [],
    revision: 0,
    markCorrect: 1,
    markWrong: 0,
    score: null,
    correctCount: null,
    wrongCount: null,
    elapsedMs: null,
    predicted: null,
    day: null,
    createdAt: AT,
    updatedAt: AT,
  };
  return { attempt, questions: shown.map(question), sections: [] };
}

describe('RunningPractices', () => {
  it("holds a running attempt for its learner only, and forgets it when asked (another learner's ask does nothing)", () => {
    const held = new RunningPractices(1_000_000);
    held.remember(running('a1'));
    expect(held.get('a1', 'me')?.attempt.id).toBe('a1');
    expect(held.get('a1', 'someone else')).toBeUndefined();
    held.forget('a1', 'someone else');
    expect(held.size).toBe(1);
    held.forget('a1', 'me');
    expect([held.size, held.usedBytes]).toEqual([0, 0]);
  });

  it('keeps no copy of a finished attempt or of one with a question no longer visible', () => {
    const held = new RunningPractices(1_000_000);
    held.remember(running('a1'));
    const finished = running('a1');
    held.remember({ ...finished, attempt: { ...finished.attempt, status: 'submitted' } });
    expect(held.get('a1', 'me')).toBeUndefined();
    held.remember(running('a2', 'me', ['q1', 'q2', 'q3'], ['q1', 'q2']));
    expect(held.get('a2', 'me')).toBeUndefined();
    expect([held.size, held.usedBytes]).toEqual([0, 0]);
  });

  it('holds a question once for every attempt that shows it, until the last of them is forgotten', () => {
    const one = new RunningPractices(1_000_000);
    one.remember(running('a1'));
    const two = new RunningPractices(1_000_000);
    two.remember(running('a1'));
    two.remember(running('a2'));
    expect(two.get('a2', 'me')!.questions[0]).toBe(two.get('a1', 'me')!.questions[0]);
    expect(two.usedBytes).toBeLessThan(one.usedBytes * 1.5);
    two.forget('a1');
    expect(two.usedBytes).toBe(one.usedBytes);
    expect(two.get('a2', 'me')!.questions.map((q) => q.id)).toEqual(['q1', 'q2']);
  });

  it('stays within its bytes: the oldest copies go first, and one larger than the whole budget is not kept', () => {
    const probe = new RunningPractices(1_000_000);
    probe.remember(running('x', 'me', ['x0q1', 'x0q2']));
    const one = probe.usedBytes;
    const held = new RunningPractices(one * 2);
    held.remember(running('a1', 'me', ['a1q1', 'a1q2']));
    held.remember(running('a2', 'me', ['a2q1', 'a2q2']));
    held.remember(running('a1', 'me', ['a1q1', 'a1q2'])); // written again: now the newest
    held.remember(running('a3', 'me', ['a3q1', 'a3q2']));
    expect(held.get('a2', 'me')).toBeUndefined();
    expect(held.get('a1', 'me')).toBeDefined();
    expect(held.get('a3', 'me')).toBeDefined();
    expect(held.usedBytes).toBe(one * 2);
    const small = new RunningPractices(one - 1);
    small.remember(running('a1', 'me', ['a1q1', 'a1q2']));
    expect([small.size, small.usedBytes]).toEqual([0, 0]);
  });
});

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { PracticeQuestionRow } from './practice-questions';
import type { PracticeAttemptRow } from './practice.repository';
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
    // Its questions not in its order: not held (its ids are held as its questions' own).
    held.remember(running('a3', 'me', ['q1', 'q2'], ['q2', 'q1']));
    expect(held.get('a3', 'me')).toBeUndefined();
    expect([held.size, held.usedBytes]).toEqual([0, 0]);
  });

  it("holds an attempt's question ids as its questions' own, counted once: its ids cost only their slots", () => {
    const ids = Array.from(
      { length: 20 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const held = new RunningPractices(1_000_000);
    held.remember(running('a1', 'me', ids));
    const copy = held.get('a1', 'me')!;
    expect(copy.attempt.questionIds).toEqual(ids);
    expect(copy.attempt.questionIds.every((id, i) => id === copy.questions[i]!.id)).toBe(true);
    // A second attempt of the same questions adds its row and its slots (20 ids, 20 questions), not
    // its ids' strings again: 20 strings of 36 characters would be 1,120 bytes more.
    const before = held.usedBytes;
    held.remember(running('a2', 'me', [...ids]));
    const empty = new RunningPractices(1_000_000);
    empty.remember(running('e', 'me', [], []));
    expect(held.usedBytes - before - empty.usedBytes).toBe(2 * 8 * 20);
  });

  it('keeps the newer revision: a read that began before a save here and ends after it does not replace what the save wrote', () => {
    const held = new RunningPractices(1_000_000);
    const at = (revision: number, answered: string[]) => {
      const copy = running('a1');
      const answers = answered.map((qnId, i) => ({ qnId, selectedOption: 'a', seq: i + 1 }));
      return { ...copy, attempt: { ...copy.attempt, revision, answers } };
    };
    held.remember(at(0, []));
    const reading = held.open('a1'); // a resume reads revision 0 …
    held.remember(at(1, ['q1'])); // … a save here writes revision 1 …
    const bytes = held.usedBytes;
    held.remember(at(0, []), reading); // … and the resume's read lands after it
    held.close(reading);
    expect(held.get('a1', 'me')?.attempt).toMatchObject({ revision: 1, answers: [{ qnId: 'q1' }] });
    held.remember(at(0, [])); // not under a reading either
    expect(held.get('a1', 'me')?.attempt.revision).toBe(1);
    expect([held.size, held.usedBytes]).toEqual([1, bytes]);
    held.remember(at(2, ['q1', 'q2']));
    expect(held.get('a1', 'me')?.attempt.revision).toBe(2);
  });

  it('keeps nothing of a read that was on its way while the attempt was forgotten (a submission here finished it)', () => {
    const held = new RunningPractices(1_000_000);
    held.remember(running('a1'));
    const resume = held.open('a1'); // a resume reads the attempt running …
    const save = held.open('a1'); // … and so does a save …
    held.forget('a1', 'me'); // … a submission finishes it …
    held.remember(running('a1'), resume); // … and their copies of it running land after that
    held.remember(running('a1'), save);
    held.close(resume);
    held.close(save);
    expect(held.get('a1', 'me')).toBeUndefined();
    expect([held.size, held.usedBytes]).toEqual([0, 0]);
    // Nothing of those reads is left once they are closed: a read opened since is kept.
    const later = held.open('a1');
    held.remember(running('a1'), later);
    held.close(later);
    expect(held.get('a1', 'me')?.attempt.id).toBe('a1');
    // Another learner's forget of an attempt held for someone else spoils no read of it.
    const mine = held.open('a1');
    held.forget('a1', 'someone else');
    held.remember(running('a1'), mine);
    held.close(mine);
    expect(held.get('a1', 'me')).toBeDefined();
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
    // One larger than the whole budget drops nothing on its way to not being kept.
    const huge = Array.from({ length: 40 }, (_, i) => `huge-q${i}`);
    held.remember(running('huge', 'me', huge));
    expect(held.get('huge', 'me')).toBeUndefined();
    expect([held.size, held.usedBytes]).toEqual([2, one * 2]);
    const small = new RunningPractices(one - 1);
    small.remember(running('a1', 'me', ['a1q1', 'a1q2']));
    expect([small.size, small.usedBytes]).toEqual([0, 0]);
  });
});

describe('RunningPractices: its byte estimate against the heap', () => {
  it('counts what it holds: the heap it grows is within 20% of usedBytes (English and Hindi questions, answered)', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const hindi = 'भारत का संविधान किस वर्ष लागू हुआ था और इसकी प्रस्तावना में क्या लिखा है';
    const bankQuestion = (i: number): PracticeQuestionRow => ({
      ...question(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
      qn: `Which of these statements about the ${i}th amendment of the Constitution of India are correct?`,
      choices: ['1 only', '2 only', 'Both 1 and 2', 'Neither 1 nor 2'],
      explanation: `The ${i}th amendment changed the schedule; statement 2 describes the 44th. `.repeat(3),
      ...(i % 2 === 0 && {
        qnHi: `${hindi} ${i}?`,
        choicesHi: ['केवल 1', 'केवल 2', '1 और 2 दोनों', 'न तो 1 न ही 2'],
        explanationHi: hindi.repeat(3),
      }),
    });
    // As the database hands them over: every string its own (JSON parsed), nothing shared by chance.
    const fresh = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
    gc();
    const before = process.memoryUsage().heapUsed;
    const copy = new RunningPractices(1 << 30);
    for (let k = 0; k < 300; k++) {
      const qs = Array.from({ length: 20 }, (_, j) => fresh(bankQuestion(k * 20 + j)));
      const held = running(
        `attempt-${k}`,
        `user-${k}`,
        qs.map((q) => q.id),
      );
      const attempt = {
        ...held.attempt,
        answers: fresh(
          qs.map((q, j) => ({
            qnId: q.id,
            selectedOption: q.choices[j % 4]!,
            timeSpentMs: 12_345 + j,
            seq: j + 1,
            visited: true,
          })),
        ),
      };
      copy.remember({ ...held, attempt, questions: qs });
    }
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    expect(copy.size).toBe(300);
    expect(grown / copy.usedBytes).toBeGreaterThan(0.8);
    expect(grown / copy.usedBytes).toBeLessThan(1.2);
  });
});

import { describe, expect, it } from 'vitest';
import type { PracticeAttempt } from '@quizcast/contract/schemas/practice';
import { resumePractice, unsentAnswers, type PracticeDeviceCopy } from './practice-device-copy';

const attempt = (over: Partial<PracticeAttempt> = {}): PracticeAttempt =>
  ({
    _id: 'p1',
    questions: [{ _id: 'q1' }, { _id: 'q2' }, { _id: 'q3' }],
    savedAnswers: [],
    feedback: [],
    ...over,
  }) as unknown as PracticeAttempt;

const right = { qnId: 'q1', outcome: 'right', correctAnswer: 'a', explanation: null } as const;

describe('a practice kept on the device (issue 27)', () => {
  it('resumes from the server alone: everything it holds is acknowledged', () => {
    const copy = resumePractice(
      attempt({ savedAnswers: [{ qnId: 'q1', selectedOption: 'a', seq: 2 }], feedback: [right as never] }),
      null,
    );
    expect(copy.answers).toEqual({ q1: { selectedOption: 'a', seq: 2 } });
    expect(unsentAnswers(copy)).toEqual([]);
    expect(copy.seq).toBe(2);
    expect(copy.feedback).toEqual([right]);
  });

  it('keeps the newer answer per question by seq, and sends only what the server has not seen', () => {
    const device: PracticeDeviceCopy = {
      ...resumePractice(attempt(), null),
      answers: { q1: { selectedOption: 'old', seq: 1 }, q2: { selectedOption: 'b', seq: 4 } },
      acked: { q1: 1 },
      seq: 4,
      index: 1,
    };
    const copy = resumePractice(
      attempt({ savedAnswers: [{ qnId: 'q1', selectedOption: 'new', seq: 3 }] }),
      device,
    );
    expect(copy.answers).toEqual({
      q1: { selectedOption: 'new', seq: 3 },
      q2: { selectedOption: 'b', seq: 4 },
    });
    expect(unsentAnswers(copy)).toEqual([{ qnId: 'q2', selectedOption: 'b', seq: 4 }]);
    expect(copy.index).toBe(1);
    expect(copy.seq).toBe(4);
  });

  it('reopened offline from its own copy, answers not yet acknowledged stay unsent', () => {
    const device = {
      ...resumePractice(attempt(), null),
      answers: { q3: { selectedOption: 'c', seq: 1 } },
      seq: 1,
      index: 9,
    };
    const copy = resumePractice(device.attempt, device);
    expect(unsentAnswers(copy)).toEqual([{ qnId: 'q3', selectedOption: 'c', seq: 1 }]);
    // An index beyond the questions (an older copy) lands on the last one.
    expect(copy.index).toBe(2);
  });
});

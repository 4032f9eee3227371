import { describe, expect, it } from 'vitest';
import { competitionRanks, markAttempt, markSectioned, type SectionedQuestion } from './marking';

/** Issue 26 (ADR 022): marking a quiz with sections, each with its own scheme. */

const q = (id: string, section: number | null): SectionedQuestion => ({
  id,
  choices: ['a', 'b', 'c', 'd'],
  ansIndex: 0,
  section,
});
const questions = [q('1', 0), q('2', 0), q('3', 1), q('4', 1), q('5', 1)];
const answers = [
  { qnId: '1', selectedOption: 'a' },
  { qnId: '2', selectedOption: 'b' },
  { qnId: '3', selectedOption: 'a' },
  { qnId: '4', selectedOption: 'c' },
];

describe('markSectioned', () => {
  it('marks each section with its own scheme and sums the section scores', () => {
    const marked = markSectioned(questions, answers, { correct: 1, wrong: 0.25 }, [
      { markCorrect: null, markWrong: null },
      { markCorrect: 3, markWrong: 1 / 3 },
    ]);
    expect(marked.sections).toEqual([
      { score: 0.75, correct: 1, wrong: 1, attempted: 2, accuracy: 50 },
      { score: 2.67, correct: 1, wrong: 1, attempted: 2, accuracy: 50 },
    ]);
    expect(marked.score).toBe(3.42);
    expect(marked.correctCount).toBe(2);
    expect(marked.answers.map((m) => m.marks)).toEqual([1, -0.25, 3, -1 / 3, 0]);
  });

  it('is exactly markAttempt for a quiz without sections', () => {
    const scheme = { correct: 2, wrong: 0.5 };
    const plain = questions.map((x) => ({ ...x, section: null }));
    expect(markSectioned(plain, answers, scheme, [])).toEqual({
      ...markAttempt(plain, answers, scheme),
      sections: [],
    });
  });

  it('gives an untouched section no accuracy', () => {
    const marked = markSectioned(questions, [], { correct: 1, wrong: 0 }, [
      { markCorrect: null, markWrong: null },
      { markCorrect: null, markWrong: null },
    ]);
    expect(marked.sections.map((s) => s.accuracy)).toEqual([null, null]);
  });
});

describe('competitionRanks', () => {
  it('ranks highest first, ties sharing a rank: 1, 2, 2, 4', () => {
    expect(competitionRanks([5, 7, 5, 1])).toEqual([2, 1, 2, 4]);
  });
});

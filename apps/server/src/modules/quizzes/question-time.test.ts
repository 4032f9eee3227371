import { describe, expect, it } from 'vitest';
import { recordQuestionTimes } from './question-time';

describe('recordQuestionTimes (the server-measured time per question)', () => {
  it('gives the interval since the last answer change to the questions this save changes, and carries it over a save that changes none', () => {
    const first = recordQuestionTimes([], [{ qnId: 'a', selectedOption: 'x' }], 5000);
    expect(first).toEqual([{ qnId: 'a', selectedOption: 'x', serverMs: 5000, serverAt: 5000 }]);
    // A palette-only save at 8 s: nothing attributed.
    const palette = recordQuestionTimes(
      first,
      [
        { qnId: 'a', selectedOption: 'x', markedForReview: true },
        { qnId: 'b', selectedOption: null, visited: true },
      ],
      8000,
    );
    expect(palette.map((a) => a.serverMs)).toEqual([5000, undefined]);
    // At 11 s: b answered and a changed share the 6 s since 5 s.
    const both = recordQuestionTimes(
      palette,
      [
        { qnId: 'a', selectedOption: 'y' },
        { qnId: 'b', selectedOption: 'z' },
      ],
      11_000,
    );
    expect(both.map((a) => [a.serverMs, a.serverAt])).toEqual([
      [8000, 11_000],
      [3000, 11_000],
    ]);
  });

  it('keeps only what the stored row says, whatever the merged entries carry', () => {
    const out = recordQuestionTimes(
      [{ qnId: 'a', selectedOption: 'x', serverMs: 100, serverAt: 100 }],
      [{ qnId: 'a', selectedOption: 'x', serverMs: 9_999_999, serverAt: 0 }],
      200,
    );
    expect(out).toEqual([{ qnId: 'a', selectedOption: 'x', serverMs: 100, serverAt: 100 }]);
    expect(
      recordQuestionTimes(
        [{ qnId: 'a', selectedOption: 'x' }],
        [{ qnId: 'a', selectedOption: 'x', serverMs: 9 }],
        200,
      ),
    ).toEqual([{ qnId: 'a', selectedOption: 'x' }]);
  });
});

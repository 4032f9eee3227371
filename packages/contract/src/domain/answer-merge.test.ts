import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampTimes,
  mergeAnswers,
  paletteCounts,
  unansweredCount,
  paletteState,
  type AnswerEntry,
  type MergedAnswer,
} from './answer-merge';

const QUESTIONS = ['q1', 'q2', 'q3', 'q4', 'q5'];
const OPTIONS = ['A', 'B', 'C', null] as const;

/** One learner action on one question. */
const changeArb = fc.record({
  q: fc.constantFrom(...QUESTIONS),
  option: fc.constantFrom(...OPTIONS),
  marked: fc.boolean(),
  time: fc.nat(5_000),
});

/**
 * What a client does: changes stamped with an increasing seq; after some changes it sends a save of
 * the entries changed since the previous save (or, sometimes, the whole set). The server may receive
 * those saves in any order, some twice, some never (and a lost one is retried later).
 */
function simulate(
  changes: { q: string; option: string | null; marked: boolean; time: number }[],
  cuts: number[],
) {
  const local = new Map<string, AnswerEntry>();
  const saves: AnswerEntry[][] = [];
  let dirty = new Set<string>();
  let seq = 0;
  changes.forEach((c, i) => {
    const before = local.get(c.q);
    local.set(c.q, {
      qnId: c.q,
      selectedOption: c.option,
      markedForReview: c.marked,
      visited: true,
      timeSpentMs: (before?.timeSpentMs ?? 0) + c.time,
      seq: ++seq,
    });
    dirty.add(c.q);
    if (cuts.includes(i) || i === changes.length - 1) {
      const whole = cuts.includes(i) && i % 3 === 0;
      saves.push([...(whole ? local.keys() : dirty)].map((q) => ({ ...local.get(q)! })));
      dirty = new Set();
    }
  });
  return { local, saves };
}

function byQuestion(entries: MergedAnswer[]) {
  return Object.fromEntries(entries.map((e) => [e.qnId, e]));
}

describe('mergeAnswers', () => {
  it('ends with the newest response for every question, whatever the order or duplication of saves', () => {
    fc.assert(
      fc.property(
        fc.array(changeArb, { minLength: 1, maxLength: 40 }),
        fc.array(fc.nat(39), { maxLength: 15 }),
        fc.infiniteStream(fc.nat()),
        fc.array(fc.nat(), { maxLength: 10 }),
        (changes, cuts, shuffle, duplicates) => {
          const { local, saves } = simulate(changes, cuts);
          // Deliver every save at least once, some twice, in a random order (a retry can overtake).
          const deliveries = [...saves, ...duplicates.map((d) => saves[d % saves.length]!)];
          const order = deliveries
            .map((save, i) => ({ save, key: shuffle.next().value + i / 1000 }))
            .sort((a, b) => a.key - b.key)
            .map((d) => d.save);
          let server: MergedAnswer[] = [];
          for (const save of order) server = mergeAnswers(server, save);
          const held = byQuestion(server);
          for (const [q, latest] of local) {
            expect(held[q]?.selectedOption).toBe(latest.selectedOption ?? null);
            expect(held[q]?.markedForReview).toBe(latest.markedForReview);
            expect(held[q]?.timeSpentMs).toBe(latest.timeSpentMs);
            expect(held[q]?.visited).toBe(true);
          }
          expect(Object.keys(held).sort()).toEqual([...local.keys()].sort());
        },
      ),
      { numRuns: 500 },
    );
  });

  it('is commutative and idempotent for any two saves', () => {
    const entryArb = fc.record({
      qnId: fc.constantFrom(...QUESTIONS),
      selectedOption: fc.constantFrom(...OPTIONS),
      markedForReview: fc.boolean(),
      visited: fc.boolean(),
      timeSpentMs: fc.nat(10_000),
      seq: fc.nat(50),
    });
    fc.assert(
      fc.property(fc.array(entryArb), fc.array(entryArb), fc.array(entryArb), (a, b, base) => {
        const ab = byQuestion(mergeAnswers(mergeAnswers(base, a), b));
        const ba = byQuestion(mergeAnswers(mergeAnswers(base, b), a));
        expect(ab).toEqual(ba);
        const again = byQuestion(mergeAnswers(mergeAnswers(mergeAnswers(base, a), b), a));
        expect(again).toEqual(ab);
      }),
    );
  });

  it('never lets a stale save erase or revert a newer answer; a clear is an explicit newer entry', () => {
    const stored = mergeAnswers([], [{ qnId: 'q1', selectedOption: 'B', seq: 5 }]);
    const stale = mergeAnswers(stored, [
      { qnId: 'q1', selectedOption: 'A', seq: 3 },
      { qnId: 'q2', selectedOption: 'C', seq: 4 },
    ]);
    expect(byQuestion(stale).q1?.selectedOption).toBe('B');
    expect(byQuestion(stale).q2?.selectedOption).toBe('C');
    const cleared = mergeAnswers(stale, [{ qnId: 'q1', selectedOption: null, seq: 6 }]);
    expect(byQuestion(cleared).q1?.selectedOption).toBeNull();
    // The absence of q1 from a later save changes nothing.
    expect(
      byQuestion(mergeAnswers(stale, [{ qnId: 'q2', selectedOption: 'A', seq: 9 }])).q1?.selectedOption,
    ).toBe('B');
  });

  it('takes an entry without seq (an older client) as the newest', () => {
    const stored = mergeAnswers([], [{ qnId: 'q1', selectedOption: 'B', seq: 7 }]);
    const merged = byQuestion(mergeAnswers(stored, [{ qnId: 'q1', selectedOption: 'C' }]));
    expect(merged.q1).toMatchObject({ selectedOption: 'C', seq: 8 });
  });
});

describe('clampTimes', () => {
  it('keeps each value within [0, duration] and the sum within the elapsed time', () => {
    const clamped = clampTimes(
      [
        { qnId: 'a', timeSpentMs: -5 },
        { qnId: 'b', timeSpentMs: 900_000 },
        { qnId: 'c', timeSpentMs: 30_000 },
      ],
      { durationMs: 600_000, elapsedMs: 60_000 },
    );
    expect(clamped[0]!.timeSpentMs).toBe(0);
    expect(clamped.every((e) => e.timeSpentMs <= 600_000)).toBe(true);
    expect(clamped.reduce((s, e) => s + e.timeSpentMs, 0)).toBeLessThanOrEqual(60_000);
    expect(clamped[1]!.timeSpentMs).toBeGreaterThan(clamped[2]!.timeSpentMs);
  });

  it('leaves honest values alone', () => {
    const honest = [
      { qnId: 'a', timeSpentMs: 10_000 },
      { qnId: 'b', timeSpentMs: 20_000 },
    ];
    expect(clampTimes(honest, { durationMs: 600_000, elapsedMs: 45_000 })).toEqual(honest);
  });
});

describe('palette states', () => {
  it('puts every question in exactly one of the five states', () => {
    expect(paletteState(undefined)).toBe('not_visited');
    expect(paletteState({ visited: true })).toBe('not_answered');
    expect(paletteState({ visited: true, selectedOption: 'A' })).toBe('answered');
    expect(paletteState({ visited: true, markedForReview: true })).toBe('marked');
    expect(paletteState({ visited: true, markedForReview: true, selectedOption: 'A' })).toBe(
      'answered_marked',
    );
    expect(
      paletteCounts(['a', 'b', 'c'], {
        a: { visited: true },
        b: { selectedOption: 'x', markedForReview: true },
      }),
    ).toEqual({ not_visited: 1, not_answered: 1, answered: 0, marked: 0, answered_marked: 1 });
  });

  it('unanswered: not visited, left blank or marked without an answer; an answered mark is scored', () => {
    const counts = paletteCounts(['a', 'b', 'c', 'd', 'e'], {
      a: { visited: true },
      b: { selectedOption: 'x', markedForReview: true },
      c: { markedForReview: true },
      d: { selectedOption: 'y' },
    });
    expect(unansweredCount(counts)).toBe(3);
  });
});

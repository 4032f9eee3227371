import { describe, expect, it } from 'vitest';
import type { StoredSection } from '../../db/schema';
import { allowedDurationMs, closeSectionEarly, sectionLengthsMs, sectionWindows } from './attempt-rules';

const MIN = 60_000;
const section = (durationMin: number): StoredSection => ({
  name: `S${durationMin}`,
  nameHi: `S${durationMin}`,
  durationMin,
  markCorrect: null,
  markWrong: null,
  cutoff: null,
});
// An IBPS-style locked quiz: 20 + 20 + 20 minutes, open all day.
const quiz = {
  sections: [section(20), section(20), section(20)],
  endAt: new Date('2026-11-22T23:00:00Z'),
};
const startedAt = new Date('2026-11-22T10:00:00Z');
const at = (ms: number) => new Date(startedAt.getTime() + ms).toISOString();

describe('section windows with compensatory time (ADR 022, ADR 023)', () => {
  it('without extra time, each section runs its own minutes back to back', () => {
    expect(sectionWindows(quiz, { startedAt, sections: null })).toEqual([
      { startedAt: at(0), closedAt: at(20 * MIN) },
      { startedAt: at(20 * MIN), closedAt: at(40 * MIN) },
      { startedAt: at(40 * MIN), closedAt: at(60 * MIN) },
    ]);
  });

  it('compensatory time stretches every section by 20 minutes an hour, the last closing at the deadline', () => {
    const extraMs = allowedDurationMs(60 * MIN, { compensatoryTime: true, extraMinutes: 0 }) - 60 * MIN;
    expect(extraMs).toBe(20 * MIN);
    expect(sectionWindows(quiz, { startedAt, sections: null, extraMs })).toEqual([
      { startedAt: at(0), closedAt: at((80 * MIN) / 3) },
      { startedAt: at((80 * MIN) / 3), closedAt: at((160 * MIN) / 3) },
      { startedAt: at((160 * MIN) / 3), closedAt: at(80 * MIN) },
    ]);
  });

  it('an odd amount of extra time keeps whole milliseconds and ends exactly at the stretched total', () => {
    const lengths = sectionLengthsMs({ sections: [section(7), section(11), section(13)] }, 7 * MIN + 1);
    expect(lengths.every(Number.isInteger)).toBe(true);
    expect(lengths.reduce((a, b) => a + b, 0)).toBe(31 * MIN + 7 * MIN + 1);
  });

  it('closing a section early starts the next one at once, still stretched', () => {
    const extraMs = 20 * MIN;
    const windows = sectionWindows(quiz, { startedAt, sections: null, extraMs });
    const now = new Date(startedAt.getTime() + 5 * MIN);
    const next = closeSectionEarly(quiz, windows, 0, now, extraMs)!;
    expect(next.sections[1]).toEqual({ startedAt: at(5 * MIN), closedAt: at(5 * MIN + (80 * MIN) / 3) });
    expect(next.deadlineAt.toISOString()).toBe(at(5 * MIN + (160 * MIN) / 3));
  });
});

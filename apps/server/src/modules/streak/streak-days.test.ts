import { describe, expect, it } from 'vitest';
import { streakFigures } from './streak-days';

describe('streakFigures', () => {
  it('is zero with no days', () => {
    expect(streakFigures([], '2026-11-27')).toEqual({ current: 0, best: 0, today: false });
  });

  it('counts a run ending today, and one ending yesterday while today is still open', () => {
    const days = ['2026-11-25', '2026-11-26', '2026-11-27'];
    expect(streakFigures(days, '2026-11-27')).toEqual({ current: 3, best: 3, today: true });
    expect(streakFigures(days, '2026-11-28')).toEqual({ current: 3, best: 3, today: false });
  });

  it('breaks the current run after a missed day and keeps the best', () => {
    const days = ['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02', '2026-11-26'];
    expect(streakFigures(days, '2026-11-28')).toEqual({ current: 0, best: 4, today: false });
    expect(streakFigures(days, '2026-11-27')).toEqual({ current: 1, best: 4, today: false });
  });

  it('joins days across a month end and ignores duplicates and days after today', () => {
    const days = ['2026-11-30', '2026-12-01', '2026-12-01', '2026-12-05'];
    expect(streakFigures(days, '2026-12-01')).toEqual({ current: 2, best: 2, today: true });
  });
});

import { describe, expect, it } from 'vitest';
import { percentileForRank } from './percentile';

describe('percentileForRank', () => {
  it('is 100 for the top rank and for a sole participant', () => {
    expect(percentileForRank(1, 24)).toBe(100);
    expect(percentileForRank(1, 1)).toBe(100);
  });

  it('counts everyone at or below the rank, ties included ("1, 2, 2, 4")', () => {
    // Ranks 1, 2, 2, 4: both second places are level with each other and ahead of the fourth.
    expect(percentileForRank(2, 4)).toBe(75);
    expect(percentileForRank(4, 4)).toBe(25);
  });

  it('rounds to two decimals', () => {
    expect(percentileForRank(2, 3)).toBe(66.67);
    expect(percentileForRank(24, 24)).toBe(4.17);
  });

  it('is 0 when there is nobody to compare with', () => {
    expect(percentileForRank(1, 0)).toBe(0);
  });
});

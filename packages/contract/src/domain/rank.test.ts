import { describe, expect, it } from 'vitest';
import { accuracyPercent, podiumPercent, rankTier } from './rank';

describe('rankTier', () => {
  it('follows the thresholds 1, up to 3, up to 10, beyond', () => {
    expect([1, 2, 3, 4, 10, 11, 500].map(rankTier)).toEqual([
      'gold',
      'amber',
      'amber',
      'purple',
      'purple',
      'blue',
      'blue',
    ]);
  });
});

describe('accuracyPercent', () => {
  it('rounds correct / total', () => {
    expect(accuracyPercent(2, 3)).toBe(67);
    expect(accuracyPercent(1, 3)).toBe(33);
    expect(accuracyPercent(10, 10)).toBe(100);
    expect(accuracyPercent(0, 0)).toBe(0);
  });
});

describe('podiumPercent', () => {
  it('floors score / maxScore × 100 and treats a missing maxScore as 1', () => {
    expect(podiumPercent(2, 3)).toBe(66);
    expect(podiumPercent(9, 10)).toBe(90);
    expect(podiumPercent(1, undefined)).toBe(100);
    expect(podiumPercent(0, 0)).toBe(0);
  });
});

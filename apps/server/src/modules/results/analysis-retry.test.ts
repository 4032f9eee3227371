import { describe, expect, it } from 'vitest';
import { analysisRetryAt } from './publication.service';

describe('analysisRetryAt', () => {
  const MIN = 60_000;

  it('waits 1, 2, 4, 8 minutes after successive failures', () => {
    expect([1, 2, 3, 4].map((n) => analysisRetryAt(n, 1000) - 1000)).toEqual([
      MIN,
      2 * MIN,
      4 * MIN,
      8 * MIN,
    ]);
  });

  it('never waits more than an hour, however often it failed', () => {
    expect(analysisRetryAt(7, 0)).toBe(60 * MIN);
    expect(analysisRetryAt(1_000, 0)).toBe(60 * MIN);
  });
});

import { describe, expect, it } from 'vitest';
import {
  formatInterval,
  indiaDateStart,
  indiaDayKey,
  indiaDayStart,
  shuffledChoiceOrder,
  suggestRating,
} from './review';

describe('review domain', () => {
  it('counts days in India time', () => {
    expect(indiaDayKey(new Date('2026-11-22T18:29:59Z'))).toBe('2026-11-22');
    expect(indiaDayKey(new Date('2026-11-22T18:30:00Z'))).toBe('2026-11-23');
    expect(indiaDayStart(new Date('2026-11-22T10:00:00Z')).toISOString()).toBe('2026-11-21T18:30:00.000Z');
    expect(indiaDateStart('2026-12-01').toISOString()).toBe('2026-11-30T18:30:00.000Z');
  });

  it('shuffles choices but keeps "All/None of the above" last', () => {
    const choices = ['None of the above', 'Delhi', 'Mumbai', 'All of the above', 'Pune', 'Agra'];
    const orders = new Set<string>();
    for (let seed = 1; seed < 40; seed += 1) {
      const order = shuffledChoiceOrder(choices, seed);
      expect([...order].sort()).toEqual([0, 1, 2, 3, 4, 5]);
      expect(order.slice(-2)).toEqual([0, 3]);
      orders.add(order.join());
    }
    expect(orders.size).toBeGreaterThan(5);
    expect(shuffledChoiceOrder(choices, 7)).toEqual(shuffledChoiceOrder(choices, 7));
  });

  it('suggests Again for wrong, Good for right, Hard for right but far slower than the median', () => {
    expect(suggestRating({ correct: false, durationMs: 1000, medianDurationMs: 5000 })).toBe(1);
    expect(suggestRating({ correct: true, durationMs: 9000, medianDurationMs: 5000 })).toBe(3);
    expect(suggestRating({ correct: true, durationMs: 10_001, medianDurationMs: 5000 })).toBe(2);
    expect(suggestRating({ correct: true, durationMs: 60_000, medianDurationMs: null })).toBe(3);
  });

  it('formats intervals as the grade buttons show them', () => {
    expect(formatInterval(10 * 60_000)).toBe('10 min');
    expect(formatInterval(5 * 3_600_000)).toBe('5 hours');
    expect(formatInterval(86_400_000)).toBe('1 day');
    expect(formatInterval(3 * 86_400_000)).toBe('3 days');
    expect(formatInterval(90 * 86_400_000)).toBe('3 months');
    expect(formatInterval(548 * 86_400_000)).toBe('1.5 years');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalNumber, formatNumericAnswer, isNumericText, numericAnswerMatches } from './numeric-answer';

describe('canonicalNumber', () => {
  it.each([
    ['2.50', '2.5'],
    ['+02.500', '2.5'],
    ['.5', '0.5'],
    ['2.', '2'],
    ['-0', '0'],
    ['-0.000', '0'],
    ['  -3.25 ', '-3.25'],
    ['100', '100'],
    ['0.0001', '0.0001'],
  ])('%j → %j', (text, canonical) => {
    expect(canonicalNumber(text)).toBe(canonical);
  });

  it.each(['', ' ', 'abc', '1e3', '1,000', '2.5.1', 'NaN', 'Infinity', '--1', '.', '+', '0x10', '१२'])(
    'refuses %j',
    (text) => {
      expect(canonicalNumber(text)).toBeNull();
      expect(isNumericText(text)).toBe(false);
    },
  );

  it('refuses more than 18 significant digits', () => {
    expect(canonicalNumber('1234567890123456789')).toBeNull();
    expect(canonicalNumber('123456789012345678')).toBe('123456789012345678');
  });

  it('is the same number as JavaScript reads it, and idempotent', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.nat(6), fc.nat(3), (n, scale, pad) => {
        const text = (n / 10 ** scale).toFixed(scale) + '0'.repeat(scale > 0 ? pad : 0);
        const canonical = canonicalNumber(text);
        expect(canonical).not.toBeNull();
        expect(Number(canonical)).toBe(Number(text) === 0 ? 0 : Number(text));
        expect(canonicalNumber(canonical!)).toBe(canonical);
      }),
    );
  });
});

describe('numericAnswerMatches', () => {
  it('compares numerically: "2.50" equals "2.5" with no tolerance', () => {
    expect(numericAnswerMatches('2.50', '2.5')).toBe(true);
    expect(numericAnswerMatches('2.51', '2.5')).toBe(false);
    expect(numericAnswerMatches('-0', '0')).toBe(true);
  });

  it('is correct exactly at the tolerance edge on both sides (no floating-point error)', () => {
    expect(numericAnswerMatches('2.49', '2.5', '0.01')).toBe(true);
    expect(numericAnswerMatches('2.51', '2.5', '0.01')).toBe(true);
    expect(numericAnswerMatches('2.4899', '2.5', '0.01')).toBe(false);
    expect(numericAnswerMatches('2.5101', '2.5', '0.01')).toBe(false);
    expect(numericAnswerMatches('0.3', '0.1', '0.2')).toBe(true);
  });

  it('is never correct for a blank, a non-number or a negative tolerance', () => {
    expect(numericAnswerMatches(null, '2')).toBe(false);
    expect(numericAnswerMatches('', '2')).toBe(false);
    expect(numericAnswerMatches('two', '2')).toBe(false);
    expect(numericAnswerMatches('2', null)).toBe(false);
    expect(numericAnswerMatches('2', '2', '-1')).toBe(false);
  });

  it('property: |given − answer| ≤ tolerance, on exact hundredths', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100_000, max: 100_000 }),
        fc.integer({ min: -100_000, max: 100_000 }),
        fc.nat(1_000),
        (g, a, t) => {
          const hundredths = (n: number) => (n / 100).toFixed(2);
          expect(numericAnswerMatches(hundredths(g), hundredths(a), hundredths(t))).toBe(
            Math.abs(g - a) <= t,
          );
        },
      ),
    );
  });

  it('property: symmetric in given and answer, and monotone in the tolerance', () => {
    const decimal = fc
      .tuple(fc.integer({ min: -99_999, max: 99_999 }), fc.nat(4))
      .map(([n, s]) => (n / 10 ** s).toFixed(s));
    fc.assert(
      fc.property(decimal, decimal, fc.nat(5_000), fc.nat(5_000), (g, a, t1, t2) => {
        const small = String(Math.min(t1, t2) / 100);
        const large = String(Math.max(t1, t2) / 100);
        expect(numericAnswerMatches(g, a, small)).toBe(numericAnswerMatches(a, g, small));
        if (numericAnswerMatches(g, a, small)) expect(numericAnswerMatches(g, a, large)).toBe(true);
      }),
    );
  });
});

describe('formatNumericAnswer', () => {
  it('shows the tolerance only when there is one', () => {
    expect(formatNumericAnswer('2.5', '0.01')).toBe('2.5 ± 0.01');
    expect(formatNumericAnswer('2.5', null)).toBe('2.5');
    expect(formatNumericAnswer('2.5', '0')).toBe('2.5');
  });
});

import { describe, expect, it } from 'vitest';
import { formatInterval } from './interval';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

describe('formatInterval', () => {
  it('keeps the English wording', () => {
    expect(formatInterval(10 * MIN, 'en')).toBe('10 min');
    expect(formatInterval(2 * DAY, 'en')).toBe('2 days');
  });

  it('says it in Hindi through Intl, with the same rounding', () => {
    expect(formatInterval(10 * MIN, 'hi')).toBe('10 मिनट');
    expect(formatInterval(60 * MIN, 'hi')).toBe('1 घंटा');
    expect(formatInterval(2 * DAY, 'hi')).toBe('2 दिन');
    expect(formatInterval(60 * DAY, 'hi')).toBe('2 महीने');
    expect(formatInterval(548 * DAY, 'hi')).toBe('1.5 वर्ष');
  });
});

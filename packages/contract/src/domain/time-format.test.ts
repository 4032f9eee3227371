import { beforeAll, describe, expect, it } from 'vitest';
import { formatCountdown, formatElapsed, startTimeLabel, timeTakenMinutes } from './time-format';

beforeAll(() => {
  process.env.TZ = 'Asia/Kolkata';
});

describe('startTimeLabel', () => {
  const now = new Date('2026-11-22T04:30:00Z'); // 10:00 AM IST

  it('labels a start later today with "Today" and h:mm A', () => {
    expect(startTimeLabel('2026-11-22T10:00:00Z', now)).toBe('Today, 3:30 PM');
  });

  it('labels tomorrow with "Tomorrow"', () => {
    expect(startTimeLabel('2026-11-23T03:35:00Z', now)).toBe('Tomorrow, 9:05 AM');
  });

  it('labels other days as "Do MMM YYYY"', () => {
    expect(startTimeLabel('2026-12-05T12:30:00Z', now)).toBe('5th Dec 2026, 6:00 PM');
    expect(startTimeLabel('2026-11-21T12:30:00Z', now)).toBe('21st Nov 2026, 6:00 PM');
  });

  it('uses the local calendar day, not the UTC one', () => {
    // 23:00 UTC on the 22nd is 4:30 AM on the 23rd in IST: tomorrow.
    expect(startTimeLabel('2026-11-22T23:00:00Z', now)).toBe('Tomorrow, 4:30 AM');
  });
});

describe('formatElapsed', () => {
  it('shows minutes:seconds with two-digit seconds', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(65)).toBe('1:05');
    expect(formatElapsed(600)).toBe('10:00');
    expect(formatElapsed(59.9)).toBe('0:59');
  });
});

describe('formatCountdown', () => {
  it('rounds up to the next whole second and never goes negative', () => {
    expect(formatCountdown(59_001)).toBe('01:00');
    expect(formatCountdown(1)).toBe('00:01');
    expect(formatCountdown(-5)).toBe('00:00');
    expect(formatCountdown(3_723_000)).toBe('1:02:03');
  });
});

describe('timeTakenMinutes', () => {
  it('is 0 when not submitted', () => {
    expect(timeTakenMinutes('2026-11-22T10:00:00Z', null)).toBe(0);
    expect(timeTakenMinutes('2026-11-22T10:00:00Z')).toBe(0);
  });

  it('is minutes to one decimal', () => {
    expect(timeTakenMinutes('2026-11-22T10:00:00Z', '2026-11-22T10:07:30Z')).toBe(7.5);
    expect(timeTakenMinutes('2026-11-22T10:00:00Z', '2026-11-22T10:00:20Z')).toBe(0.3);
  });
});

import { describe, expect, it } from 'vitest';
import { inQuietHours } from './quiet-hours';

describe('inQuietHours (22:00–07:00 IST)', () => {
  it.each([
    ['2026-11-27T16:29:59Z', false], // 21:59:59 IST
    ['2026-11-27T16:30:00Z', true], // 22:00 IST
    ['2026-11-27T18:30:00Z', true], // 00:00 IST
    ['2026-11-28T01:29:59Z', true], // 06:59:59 IST
    ['2026-11-28T01:30:00Z', false], // 07:00 IST
    ['2026-11-28T06:30:00Z', false], // 12:00 IST
  ])('%s → %s', (at, quiet) => {
    expect(inQuietHours(new Date(at))).toBe(quiet);
  });
});

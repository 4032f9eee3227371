import { describe, expect, it } from 'vitest';
import { ENTRY_OVERHEAD_BYTES as OVERHEAD, RunningAttempts, type RunningAttempt } from './running-attempts';

const entry = (id: string, answers: string, deadlineAt = 10_000): RunningAttempt => ({
  id,
  startedAt: 0,
  deadlineAt,
  extraMs: 0,
  answers,
});

describe('RunningAttempts: the bounded copy of running attempts (ADR 012)', () => {
  it('holds entries within its byte budget and counts a replacement once', () => {
    const cache = new RunningAttempts(2 * (OVERHEAD + 100), 0);
    expect(cache.set('q', 'a', entry('1', 'x'.repeat(100)), 0)).toBe(true);
    expect(cache.set('q', 'b', entry('2', 'y'.repeat(100)), 0)).toBe(true);
    expect(cache.usedBytes).toBe(2 * (OVERHEAD + 100));
    // A replacement of the same size fits; a third learner does not.
    expect(cache.set('q', 'a', entry('1', 'z'.repeat(100)), 0)).toBe(true);
    expect(cache.get('q', 'a')?.answers).toBe('z'.repeat(100));
    expect(cache.set('q', 'c', entry('3', 'w'.repeat(100)), 0)).toBe(false);
    expect(cache.get('q', 'c')).toBeUndefined();
    expect([cache.size, cache.usedBytes]).toEqual([2, 2 * (OVERHEAD + 100)]);
  });

  it('when full admits nothing new rather than evicting (a herd visits learners in a cycle)', () => {
    const cache = new RunningAttempts(3 * (OVERHEAD + 2), 0);
    for (const user of ['a', 'b', 'c', 'd', 'e']) cache.set('q', user, entry(user, '[]'), 0);
    // A cyclic second round still finds the first three.
    expect(['a', 'b', 'c', 'd', 'e'].map((u) => cache.get('q', u)?.id ?? null)).toEqual([
      'a',
      'b',
      'c',
      null,
      null,
    ]);
  });

  it('drops an entry that grows past the budget instead of keeping the stale one', () => {
    const cache = new RunningAttempts(OVERHEAD + 10, 0);
    expect(cache.set('q', 'a', entry('1', '[]'), 0)).toBe(true);
    expect(cache.set('q', 'a', entry('1', 'x'.repeat(50)), 0)).toBe(false);
    expect(cache.get('q', 'a')).toBeUndefined();
    expect(cache.usedBytes).toBe(0);
  });

  it('makes room by dropping attempts past their deadline + grace, at most one scan a second', () => {
    const cache = new RunningAttempts(2 * (OVERHEAD + 2), 1_000);
    cache.set('q', 'old', entry('old', '[]', 5_000), 0);
    cache.set('q', 'live', entry('live', '[]', 60_000), 0);
    // At 5,500 the old one is still inside its grace: no room.
    expect(cache.set('q', 'new', entry('new', '[]', 60_000), 5_500)).toBe(false);
    // Past its grace, but within a second of the last scan: still no room.
    expect(cache.set('q', 'new', entry('new', '[]', 60_000), 6_100)).toBe(false);
    expect(cache.set('q', 'new', entry('new', '[]', 60_000), 6_600)).toBe(true);
    expect(['old', 'live', 'new'].map((u) => cache.get('q', u)?.id ?? null)).toEqual([null, 'live', 'new']);
  });

  it('keeps each quiz apart (one learner in two quizzes is two entries)', () => {
    const cache = new RunningAttempts(10_000, 0);
    cache.set('q1', 'a', entry('1', '[1]'), 0);
    cache.set('q2', 'a', entry('2', '[2]'), 0);
    cache.delete('q1', 'a');
    expect([cache.get('q1', 'a'), cache.get('q2', 'a')?.id, cache.size]).toEqual([undefined, '2', 1]);
  });

  it('forgets an entry on delete and returns its bytes', () => {
    const cache = new RunningAttempts(10_000, 0);
    cache.set('q', 'a', entry('1', '[1]'), 0);
    cache.delete('q', 'a');
    cache.delete('q', 'a');
    expect([cache.get('q', 'a'), cache.size, cache.usedBytes]).toEqual([undefined, 0, 0]);
  });
});

import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CompactRateStore, type RateStoreOptions } from './compact-rate-store';

interface Store {
  incr(
    key: string,
    cb: (err: Error | null, res?: { current: number; ttl: number }) => void,
    w: number,
    max: number,
  ): void;
  read(
    key: string,
    cb: (err: Error | null, res?: { current: number; ttl: number }) => void,
    w: number,
    max: number,
  ): void;
}
type LocalStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => Store;
// The plugin's own in-process store, the reference these answers must match.
const LocalStore = createRequire(import.meta.url)(
  '@fastify/rate-limit/store/LocalStore.js',
) as LocalStoreCtor;

function call(store: Store, method: 'incr' | 'read', key: string, window: number, max: number) {
  let out: { current: number; ttl: number } | undefined;
  store[method](
    key,
    (err, res) => {
      if (err) throw err;
      out = { current: res!.current, ttl: res!.ttl };
    },
    window,
    max,
  );
  return out;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('CompactRateStore', () => {
  // Two learners, a 60 s window, limit 3: within a window, past the limit, at and after its end.
  const steps: Array<[advanceMs: number, method: 'incr' | 'read', key: string]> = [
    [0, 'incr', 'a'],
    [10, 'incr', 'a'],
    [10, 'incr', 'b'],
    [10, 'read', 'a'],
    [10, 'incr', 'a'],
    [1_000, 'incr', 'a'],
    [1_000, 'incr', 'a'],
    [5_000, 'read', 'a'],
    [10_000, 'incr', 'b'],
    [42_960, 'incr', 'a'],
    [1, 'incr', 'a'],
    [30_000, 'read', 'b'],
    [30_000, 'incr', 'a'],
    [1, 'incr', 'a'],
    [1, 'incr', 'a'],
    [1, 'incr', 'a'],
    [1, 'incr', 'a'],
    [1, 'read', 'a'],
    [200_000, 'read', 'a'],
    [0, 'incr', 'a'],
  ];
  const variants: Array<[string, RateStoreOptions]> = [
    ['plain windows', {}],
    ['continueExceeding', { continueExceeding: true }],
    ['exponentialBackoff', { exponentialBackoff: true }],
  ];

  it.each(variants)('answers as the plugin LocalStore does (%s)', (_name, options) => {
    vi.useFakeTimers({ now: 1_795_000_000_000 });
    let now = Date.now();
    const compact = new CompactRateStore({ ...options, cache: 100 }, () => now);
    const local = new LocalStore(
      options.continueExceeding ?? false,
      options.exponentialBackoff ?? false,
      100,
    );
    for (const [advance, method, key] of steps) {
      vi.advanceTimersByTime(advance);
      now += advance;
      expect(call(compact, method, key, 60_000, 3), `${method} ${key} at +${now}`).toEqual(
        call(local, method, key, 60_000, 3),
      );
    }
  });

  it('keeps at most `cache` keys, dropping the one whose window began first', () => {
    let now = 0;
    const store = new CompactRateStore({ cache: 2 }, () => now);
    call(store, 'incr', 'a', 60_000, 5);
    now = 1;
    call(store, 'incr', 'b', 60_000, 5);
    now = 2;
    call(store, 'incr', 'a', 60_000, 5); // same window: 'a' still began first
    call(store, 'incr', 'c', 60_000, 5);
    expect(store.size).toBe(2);
    expect(call(store, 'read', 'a', 60_000, 5)).toEqual({ current: 0, ttl: 0 });
    expect(call(store, 'read', 'b', 60_000, 5)).toEqual({ current: 1, ttl: 59_999 });
  });

  it('gives each limiter (child) its own counts and its size', () => {
    const root = new CompactRateStore({ cache: 10 }, () => 0);
    const attend = root.child({ cache: 3 });
    const submit = root.child({});
    call(attend, 'incr', 'learner', 60_000, 5);
    call(attend, 'incr', 'learner', 60_000, 5);
    expect(call(submit, 'incr', 'learner', 60_000, 5)).toEqual({ current: 1, ttl: 60_000 });
    expect([attend.maxKeys, submit.maxKeys]).toEqual([3, 10]);
  });
});

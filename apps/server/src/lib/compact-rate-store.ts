/**
 * The in-process counter store of @fastify/rate-limit, when there is no Redis: the same answers as
 * the plugin's LocalStore (fixed windows from the first request; `continueExceeding` and
 * `exponentialBackoff` as it does them), at about a third of its memory per key. LocalStore keeps
 * per key an LRU node, a `{ current, ttl, iterationStartMs }` object and the key; at 100,000
 * learners and three per-learner limiters that was ~60 MB (issue 16, "memory"). Here a key costs a
 * Map entry and one small object, and a caller may hand the same key string to several limiters
 * (each limiter has its own store), so the learner's id is not copied per limiter.
 *
 * Bounded at `maxKeys`: when full, the key whose window began longest ago is dropped. Windows are
 * inserted when they begin (a count within a window updates in place), so the Map's first key is
 * that one.
 */
export interface RateWindow {
  current: number;
  start: number;
}

export interface RateStoreOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

export class CompactRateStore {
  private readonly windows = new Map<string, RateWindow>();
  private readonly continueExceeding: boolean;
  private readonly exponentialBackoff: boolean;
  readonly maxKeys: number;

  constructor(
    options: RateStoreOptions = {},
    private readonly now: () => number = Date.now,
  ) {
    this.continueExceeding = options.continueExceeding === true;
    this.exponentialBackoff = options.exponentialBackoff === true;
    this.maxKeys = options.cache ?? 5000;
  }

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || window.start + timeWindow <= now) {
      // A new window: (re)inserted, so the Map stays ordered by window start.
      if (window) this.windows.delete(key);
      else if (this.windows.size >= this.maxKeys) this.windows.delete(this.windows.keys().next().value!);
      this.windows.set(key, { current: 1, start: now });
      cb(null, { current: 1, ttl: timeWindow });
      return;
    }
    window.current += 1;
    let ttl: number;
    if (window.current > max && (this.continueExceeding || this.exponentialBackoff)) {
      ttl = timeWindow;
      if (this.exponentialBackoff && !this.continueExceeding) {
        const backoff = timeWindow * 2 ** (window.current - max - 1);
        ttl = Number.isSafeInteger(backoff) ? backoff : Number.MAX_SAFE_INTEGER;
      }
      window.start = now;
      this.windows.delete(key);
      this.windows.set(key, window);
    } else {
      ttl = timeWindow - (now - window.start);
    }
    cb(null, { current: window.current, ttl });
  }

  /** The state of `key` without counting (the plugin's `{ increment: false }`). */
  read(key: string, cb: Callback, timeWindow: number): void {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || window.start + timeWindow <= now) cb(null, { current: 0, ttl: 0 });
    else cb(null, { current: window.current, ttl: timeWindow - (now - window.start) });
  }

  /** One store per limiter (`app.createRateLimit`), as LocalStore does. */
  child(options: RateStoreOptions): CompactRateStore {
    return new CompactRateStore(
      {
        continueExceeding: options.continueExceeding,
        exponentialBackoff: options.exponentialBackoff,
        cache: options.cache ?? this.maxKeys,
      },
      this.now,
    );
  }

  get size(): number {
    return this.windows.size;
  }
}

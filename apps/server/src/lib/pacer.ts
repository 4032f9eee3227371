import { performance } from 'node:perf_hooks';

/** Monotonic time and waiting, injected so tests move time without sleeping. */
export interface Timer {
  /** Milliseconds on a monotonic clock. */
  now(): number;
  wait(ms: number): Promise<void>;
}

export const systemTimer: Timer = {
  now: () => performance.now(),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** A timer tests advance by hand: `wait`s resolve once the time has moved past their deadline. */
export class ManualTimer implements Timer {
  private current = 0;
  private readonly waiting: { at: number; resolve: () => void }[] = [];
  now(): number {
    return this.current;
  }
  wait(ms: number): Promise<void> {
    return new Promise((resolve) => this.waiting.push({ at: this.current + Math.max(0, ms), resolve }));
  }
  /** Waits not yet resolved. */
  get pending(): number {
    return this.waiting.length;
  }
  advance(ms: number): void {
    this.current += ms;
    for (let i = this.waiting.length - 1; i >= 0; i--) {
      const w = this.waiting[i]!;
      if (w.at <= this.current) {
        this.waiting.splice(i, 1);
        w.resolve();
      }
    }
  }
}

/**
 * Requests started on this instance over the last `windowMs`, in `slots` buckets (a sliding window
 * with the resolution of one bucket). Counting is an array store per request; reading sums the buckets.
 */
export class RequestRate {
  private readonly counts: number[];
  private readonly slotMs: number;
  /** The slot number (time / slotMs) each bucket last counted. */
  private readonly stamps: number[];

  constructor(
    private readonly timer: Pick<Timer, 'now'> = systemTimer,
    private readonly windowMs = 1000,
    slots = 10,
  ) {
    this.slotMs = windowMs / slots;
    this.counts = new Array<number>(slots).fill(0);
    this.stamps = new Array<number>(slots).fill(-Infinity);
  }

  mark(): void {
    const slot = Math.floor(this.timer.now() / this.slotMs);
    const i = slot % this.counts.length;
    if (this.stamps[i] !== slot) {
      this.stamps[i] = slot;
      this.counts[i] = 0;
    }
    this.counts[i]! += 1;
  }

  /** Requests a second over the window (the buckets younger than the window). */
  perSecond(): number {
    const slot = Math.floor(this.timer.now() / this.slotMs);
    let n = 0;
    for (let i = 0; i < this.counts.length; i++)
      if (slot - this.stamps[i]! < this.counts.length) n += this.counts[i]!;
    return (n * 1000) / this.windowMs;
  }
}

/**
 * A token bucket whose rate is read at every take (`rate()`, per second): background work calls
 * `take()` before each unit, and waits while the bucket is empty. The bucket holds at most
 * `burstSeconds` of the current rate (at least one token), so a drop in the rate takes effect at
 * once, and a waiting taker looks at the rate again at least every `recheckMs`, so a rise does too.
 */
export class Pacer {
  /** Tokens handed out at each rate since the last `drainCounts()` (for the log). */
  private counts = new Map<number, number>();
  private tokens: number;
  private at: number;

  constructor(
    private readonly rate: () => number,
    private readonly timer: Timer = systemTimer,
    private readonly burstSeconds = 0.05,
    private readonly recheckMs = 100,
  ) {
    this.at = timer.now();
    this.tokens = this.capacity(rate());
  }

  async take(): Promise<void> {
    for (;;) {
      const rate = this.rate();
      const now = this.timer.now();
      this.tokens = Math.min(this.capacity(rate), this.tokens + ((now - this.at) * rate) / 1000);
      this.at = now;
      if (this.tokens >= 1) {
        this.tokens -= 1;
        this.counts.set(rate, (this.counts.get(rate) ?? 0) + 1);
        return;
      }
      await this.timer.wait(Math.min(this.recheckMs, Math.ceil(((1 - this.tokens) * 1000) / rate)));
    }
  }

  /** Tokens handed out per rate (`{ "1000": 9800, "20": 200 }`) since the last call. */
  drainCounts(): Record<string, number> {
    const counts = Object.fromEntries(this.counts);
    this.counts = new Map();
    return counts;
  }

  private capacity(rate: number): number {
    return Math.max(1, rate * this.burstSeconds);
  }
}

/**
 * Background work's rate from this instance's own load: `full` per second while fewer than
 * `busyPerSecond` requests a second were started over the window, `floor` while more were (it never
 * stops, so it never starves).
 */
export function loadAwareRate(
  requests: Pick<RequestRate, 'perSecond'>,
  rates: { full: number; floor: number; busyPerSecond: number },
): () => number {
  return () => (requests.perSecond() >= rates.busyPerSecond ? rates.floor : rates.full);
}

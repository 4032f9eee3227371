import { RESET_ALL_KEY, type InvalidationBus } from './invalidation-bus';
import type { TtlCache } from './ttl-cache';

/**
 * A lookup (e.g. the session's user) answered from a short TTL cache, invalidated on every instance
 * through a bus. Concurrent misses for one key share a single load. A load that was under way when
 * its key was invalidated is not cached, so a value read before a change (a revoked token, a new
 * role) never outlives the invalidation. While the bus cannot hear other instances (a Redis blip)
 * nothing is answered from memory or stored, and when it hears again everything is dropped: a
 * revocation never waits for a TTL (issue 29 item 6).
 */
export class CachedLookup<V> {
  private readonly inflight = new Map<string, { promise: Promise<V | undefined>; stale: boolean }>();
  private invalidationCount = 0;

  /** How many invalidations this lookup has seen: read it before a load that `prime` will store. */
  get invalidations(): number {
    return this.invalidationCount;
  }

  /** `prefix` names this lookup's keys on a bus that other caches share (e.g. "user:"). */
  constructor(
    private readonly cache: TtlCache<V>,
    private readonly bus: InvalidationBus,
    private readonly prefix = '',
  ) {
    bus.subscribe((key) => {
      if (key === RESET_ALL_KEY) this.forgetAll();
      else if (key.startsWith(prefix)) this.forget(key.slice(prefix.length));
    });
  }

  async get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    if (!this.bus.listening) return load();
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit;
    const pending = this.inflight.get(key);
    if (pending) return pending.promise;
    const flight = { promise: load(), stale: false };
    this.inflight.set(key, flight);
    try {
      const value = await flight.promise;
      if (!flight.stale && value !== undefined && this.bus.listening) this.cache.set(key, value);
      return value;
    } finally {
      if (this.inflight.get(key) === flight) this.inflight.delete(key);
    }
  }

  /**
   * Store a value another lookup's query brought along (the user row that came with its session),
   * unless any key was invalidated since `since` (`invalidations` read before that query began) or
   * a load of this key is under way: a value read before a change never outlives the invalidation.
   */
  prime(key: string, value: V, since: number): void {
    if (this.invalidationCount === since && !this.inflight.has(key) && this.bus.listening)
      this.cache.set(key, value);
  }

  /** Drop `key` here and on every other instance; call after the change is committed. */
  async invalidate(key: string): Promise<void> {
    await this.bus.publish(`${this.prefix}${key}`);
  }

  private forgetAll(): void {
    this.invalidationCount += 1;
    this.cache.clear();
    for (const flight of this.inflight.values()) flight.stale = true;
    this.inflight.clear();
  }

  private forget(key: string): void {
    this.invalidationCount += 1;
    this.cache.delete(key);
    const flight = this.inflight.get(key);
    if (flight) {
      flight.stale = true;
      this.inflight.delete(key);
    }
  }
}

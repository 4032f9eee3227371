import { describe, expect, it } from 'vitest';
import { CachedLookup } from './cached-lookup';
import { LocalInvalidationBus } from './invalidation-bus';
import { TtlCache } from './ttl-cache';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('TtlCache', () => {
  it('expires entries after the TTL and drops the oldest when full', () => {
    let now = 0;
    const cache = new TtlCache<number>(1000, 2, () => now);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3]);
    now = 999;
    expect(cache.get('b')).toBe(2);
    now = 1000;
    expect(cache.get('b')).toBeUndefined();
  });

  it('stores nothing with a TTL of 0', () => {
    const cache = new TtlCache<number>(0, 10);
    cache.set('a', 1);
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('CachedLookup', () => {
  it('answers repeats from the cache and shares one load between concurrent misses', async () => {
    const lookup = new CachedLookup(new TtlCache<string>(10_000, 10), new LocalInvalidationBus());
    let loads = 0;
    const load = async () => `value ${++loads}`;
    const [a, b] = await Promise.all([lookup.get('k', load), lookup.get('k', load)]);
    expect([a, b, await lookup.get('k', load)]).toEqual(['value 1', 'value 1', 'value 1']);
    expect(loads).toBe(1);
  });

  it('invalidate() drops the key on every lookup sharing the bus (other instances)', async () => {
    const bus = new LocalInvalidationBus();
    const here = new CachedLookup(new TtlCache<string>(10_000, 10), bus);
    const there = new CachedLookup(new TtlCache<string>(10_000, 10), bus);
    let version = 1;
    const load = async () => `v${version}`;
    await here.get('k', load);
    await there.get('k', load);
    version = 2;
    expect(await there.get('k', load)).toBe('v1');
    await here.invalidate('k');
    expect(await here.get('k', load)).toBe('v2');
    expect(await there.get('k', load)).toBe('v2');
  });

  it('only forgets its own keys on a shared bus', async () => {
    const bus = new LocalInvalidationBus();
    const users = new CachedLookup(new TtlCache<string>(10_000, 10), bus, 'user:');
    let loads = 0;
    const load = async () => `v${++loads}`;
    await users.get('42', load);
    await bus.publish('quiz:42');
    expect(await users.get('42', load)).toBe('v1');
    await bus.publish('user:42');
    expect(await users.get('42', load)).toBe('v2');
  });

  it('does not cache a value that was being loaded when its key was invalidated', async () => {
    const lookup = new CachedLookup(new TtlCache<string>(10_000, 10), new LocalInvalidationBus());
    const slow = deferred<string>();
    const first = lookup.get('k', () => slow.promise);
    await lookup.invalidate('k');
    slow.resolve('before the change');
    expect(await first).toBe('before the change');
    expect(await lookup.get('k', async () => 'after the change')).toBe('after the change');
  });

  it('prime() keeps a value another query brought along, unless an invalidation came meanwhile', async () => {
    const bus = new LocalInvalidationBus();
    const users = new CachedLookup(new TtlCache<string>(10_000, 10), bus, 'user:');
    const never = async () => 'loaded';
    users.prime('1', 'primed', users.invalidations);
    expect(await users.get('1', never)).toBe('primed');

    const since = users.invalidations; // a session query starts…
    await bus.publish('user:2'); // …a user changes while it runs…
    users.prime('2', 'read before the change', since); // …so what it read is not kept
    expect(await users.get('2', async () => 'after the change')).toBe('after the change');

    const slow = deferred<string>();
    const loading = users.get('3', () => slow.promise);
    users.prime('3', 'primed during a load', users.invalidations); // the load decides
    slow.resolve('loaded');
    expect(await loading).toBe('loaded');
    expect(await users.get('3', never)).toBe('loaded');
  });

  it('caches no miss and no failure', async () => {
    const lookup = new CachedLookup(new TtlCache<string>(10_000, 10), new LocalInvalidationBus());
    expect(await lookup.get('k', async () => undefined)).toBeUndefined();
    await expect(lookup.get('k', async () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    expect(await lookup.get('k', async () => 'found')).toBe('found');
  });
});

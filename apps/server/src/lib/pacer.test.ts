import { describe, expect, it } from 'vitest';
import { ManualTimer, Pacer, RequestRate, loadAwareRate } from './pacer';

/** Lets every settled promise's continuation run (no time passes). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Moves time `ms` forward in `step`s, letting waiters run after each. */
async function run(timer: ManualTimer, ms: number, step = 1) {
  for (let t = 0; t < ms; t += step) {
    timer.advance(step);
    await settle();
  }
}

/** Starts `n` takes at once and counts the ones that have their token. */
function takers(pacer: Pacer, n: number) {
  let done = 0;
  for (let i = 0; i < n; i++) void pacer.take().then(() => (done += 1));
  return () => done;
}

describe('Pacer', () => {
  it('hands out its burst at once, then one token per 1/rate second', async () => {
    const timer = new ManualTimer();
    const pacer = new Pacer(() => 100, timer, 0.05); // burst: 5 tokens
    const done = takers(pacer, 20);
    await settle();
    expect(done()).toBe(5);
    await run(timer, 10);
    expect(done()).toBe(6);
    await run(timer, 100);
    expect(done()).toBe(16);
    await run(timer, 40);
    expect(done()).toBe(20);
    expect(pacer.drainCounts()).toEqual({ 100: 20 });
    expect(pacer.drainCounts()).toEqual({});
  });

  it('follows a fall and a rise of the rate within its recheck interval', async () => {
    const timer = new ManualTimer();
    let rate = 1000;
    const pacer = new Pacer(() => rate, timer, 0.05, 100);
    const done = takers(pacer, 200);
    await settle();
    expect(done()).toBe(50);
    rate = 10; // the bucket now holds at most one token: 10 a second from here
    timer.advance(1000);
    await settle();
    expect(done()).toBe(51); // the one token the full bucket kept
    for (let i = 0; i < 10; i++) {
      timer.advance(100);
      await settle();
    }
    expect(done()).toBe(61);
    rate = 1000;
    // Every waiter looks again within 100 ms, then takes 1,000 a second: the other 139 within 239 ms.
    let ms = 0;
    while (done() < 200) {
      await run(timer, 1);
      ms += 1;
    }
    expect(ms).toBeGreaterThanOrEqual(139);
    expect(ms).toBeLessThanOrEqual(240);
  });

  it('never hands out more than the rate over a long run, nor starves at the floor', async () => {
    const timer = new ManualTimer();
    const pacer = new Pacer(() => 20, timer);
    const done = takers(pacer, 1000);
    await run(timer, 10_000, 25);
    // One token at the start, then 20 a second for 10 s.
    expect(done()).toBe(201);
  });
});

describe('RequestRate', () => {
  it('counts the requests started over the last second, bucket by bucket', () => {
    const timer = new ManualTimer();
    const rate = new RequestRate(timer, 1000, 10);
    expect(rate.perSecond()).toBe(0);
    for (let i = 0; i < 30; i++) rate.mark();
    timer.advance(500);
    for (let i = 0; i < 20; i++) rate.mark();
    expect(rate.perSecond()).toBe(50);
    timer.advance(500); // the first 30 have left the window
    expect(rate.perSecond()).toBe(20);
    timer.advance(499);
    expect(rate.perSecond()).toBe(20);
    timer.advance(1);
    expect(rate.perSecond()).toBe(0);
  });

  it('forgets a bucket reused a window later', () => {
    const timer = new ManualTimer();
    const rate = new RequestRate(timer, 1000, 10);
    for (let i = 0; i < 40; i++) rate.mark();
    timer.advance(3000); // the same bucket, three windows on
    rate.mark();
    expect(rate.perSecond()).toBe(1);
  });

  it('sets the rate: full while quiet, the floor from the busy threshold, full again once it passes', () => {
    const timer = new ManualTimer();
    const requests = new RequestRate(timer);
    const rate = loadAwareRate(requests, { full: 1000, floor: 20, busyPerSecond: 20 });
    for (let i = 0; i < 19; i++) requests.mark();
    expect(rate()).toBe(1000); // a few requests (health checks, a learner browsing) are quiet
    requests.mark();
    expect(rate()).toBe(20);
    timer.advance(1000);
    expect(rate()).toBe(1000);
  });
});

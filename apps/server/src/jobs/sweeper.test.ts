import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../lib/clock';
import { Sweeper } from './sweeper';

describe('Sweeper.runOnce', () => {
  it('starts nothing once stopped (a task that outlived its timeout may still ask for a sweep)', async () => {
    const clock = new ManualClock('2026-11-25T10:00:00Z');
    const sweeper = new Sweeper(() => clock.now(), pino({ level: 'silent' }));
    let runs = 0;
    sweeper.add('reminders', async () => {
      runs += 1;
    });
    await sweeper.runOnce();
    await sweeper.stop();
    await sweeper.runOnce();
    expect(runs).toBe(1);
  });

  it('a call made during a sweep gets a sweep that starts after it, with the clock as it was then', async () => {
    const clock = new ManualClock('2026-11-25T10:00:00Z');
    const sweeper = new Sweeper(() => clock.now(), pino({ level: 'silent' }));
    const seen: string[] = [];
    let release!: () => void;
    let gate: Promise<void> | null = new Promise<void>((resolve) => (release = resolve));
    sweeper.add('publish', async (now) => {
      seen.push(now.toISOString());
      if (gate) {
        const waiting = gate;
        gate = null;
        await waiting;
      }
    });

    const first = sweeper.runOnce();
    // The clock moves while the first sweep is held inside its task; two callers ask meanwhile.
    clock.advance(60_000);
    const second = sweeper.runOnce();
    const third = sweeper.runOnce();
    release();
    await Promise.all([first, second, third]);

    // One follow-up sweep, shared, which saw the moved clock; never two sweeps at once.
    expect(seen).toEqual(['2026-11-25T10:00:00.000Z', '2026-11-25T10:01:00.000Z']);
    await sweeper.runOnce();
    expect(seen).toHaveLength(3);
  });

  it('stop() lets the sweep under way finish and starts no follow-up after it', async () => {
    const clock = new ManualClock('2026-11-25T10:00:00Z');
    const sweeper = new Sweeper(() => clock.now(), pino({ level: 'silent' }));
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    sweeper.add('publish', async () => {
      runs += 1;
      if (runs === 1) await gate;
    });
    const first = sweeper.runOnce();
    const queued = sweeper.runOnce();
    const stopped = sweeper.stop();
    release();
    await Promise.all([first, queued, stopped]);
    expect(runs).toBe(1);
  });
});

import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { CARD_LIMITS, CardPool } from './card-pool';

/**
 * The card pool's own bounds (ADR 026), which the formula pool does not have: an SVG past its size
 * and a card beyond the waiting queue are refused at once. The worker is a stand-in that never says
 * "ready", so every card waits.
 */
const started: Worker[] = [];
function silentWorker(): Worker {
  const w = new Worker('setInterval(() => undefined, 1000);', { eval: true });
  started.push(w);
  return w;
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((w) => w.terminate()));
});

describe('CardPool', () => {
  it('refuses an SVG past its bound without starting a worker', async () => {
    const pool = new CardPool(1, 30_000, silentWorker);
    const reply = await pool.render('x'.repeat(CARD_LIMITS.maxSvgChars + 1));
    expect(reply).toMatchObject({ ok: false, error: 'the card is larger than its bound' });
    expect(started).toHaveLength(0);
  });

  it('refuses a card at once when the queue is full', async () => {
    const pool = new CardPool(1, 30_000, silentWorker);
    for (let i = 0; i < CARD_LIMITS.maxWaiting; i += 1) void pool.render('<svg/>');
    expect(await pool.render('<svg/>')).toMatchObject({
      ok: false,
      error: 'too many cards are waiting to be drawn',
    });
    expect(started).toHaveLength(1);
  });
});

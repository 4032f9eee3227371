import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { MathPool } from './math-pool';

/**
 * The pool's pump (issue 29 item 1 review fix): a worker stopped on a timed-out formula must start its
 * replacement, or the formulas queued behind it hang; and a worker that fails to start must not refuse
 * the queued formulas while another worker is live. The workers are stand-ins with the renderer's
 * protocol ("ready", then one reply per job): "hang" never answers, "gate" answers once the test
 * opens the gate (a shared flag), anything else answers at once.
 */
const STAND_IN = `
const { parentPort, workerData } = require('node:worker_threads');
parentPort.on('message', (job) => {
  if (job.tex === 'hang') for (;;);
  if (job.tex === 'gate') Atomics.wait(new Int32Array(workerData), 0, 0);
  parentPort.postMessage({ id: job.id, ok: true, mathml: '<math>' + job.tex + '</math>', speech: job.tex });
});
parentPort.postMessage('ready');
`;
/** A worker that dies before it is ready (a renderer that cannot load). */
const BROKEN = `throw new Error('cannot load the renderer');`;

const gate = new SharedArrayBuffer(4);
const started: Worker[] = [];
function worker(code: string): Worker {
  const w = new Worker(code, { eval: true, workerData: gate });
  started.push(w);
  return w;
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((w) => w.terminate()));
});

describe('MathPool', () => {
  it('replaces a worker stopped on a timed-out formula and serves the formulas queued behind it', async () => {
    const pool = new MathPool(1, 300, () => worker(STAND_IN));
    const replies = await Promise.all([
      pool.render('hang', false, 'en'),
      pool.render('x^2', false, 'en'),
      pool.render('y_1', true, 'en'),
    ]);
    expect(replies[0]).toMatchObject({ ok: false, limit: true });
    expect(replies.slice(1)).toMatchObject([
      { ok: true, mathml: '<math>x^2</math>' },
      { ok: true, mathml: '<math>y_1</math>' },
    ]);
    // The stopped worker and its replacement.
    expect(started).toHaveLength(2);
  });

  it('does not refuse queued formulas when a second worker fails to start while one is live', async () => {
    const made: Worker[] = [];
    const pool = new MathPool(2, 30_000, () => {
      const w = worker(made.length === 0 ? STAND_IN : BROKEN);
      made.push(w);
      return w;
    });
    expect(await pool.render('a', false, 'en')).toMatchObject({ ok: true });
    // The live worker is busy behind the gate; two more formulas make the pool start a second
    // worker, which dies before it is ready. Only then does the gate open.
    const busy = pool.render('gate', false, 'en');
    const queued = ['b', 'c'].map((tex) => pool.render(tex, false, 'en'));
    expect(made).toHaveLength(2);
    await new Promise((resolve) => made[1]!.once('exit', resolve));
    Atomics.store(new Int32Array(gate), 0, 1);
    Atomics.notify(new Int32Array(gate), 0);
    expect(await busy).toMatchObject({ ok: true });
    expect(await Promise.all(queued)).toMatchObject([
      { ok: true, mathml: '<math>b</math>' },
      { ok: true, mathml: '<math>c</math>' },
    ]);
  });

  it('answers every queued formula with an error when no worker can start', async () => {
    const pool = new MathPool(1, 30_000, () => worker(BROKEN));
    const replies = await Promise.all(['a', 'b'].map((tex) => pool.render(tex, false, 'en')));
    expect(replies).toMatchObject([{ ok: false }, { ok: false }]);
    expect(replies.map((r) => (r.ok ? '' : r.error))).toEqual([
      expect.stringContaining('did not start'),
      expect.stringContaining('did not start'),
    ]);
  });

  it('stops a worker left idle for idleMs, and starts a new one for the next formula', async () => {
    const pool = new MathPool(1, 30_000, () => worker(STAND_IN), 0);
    expect(await pool.render('a', false, 'en')).toMatchObject({ ok: true });
    // Idle for 0 ms: stopped (awaited by its exit, not a sleep).
    await new Promise((resolve) => started[0]!.once('exit', resolve));
    expect(await pool.render('b', false, 'en')).toMatchObject({ ok: true, mathml: '<math>b</math>' });
    expect(started).toHaveLength(2);
  });
});

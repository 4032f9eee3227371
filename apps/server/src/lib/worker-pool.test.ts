import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { WorkerPool } from './worker-pool';

interface Job {
  id: number;
}
type Reply = { id: number; ok: true } | { id: number; ok: false; cause: string };

const replies = {
  notStarted: (id: number, cause: string): Reply => ({ id, ok: false, cause }),
  stopped: (id: number): Reply => ({ id, ok: false, cause: 'stopped' }),
  timedOut: (id: number): Reply => ({ id, ok: false, cause: 'timed out' }),
};

describe('WorkerPool', () => {
  it('answers a job when no worker thread can be made, and starts one for the next job once it can', async () => {
    let tries = 0;
    const pool = new WorkerPool<Job, Reply>({
      size: 1,
      timeoutMs: 5_000,
      // The worker stops as soon as it is idle: nothing of it outlives the test.
      idleMs: 1,
      replies,
      createWorker: () => {
        tries += 1;
        if (tries === 1)
          throw Object.assign(new Error('cannot start a thread'), { code: 'ERR_WORKER_INIT_FAILED' });
        // A worker that says it is ready, then answers every job.
        return new Worker(
          `const { parentPort } = require('node:worker_threads');
           parentPort.postMessage('ready');
           parentPort.on('message', (job) => parentPort.postMessage({ id: job.id, ok: true }));`,
          { eval: true },
        );
      },
    });
    expect(await pool.run((id) => ({ id }))).toMatchObject({
      ok: false,
      cause: expect.stringContaining('cannot start'),
    });
    // The failed start no longer holds the pool's one slot: the next job gets a worker.
    expect(await pool.run((id) => ({ id }))).toMatchObject({ ok: true });
    expect(tries).toBe(2);
  });
});

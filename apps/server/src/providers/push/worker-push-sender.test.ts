import { EventEmitter } from 'node:events';
import { Worker } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import type { PushJob } from './push-worker';
import { WorkerPushSender } from './worker-push-sender';

const keys = {
  publicKey: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  privateKey: 'I0_d0vSpzIdsKV9KDkuiRm7TNuHBbEKTbTobzgNZA9I',
};
const target = {
  endpoint: 'https://push.example.invalid/push/1',
  p256dh: keys.publicKey,
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

/** A worker that runs `code` instead of the push worker. */
const workerRunning = (code: string) => () => new Worker(code, { eval: true });

describe('WorkerPushSender', () => {
  it('fails a push whose worker dies, and the next push starts a new worker', async () => {
    let started = 0;
    const sender = new WorkerPushSender(
      { keys, subject: 'mailto:t@quizcast.invalid', timeoutMs: 5_000 },
      () => {
        started += 1;
        return workerRunning('process.exit(1)')();
      },
    );
    try {
      expect(await sender.send(target, '{}', 60)).toBe('failed');
      expect(await sender.send(target, '{}', 60)).toBe('failed');
      expect(started).toBe(2);
    } finally {
      await sender.close();
    }
  });

  it('fails a push its worker never answers (after the timeout and a second, not never)', async () => {
    const sender = new WorkerPushSender(
      { keys, subject: 'mailto:t@quizcast.invalid', timeoutMs: 50 },
      workerRunning("require('node:worker_threads').parentPort.on('message', () => {})"),
    );
    try {
      expect(await sender.send(target, '{}', 60)).toBe('failed');
    } finally {
      await sender.close();
    }
  });

  it("a worker stopped when idle that exits after its successor took a push does not fail the successor's push", async () => {
    vi.useFakeTimers();
    /** A worker the test drives: it answers when told to, and exits when told to after terminate(). */
    class FakeWorker extends EventEmitter {
      jobs: PushJob[] = [];
      terminated = false;
      postMessage(job: PushJob) {
        this.jobs.push(job);
      }
      answer(outcome: 'sent' | 'failed') {
        for (const job of this.jobs.splice(0)) this.emit('message', { id: job.id, outcome });
      }
      terminate() {
        this.terminated = true;
        return Promise.resolve(0);
      }
      ref() {}
      unref() {}
    }
    const workers: FakeWorker[] = [];
    const sender = new WorkerPushSender(
      { keys, subject: 'mailto:t@quizcast.invalid', timeoutMs: 5_000 },
      () => {
        workers.push(new FakeWorker());
        return workers.at(-1)! as unknown as Worker;
      },
    );
    try {
      const first = sender.send(target, '{}', 60);
      workers[0]!.answer('sent');
      expect(await first).toBe('sent');
      vi.advanceTimersByTime(30_000); // idle: the first worker is told to stop …
      expect(workers[0]!.terminated).toBe(true);
      const second = sender.send(target, '{}', 60); // … a push arrives before it has gone …
      expect(workers).toHaveLength(2);
      workers[0]!.emit('exit', 0); // … and then it exits
      workers[1]!.answer('sent');
      expect(await second).toBe('sent');
    } finally {
      vi.useRealTimers();
      await sender.close();
    }
  });

  it('a push fails, and does not reject, when no worker thread can be made; the next push tries again', async () => {
    let tries = 0;
    const sender = new WorkerPushSender(
      { keys, subject: 'mailto:t@quizcast.invalid', timeoutMs: 5_000 },
      () => {
        tries += 1;
        throw Object.assign(new Error('cannot start a thread'), { code: 'ERR_WORKER_INIT_FAILED' });
      },
    );
    try {
      expect(await sender.send(target, '{}', 60)).toBe('failed');
      expect(await sender.send(target, '{}', 60)).toBe('failed');
      expect(tries).toBe(2);
    } finally {
      await sender.close();
    }
  });
});

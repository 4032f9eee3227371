import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
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
});

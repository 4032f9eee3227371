import { EventEmitter } from 'node:events';
import type { Cluster } from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ClusterInvalidationBus, relayInvalidations, type WorkerChannel } from './invalidation-bus';

/**
 * node:cluster's IPC in one process: each worker's `process` and the primary's `Worker` handle are
 * an emitter pair, and a message arrives on a later turn (structured-cloned), as over the real pipe.
 */
function fakeCluster(count: number) {
  const primary = new EventEmitter() as EventEmitter & { workers: Record<number, unknown> };
  primary.workers = {};
  const channels: WorkerChannel[] = [];
  for (let id = 1; id <= count; id++) {
    const inWorker = new EventEmitter();
    const handle = {
      isConnected: () => true,
      send(message: unknown, callback: () => void) {
        setImmediate(() => inWorker.emit('message', structuredClone(message)));
        callback();
        return true;
      },
    };
    primary.workers[id] = handle;
    Object.assign(inWorker, {
      send(message: unknown, callback: (err: Error | null) => void) {
        setImmediate(() => primary.emit('message', handle, structuredClone(message)));
        callback(null);
        return true;
      },
    });
    channels.push(inWorker as unknown as WorkerChannel);
  }
  relayInvalidations(primary as unknown as Cluster);
  return channels;
}

const log = pino({ level: 'silent' }) as FastifyBaseLogger;

describe('ClusterInvalidationBus', () => {
  it('publish resolves after the primary sent the key to every other worker; each worker hears it once', async () => {
    const heard: string[][] = [[], [], []];
    const buses = fakeCluster(3).map((ipc, i) => {
      const bus = new ClusterInvalidationBus('quizcast-rl:cache:invalidate', log, ipc);
      bus.subscribe((key) => heard[i]!.push(key));
      return bus;
    });
    await buses[0]!.publish('session:s1');
    expect(heard).toEqual([['session:s1'], ['session:s1'], ['session:s1']]);
    await buses[2]!.publish('user:u1');
    expect(heard.map((keys) => keys.at(-1))).toEqual(['user:u1', 'user:u1', 'user:u1']);
    expect(heard.map((keys) => keys.length)).toEqual([2, 2, 2]);
    await Promise.all(buses.map((bus) => bus.close()));
  });

  it("ignores another deployment's channel", async () => {
    const [a, b] = fakeCluster(2);
    const heard: string[] = [];
    const here = new ClusterInvalidationBus('one:cache:invalidate', log, a);
    const there = new ClusterInvalidationBus('two:cache:invalidate', log, b);
    there.subscribe((key) => heard.push(key));
    await here.publish('user:u1');
    expect(heard).toEqual([]);
    await Promise.all([here.close(), there.close()]);
  });
});

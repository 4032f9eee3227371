import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Cluster } from 'node:cluster';
import { randomUUID } from 'node:crypto';

/**
 * Tells every instance that a cached key is stale. `publish` reaches this instance's listeners at
 * once and, with Redis, every other instance's within a round trip (pub/sub). A lost message only
 * lasts until the cache's TTL, which is why every cache on this bus is short-lived.
 */
export interface InvalidationBus {
  publish(key: string): Promise<void>;
  subscribe(listener: (key: string) => void): void;
  close(): Promise<void>;
}

/** One process (PGlite, or a single instance without workers). */
export class LocalInvalidationBus implements InvalidationBus {
  private readonly listeners: ((key: string) => void)[] = [];

  async publish(key: string): Promise<void> {
    for (const listener of this.listeners) listener(key);
  }

  subscribe(listener: (key: string) => void): void {
    this.listeners.push(listener);
  }

  async close(): Promise<void> {}
}

/** Several instances: Redis pub/sub on `channel` (one publisher, one subscriber connection). */
export class RedisInvalidationBus implements InvalidationBus {
  private readonly local = new LocalInvalidationBus();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly ready: Promise<unknown>;
  /** Messages carry their sender, so an instance does not handle its own twice. */
  private readonly id = randomUUID();

  constructor(
    url: string,
    private readonly channel: string,
    private readonly log: FastifyBaseLogger,
  ) {
    const options = { connectTimeout: 1000, maxRetriesPerRequest: 1 };
    this.publisher = new Redis(url, options);
    this.subscriber = new Redis(url, options);
    for (const connection of [this.publisher, this.subscriber])
      connection.on('error', (err) => log.warn({ err }, 'redis (cache invalidation) connection problem'));
    this.subscriber.on('message', (from: string, message: string) => {
      const separator = message.indexOf('|');
      if (from !== channel || separator < 0 || message.slice(0, separator) === this.id) return;
      void this.local.publish(message.slice(separator + 1));
    });
    this.ready = this.subscriber.subscribe(channel).catch((err: unknown) => {
      log.warn({ err }, 'cache invalidation: subscribing failed; entries expire by TTL only');
    });
  }

  /** Resolves once this instance is listening (tests, and the app's ready hook). */
  whenReady(): Promise<unknown> {
    return this.ready;
  }

  async publish(key: string): Promise<void> {
    await this.local.publish(key);
    try {
      await this.publisher.publish(this.channel, `${this.id}|${key}`);
    } catch (err) {
      this.log.warn({ err, key }, 'cache invalidation not sent; other instances catch up by TTL');
    }
  }

  subscribe(listener: (key: string) => void): void {
    this.local.subscribe(listener);
  }

  async close(): Promise<void> {
    await Promise.all([this.publisher, this.subscriber].map((c) => c.quit().catch(() => c.disconnect())));
  }
}

/** A worker's invalidation, to the cluster primary (with `seq`) and from it to the other workers. */
interface InvalidateMessage {
  type: 'quizcast:invalidate';
  channel: string;
  key: string;
  seq?: number;
}

/** The primary's answer to the sender: every other worker has been sent the invalidation. */
interface RelayedMessage {
  type: 'quizcast:invalidation-relayed';
  seq: number;
}

const isInvalidate = (m: unknown): m is InvalidateMessage =>
  (m as InvalidateMessage | null)?.type === 'quizcast:invalidate';
const isRelayed = (m: unknown): m is RelayedMessage =>
  (m as RelayedMessage | null)?.type === 'quizcast:invalidation-relayed';

/** How long a worker waits for the primary to confirm the relay before answering anyway (TTL bounds it). */
const RELAY_TIMEOUT_MS = 2000;

/** The worker's end of node:cluster's IPC channel: `process` in a worker. */
export type WorkerChannel = Pick<NodeJS.Process, 'send' | 'on' | 'off'>;

/**
 * WEB_CONCURRENCY workers on one box without Redis: node:cluster's IPC channel, worker → primary →
 * every other worker (`relayInvalidations`). `publish` resolves once the primary has written the
 * message to every other worker's channel; with the primary handing out connections (node's default
 * outside Windows), a connection accepted after that reaches a worker behind the invalidation, so a
 * logout answered by one worker is refused by the next request on any other.
 */
export class ClusterInvalidationBus implements InvalidationBus {
  private readonly local = new LocalInvalidationBus();
  private readonly waiting = new Map<number, () => void>();
  private sent = 0;
  private readonly onMessage = (message: unknown) => {
    if (isInvalidate(message) && message.channel === this.channel) void this.local.publish(message.key);
    else if (isRelayed(message)) this.waiting.get(message.seq)?.();
  };

  constructor(
    private readonly channel: string,
    private readonly log: FastifyBaseLogger,
    private readonly ipc: WorkerChannel = process,
  ) {
    ipc.on('message', this.onMessage);
  }

  async publish(key: string): Promise<void> {
    await this.local.publish(key);
    const seq = ++this.sent;
    const relayed = new Promise<boolean>((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        this.waiting.delete(seq);
        resolve(ok);
      };
      const timer = setTimeout(() => done(false), RELAY_TIMEOUT_MS);
      this.waiting.set(seq, () => done(true));
      const message: InvalidateMessage = { type: 'quizcast:invalidate', channel: this.channel, key, seq };
      if (!this.ipc.send) return done(false);
      this.ipc.send(message, (err) => {
        if (err) done(false);
      });
    });
    if (!(await relayed))
      this.log.warn(
        { key },
        'cache invalidation not relayed by the cluster primary; other workers catch up by TTL',
      );
  }

  subscribe(listener: (key: string) => void): void {
    this.local.subscribe(listener);
  }

  async close(): Promise<void> {
    this.ipc.off('message', this.onMessage);
    for (const release of [...this.waiting.values()]) release();
  }
}

/**
 * In the cluster primary: passes each worker's invalidation to every other worker, then tells the
 * sender it went out (the primary holds no cache of its own).
 */
export function relayInvalidations(primary: Pick<Cluster, 'on' | 'workers'>): void {
  const ignore = () => {}; // a worker that is exiting: its cache goes with it
  primary.on('message', (from, message: unknown) => {
    if (!isInvalidate(message)) return;
    const { seq, ...relay } = message;
    for (const worker of Object.values(primary.workers ?? {})) {
      if (worker && worker !== from && worker.isConnected()) worker.send(relay, ignore);
    }
    if (seq !== undefined && from.isConnected()) {
      const relayed: RelayedMessage = { type: 'quizcast:invalidation-relayed', seq };
      from.send(relayed, ignore);
    }
  });
}

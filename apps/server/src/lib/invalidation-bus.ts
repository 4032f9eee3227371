import type { FastifyBaseLogger } from 'fastify';
import type * as Ioredis from 'ioredis';
import type { Redis } from 'ioredis';
import type { Cluster } from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { lazyPackage } from './lazy-package';

const loadIoredis = lazyPackage<typeof Ioredis>('ioredis');

/**
 * Tells every instance that a cached key is stale. `publish` reaches this instance's listeners at
 * once and, with Redis, every other instance's within a round trip (pub/sub). A lost message only
 * lasts until the cache's TTL, which is why every cache on this bus is short-lived.
 *
 * Revocations must not wait for a TTL (issue 29 item 6): while an instance cannot hear the bus
 * (`listening` false: its Redis subscription is down) its caches answer nothing from memory, and
 * when it hears again its listeners get `RESET_ALL_KEY` (drop everything: what was sent meanwhile
 * is lost). A key this instance could not send is sent again once Redis is back. A half-open
 * connection (the socket up, nothing answered: Redis paused, a link that drops packets) closes
 * nothing, so the subscription is also checked with a PING every `BusHealth.intervalMs`: one
 * unanswered after `timeoutMs` counts as not listening until Redis answers again.
 */
export interface InvalidationBus {
  publish(key: string): Promise<void>;
  subscribe(listener: (key: string) => void): void;
  /** False while invalidations from other instances may be missed: caches must not answer then. */
  readonly listening: boolean;
  close(): Promise<void>;
}

/** Heard when this instance may have missed invalidations: every cache on the bus drops all it holds. */
export const RESET_ALL_KEY = '*';

/** One process (PGlite, or a single instance without workers). */
export class LocalInvalidationBus implements InvalidationBus {
  private readonly listeners: ((key: string) => void)[] = [];
  readonly listening = true;

  async publish(key: string): Promise<void> {
    for (const listener of this.listeners) listener(key);
  }

  subscribe(listener: (key: string) => void): void {
    this.listeners.push(listener);
  }

  async close(): Promise<void> {}
}

/**
 * How the Redis bus checks that it still hears: a PING on the subscription every `intervalMs`; one
 * unanswered after `timeoutMs` stops the caches (so a revocation is refused within about
 * interval + timeout of Redis going quiet, whatever the TCP state).
 */
export interface BusHealth {
  intervalMs: number;
  timeoutMs: number;
}

export const DEFAULT_BUS_HEALTH: BusHealth = { intervalMs: 500, timeoutMs: 500 };

/** Several instances: Redis pub/sub on `channel` (one publisher, one subscriber connection). */
export class RedisInvalidationBus implements InvalidationBus {
  private readonly local = new LocalInvalidationBus();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly ready: Promise<void>;
  /** Messages carry their sender, so an instance does not handle its own twice. */
  private readonly id = randomUUID();

  /** Whether the subscription is live: set once Redis confirmed it, cleared when the connection drops. */
  private subscribed = false;
  /** Keys whose publish failed (Redis unreachable): sent again when the publisher is back. */
  private readonly unsent = new Set<string>();
  private closing = false;
  private firstAttempt: () => void = () => {};
  /** False from a PING unanswered in time until one is answered (a half-open connection). */
  private answering = true;
  private pinging = false;
  private resending = false;
  private readonly healthTimer: NodeJS.Timeout;

  constructor(
    url: string,
    private readonly channel: string,
    private readonly log: FastifyBaseLogger,
    private readonly health: BusHealth = DEFAULT_BUS_HEALTH,
  ) {
    const options = { connectTimeout: 1000, maxRetriesPerRequest: 1 };
    // A publish never holds up the response that revoked something: past a second it is queued
    // and sent again once Redis is back (a half-open connection would otherwise wait for ever).
    const { Redis } = loadIoredis();
    this.publisher = new Redis(url, { ...options, commandTimeout: 1000 });
    this.subscriber = new Redis(url, { ...options, autoResubscribe: false });
    for (const connection of [this.publisher, this.subscriber])
      connection.on('error', (err) => log.warn({ err }, 'redis (cache invalidation) connection problem'));
    this.subscriber.on('message', (from: string, message: string) => {
      const separator = message.indexOf('|');
      if (from !== channel || separator < 0 || message.slice(0, separator) === this.id) return;
      void this.local.publish(message.slice(separator + 1));
    });
    // The moment the subscription's connection drops, this instance may miss invalidations.
    this.subscriber.on('close', () => {
      this.subscribed = false;
    });
    let first = true;
    this.subscriber.on('ready', () => {
      const reconnected = !first;
      first = false;
      void this.listen(reconnected);
    });
    this.publisher.on('ready', () => void this.sendUnsent());
    // Start-up waits for the first attempt only: without Redis the app still starts (caches off).
    this.ready = new Promise<void>((resolve) => {
      this.firstAttempt = resolve;
    });
    this.subscriber.once('error', () => this.firstAttempt());
    this.healthTimer = setInterval(() => this.check(), health.intervalMs);
    this.healthTimer.unref();
  }

  get listening(): boolean {
    return this.subscribed && this.answering;
  }

  /**
   * One health round: resend what could not be sent, and PING the subscription (never two at once:
   * an unanswered one stays the one awaited). Unanswered in time: caches stop answering. Answered
   * after that: every cache drops what it holds first (it may have missed keys), then answers again.
   */
  private check(): void {
    if (this.unsent.size > 0 && !this.resending) {
      this.resending = true;
      void this.sendUnsent().finally(() => {
        this.resending = false;
      });
    }
    if (this.pinging || !this.subscribed || this.closing) return;
    this.pinging = true;
    // The verdict waits one more turn of the event loop (setImmediate runs after the poll phase):
    // a loop that was busy for longer than the timeout reads a reply already in the socket first,
    // so a slow instance does not take its own lag for a silent Redis and drop its caches.
    let answered = false;
    const late = setTimeout(() => {
      setImmediate(() => {
        if (answered || !this.answering) return;
        this.answering = false;
        this.log.warn('cache invalidation: Redis does not answer; caches answer nothing until it does');
      });
    }, this.health.timeoutMs);
    this.subscriber
      .ping()
      .then(
        async () => {
          answered = true;
          clearTimeout(late);
          if (this.answering) return;
          await this.local.publish(RESET_ALL_KEY);
          this.answering = true;
          this.log.info('cache invalidation: Redis answers again; caches were dropped');
        },
        () => {
          // The connection failed: 'close' stops the caches, 'ready' resubscribes and drops them.
          answered = true;
          clearTimeout(late);
        },
      )
      .finally(() => {
        this.pinging = false;
      });
  }

  /** (Re)subscribe; after a reconnection, every cache drops what it holds (it may have missed keys). */
  private async listen(reconnected: boolean): Promise<void> {
    try {
      await this.subscriber.subscribe(this.channel);
    } catch (err) {
      this.log.warn({ err }, 'cache invalidation: subscribing failed; caches answer nothing until it works');
      this.firstAttempt();
      return;
    }
    if (reconnected) await this.local.publish(RESET_ALL_KEY);
    this.answering = true;
    this.subscribed = true;
    this.firstAttempt();
    if (reconnected) this.log.info('cache invalidation: Redis is back; caches were dropped');
  }

  private async sendUnsent(): Promise<void> {
    for (const key of [...this.unsent]) {
      this.unsent.delete(key);
      await this.send(key);
    }
  }

  private async send(key: string): Promise<void> {
    try {
      await this.publisher.publish(this.channel, `${this.id}|${key}`);
    } catch (err) {
      if (this.closing) return;
      this.unsent.add(key);
      this.log.warn({ err, key }, 'cache invalidation not sent yet; sent again when Redis is back');
    }
  }

  /** Resolves once this instance is listening (tests, and the app's ready hook). */
  whenReady(): Promise<unknown> {
    return this.ready;
  }

  async publish(key: string): Promise<void> {
    await this.local.publish(key);
    await this.send(key);
  }

  subscribe(listener: (key: string) => void): void {
    this.local.subscribe(listener);
  }

  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.healthTimer);
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
  readonly listening = true;
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

import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
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

/** One process (PGlite, or a single instance). */
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

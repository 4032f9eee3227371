import type { FastifyBaseLogger } from 'fastify';
import type * as Ioredis from 'ioredis';
import type { Redis } from 'ioredis';
import { lazyPackage } from './lazy-package';

const loadIoredis = lazyPackage<typeof Ioredis>('ioredis');

/**
 * Values every instance may read (results-day answers such as the landing page's podium): in Redis
 * when REDIS_URL is set, so one instance's database read serves them all; nowhere otherwise.
 * A Redis failure is a miss (the caller reads the database), never an error.
 */
export interface SharedCache {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Without Redis there is nothing to share: each instance's own memory cache is all there is. */
export class NoSharedCache implements SharedCache {
  async get() {
    return undefined;
  }

  async set() {}

  async delete() {}

  async close() {}
}

export class RedisSharedCache implements SharedCache {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.redis = new (loadIoredis().Redis)(url, { connectTimeout: 1000, maxRetriesPerRequest: 1 });
    this.redis.on('error', (err) => log.warn({ err }, 'redis (shared cache) connection problem'));
  }

  async get(key: string) {
    try {
      return (await this.redis.get(this.prefix + key)) ?? undefined;
    } catch (err) {
      this.log.warn({ err, key }, 'shared cache read failed; reading the database');
      return undefined;
    }
  }

  async set(key: string, value: string, ttlSeconds: number) {
    try {
      await this.redis.set(this.prefix + key, value, 'EX', ttlSeconds);
    } catch (err) {
      this.log.warn({ err, key }, 'shared cache write failed');
    }
  }

  async delete(key: string) {
    try {
      await this.redis.del(this.prefix + key);
    } catch (err) {
      this.log.warn({ err, key }, 'shared cache delete failed; the entry expires by its TTL');
    }
  }

  async close() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

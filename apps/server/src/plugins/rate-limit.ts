import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config';

/**
 * @fastify/rate-limit, not applied globally: features create their own limiters with
 * `app.createRateLimit(...)`. Counters live in Redis when REDIS_URL is set (shared by every instance),
 * otherwise in this process.
 */
export async function registerRateLimit(app: FastifyInstance, config: AppConfig): Promise<void> {
  let redis: Redis | undefined;
  if (config.REDIS_URL) {
    redis = new Redis(config.REDIS_URL, {
      connectTimeout: 1000,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: true,
      lazyConnect: false,
    });
    redis.on('error', (err) => app.log.warn({ err }, 'redis (rate limits) connection problem'));
    app.addHook('onClose', async () => {
      await redis?.quit().catch(() => redis?.disconnect());
    });
  }
  await app.register(fastifyRateLimit, {
    global: false,
    redis,
    nameSpace: config.RATE_LIMIT_NAMESPACE,
    skipOnError: false,
  });
}

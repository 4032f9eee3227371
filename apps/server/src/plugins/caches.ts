import type { FastifyInstance } from 'fastify';
import cluster from 'node:cluster';
import {
  ClusterInvalidationBus,
  LocalInvalidationBus,
  RedisInvalidationBus,
  type InvalidationBus,
} from '../lib/invalidation-bus';
import { NoSharedCache, RedisSharedCache, type SharedCache } from '../lib/shared-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * What caches across instances need: `bus` tells every instance a key is stale (Redis pub/sub
     * with REDIS_URL; otherwise node:cluster IPC between WEB_CONCURRENCY workers), `shared` holds
     * values all instances read (Redis with REDIS_URL).
     */
    caches: { bus: InvalidationBus; shared: SharedCache };
  }
}

export function registerCaches(app: FastifyInstance): void {
  const { config } = app.ctx;
  const prefix = `${config.RATE_LIMIT_NAMESPACE}cache:`;
  const channel = `${prefix}invalidate`;
  const bus: InvalidationBus = config.REDIS_URL
    ? new RedisInvalidationBus(config.REDIS_URL, channel, app.log)
    : cluster.isWorker
      ? new ClusterInvalidationBus(channel, app.log)
      : new LocalInvalidationBus();
  const shared: SharedCache = config.REDIS_URL
    ? new RedisSharedCache(config.REDIS_URL, prefix, app.log)
    : new NoSharedCache();
  if (bus instanceof RedisInvalidationBus) app.addHook('onReady', async () => void (await bus.whenReady()));
  app.addHook('onClose', async () => {
    await Promise.all([bus.close(), shared.close()]);
  });
  app.decorate('caches', { bus, shared });
}

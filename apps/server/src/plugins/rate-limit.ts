import fastifyRateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES } from '@quizcast/contract/schemas/account';
import type * as Ioredis from 'ioredis';
import type { Redis } from 'ioredis';
import { lazyPackage } from '../lib/lazy-package';
import type { AppConfig } from '../config';
import { CompactRateStore, type RateStoreOptions } from '../lib/compact-rate-store';
import { serviceUnavailable } from '../lib/http-error';

/** How long a client is asked to wait when the limit store (Redis) cannot answer. */
export const LIMIT_STORE_RETRY_AFTER_SECONDS = 30;

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

declare module '@fastify/rate-limit' {
  interface CreateRateLimitOptions {
    /**
     * The limiter's name, prefixed to its keys in Redis (every limiter shares one key space there).
     * In this process each limiter has its own store, so a key can be the learner's id itself.
     */
    name?: string;
  }
}
type LimitResult = Awaited<ReturnType<Limiter>>;

/**
 * Run a limiter; when its store cannot answer (Redis down) the request is refused with 503 and
 * Retry-After, never let through and never a 500 (ADR 015).
 */
export async function checkLimit(
  app: FastifyInstance,
  limiter: Limiter,
  request: FastifyRequest,
): Promise<LimitResult> {
  try {
    return await limiter(request);
  } catch (err) {
    app.log.warn({ err }, 'rate-limit store unavailable; refusing with 503');
    throw serviceUnavailable(ACCOUNT_MESSAGES.serviceBusy, LIMIT_STORE_RETRY_AFTER_SECONDS);
  }
}

/**
 * @fastify/rate-limit, not applied globally: features create their own limiters with
 * `app.createRateLimit(...)`. Counters live in Redis when REDIS_URL is set (shared by every instance),
 * otherwise in this process.
 */
export async function registerRateLimit(app: FastifyInstance, config: AppConfig): Promise<void> {
  let redis: Redis | undefined;
  if (config.REDIS_URL) {
    redis = new (lazyPackage<typeof Ioredis>('ioredis')().Redis)(config.REDIS_URL, {
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
  const maxKeys = config.RATE_LIMIT_MEMORY_KEYS;
  /** Without Redis: the compact in-process store (lib/compact-rate-store.ts), sized by config. */
  class SizedStore extends CompactRateStore {
    constructor(pluginOptions: RateStoreOptions) {
      super({ ...pluginOptions, cache: maxKeys });
    }
  }
  const options: RateLimitPluginOptions = {
    global: false,
    redis,
    nameSpace: config.RATE_LIMIT_NAMESPACE,
    skipOnError: false,
    ...(redis ? {} : { store: SizedStore as unknown as NonNullable<RateLimitPluginOptions['store']> }),
  };
  await app.register(fastifyRateLimit, options);
  // Without Redis each limiter keeps its own store, 5,000 keys unless told: at 100k learners counters
  // would be evicted (and limits reset). Every limiter created from here on gets the sized store.
  const create = app.createRateLimit.bind(app);
  // (`cache` is read by the store's child() at run time; the option type does not list it.)
  type CreateOptions = NonNullable<Parameters<typeof create>[0]>;
  app.createRateLimit = ({ name, ...limiterOptions } = {}) => {
    const keyGenerator = limiterOptions.keyGenerator;
    const named =
      redis && name && keyGenerator
        ? { keyGenerator: async (request: FastifyRequest) => `${name}:${await keyGenerator(request)}` }
        : {};
    const withCache: CreateOptions & { cache: number } = { cache: maxKeys, ...limiterOptions, ...named };
    return create(withCache);
  };
}

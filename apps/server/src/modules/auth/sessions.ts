import type { FastifyInstance } from 'fastify';
import { CachedLookup } from '../../lib/cached-lookup';
import { TtlCache } from '../../lib/ttl-cache';
import type { CachedSession, CachedUser } from './session-cache';
import { SessionService } from './session.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sign-ins: issue, look up (one query per request), renew, revoke. */
    sessions: SessionService;
    /**
     * The session check's user lookup, cached per instance for USER_CACHE_TTL_SECONDS. Call
     * `invalidate(userId)` after committing any change to a user (role, profile, privacy,
     * deletion): it reaches every instance (Redis pub/sub when REDIS_URL is set; without it, the
     * other WEB_CONCURRENCY workers of the box through node:cluster IPC).
     */
    userCache: CachedLookup<CachedUser>;
  }
}

/** Most students in a herd hold one entry each for a few seconds; this bounds the memory. */
const SESSION_CACHE_MAX_ENTRIES = 100_000;

/**
 * The app's sessions (ADR 012, 015): the service with its per-instance caches, decorated as
 * `app.sessions` and `app.userCache`, and the sweeper task that drops ended sessions. app.ts hands
 * the service to the auth plugin (plugins/auth.ts), which knows it only as a `SessionCheck`.
 */
export function createSessions(app: FastifyInstance): SessionService {
  const { config } = app.ctx;
  const ttlMs = config.USER_CACHE_TTL_SECONDS * 1000;
  const userCache = new CachedLookup(
    new TtlCache<CachedUser>(ttlMs, SESSION_CACHE_MAX_ENTRIES),
    app.caches.bus,
    'user:',
  );
  const sessionCache = new CachedLookup(
    new TtlCache<CachedSession>(ttlMs, SESSION_CACHE_MAX_ENTRIES),
    app.caches.bus,
    'session:',
  );
  app.decorate('userCache', userCache);
  const sessions = new SessionService(app.ctx.db, config, app.ctx.clock, {
    sessions: sessionCache,
    users: userCache,
  });
  app.decorate('sessions', sessions);
  app.sweeper.add('session-purge', (now) => sessions.purgeEnded(now));
  return sessions;
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CachedLookup } from '../lib/cached-lookup';
import { forbidden, unauthorized } from '../lib/http-error';
import { TtlCache } from '../lib/ttl-cache';
import type { CachedSession, CachedUser } from '../modules/auth/session-cache';
import { SessionService } from '../modules/auth/session.service';
import type { UserRow } from '../modules/students/student.repository';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    /** The server-side session of the Bearer token (what logout revokes). */
    sessionId: string | null;
  }
  interface FastifyInstance {
    /** Sign-ins: issue, look up (one query per request), renew, revoke. */
    sessions: SessionService;
    /** preHandler: 401 unless a valid Bearer token names an active session of an existing user. */
    authenticate(request: FastifyRequest): Promise<void>;
    /** preHandler: authenticate, then 403 "Forbidden resource" unless the user is an admin. */
    requireAdmin(request: FastifyRequest): Promise<void>;
    /**
     * The session check's user lookup, cached per instance for USER_CACHE_TTL_SECONDS. Call
     * `invalidate(userId)` after committing any change to a user (role, profile, privacy,
     * deletion): it reaches every instance (Redis pub/sub when REDIS_URL is set; without it, the
     * other WEB_CONCURRENCY workers of the box through node:cluster IPC).
     */
    userCache: CachedLookup<CachedUser>;
  }
}

/** The signed-in user of a request that passed `authenticate`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The session of a request that passed `authenticate`. */
export function currentSessionId(request: FastifyRequest): string {
  if (!request.sessionId) throw unauthorized();
  return request.sessionId;
}

/** Most students in a herd hold one entry each for a few seconds; this bounds the memory. */
const SESSION_CACHE_MAX_ENTRIES = 100_000;

export function registerAuth(app: FastifyInstance): void {
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
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match) throw unauthorized('Missing access token');
    const { sessionId, user } = await sessions.authenticate(match[1]!);
    request.user = user;
    request.sessionId = sessionId;
  });

  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await app.authenticate(request);
    if (request.user?.role !== 'admin') throw forbidden('Forbidden resource');
  });

  app.sweeper.add('session-purge', (now) => sessions.purgeEnded(now));
}

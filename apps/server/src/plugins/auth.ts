import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { users } from '../db/schema';
import { forbidden, unauthorized } from '../lib/http-error';

/** The signed-in user of a request: their row (the students module calls it `UserRow`). */
export type AuthUser = typeof users.$inferSelect;

/**
 * What the auth plugin needs of sessions: the check of a Bearer token. The sessions themselves
 * (modules/auth/sessions.ts) are built by app.ts and handed in, so this plugin imports no module.
 */
export interface SessionCheck {
  /** The session a token names and its user, or an HttpError (401). */
  authenticate(token: string): Promise<{ sessionId: string; user: AuthUser }>;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    /** The server-side session of the Bearer token (what logout revokes). */
    sessionId: string | null;
  }
  interface FastifyInstance {
    /**
     * As a route's preHandler (moved to its onRequest, see registerAuth): 401 unless a valid Bearer
     * token names an active session of an existing user.
     */
    authenticate(request: FastifyRequest): Promise<void>;
    /** As `authenticate`, then 403 "Forbidden resource" unless the user is an admin. */
    requireAdmin(request: FastifyRequest): Promise<void>;
  }
}

/** The signed-in user of a request that passed `authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The session of a request that passed `authenticate`. */
export function currentSessionId(request: FastifyRequest): string {
  if (!request.sessionId) throw unauthorized();
  return request.sessionId;
}

export function registerAuth(app: FastifyInstance, sessions: SessionCheck): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  const authenticate = async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match) throw unauthorized('Missing access token');
    const { sessionId, user } = await sessions.authenticate(match[1]!);
    request.user = user;
    request.sessionId = sessionId;
  };
  const requireAdmin = async (request: FastifyRequest) => {
    await authenticate(request);
    if (request.user?.role !== 'admin') throw forbidden('Forbidden resource');
  };
  app.decorate('authenticate', authenticate);
  app.decorate('requireAdmin', requireAdmin);

  // Authorise before validating (issue 29 item 5): Fastify parses and validates a request before its
  // preHandlers run, so a route's `authenticate`/`requireAdmin` moves from preHandler to onRequest.
  // A caller without a token hears 401, a learner at an admin route 403, before any 400 of the body,
  // query or path id. Routes keep writing `preHandler: app.authenticate`; other preHandlers (rate
  // limits that key on the user) stay where they are and run after it.
  app.addHook('onRoute', (route) => {
    const preHandlers = [route.preHandler ?? []].flat();
    const guard = preHandlers.includes(requireAdmin)
      ? requireAdmin
      : preHandlers.includes(authenticate)
        ? authenticate
        : undefined;
    if (!guard) return;
    route.preHandler = preHandlers.filter((hook) => hook !== authenticate && hook !== requireAdmin);
    route.onRequest = [guard, ...[route.onRequest ?? []].flat()];
  });
}

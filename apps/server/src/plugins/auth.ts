import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/http-error';
import { verifySessionToken } from '../modules/auth/session-token';
import { StudentRepository, type UserRow } from '../modules/students/student.repository';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a valid, unrevoked Bearer token names an existing user. */
    authenticate(request: FastifyRequest): Promise<void>;
    /** preHandler: authenticate, then 403 "Forbidden resource" unless the user is an admin. */
    requireAdmin(request: FastifyRequest): Promise<void>;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The signed-in user of a request that passed `authenticate`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function registerAuth(app: FastifyInstance): void {
  const students = new StudentRepository(app.ctx.db);
  app.decorateRequest('user', null);

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match) throw unauthorized('Missing access token');
    let claims;
    try {
      claims = await verifySessionToken(app.ctx.config.jwtSecret, match[1]!, app.ctx.clock.now());
    } catch {
      throw unauthorized('Invalid or expired token');
    }
    if (!UUID.test(claims.sub)) throw unauthorized('Invalid or expired token');
    const user = await students.findById(claims.sub);
    if (!user || user.tokenVersion !== claims.ver)
      throw unauthorized('Session has ended. Please log in again.');
    request.user = user;
  });

  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await app.authenticate(request);
    if (request.user?.role !== 'admin') throw forbidden('Forbidden resource');
  });
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { users } from '../src/db/schema';
import { createStudent } from '../src/seed/factories';
import { bearerFor, buildTestApp, type TestApp } from './helpers';

/**
 * The session check answers from a short per-instance cache of the user row. Any change to a user
 * must reach every instance at once: two app instances on one database and one Redis (the machine's,
 * as CI provides; TEST_REDIS_URL or 127.0.0.1:6379), a change made through one is seen by the other.
 */
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

let a: TestApp;
let b: FastifyInstance;

beforeAll(async () => {
  const env = {
    REDIS_URL,
    USER_CACHE_TTL_SECONDS: '10',
    RATE_LIMIT_NAMESPACE: `quizcast-test-${randomBytes(6).toString('hex')}:`,
  };
  a = await buildTestApp({ env });
  b = await buildApp({ ...a.config }, { database: a.app.ctx.database, clock: a.clock });
  await b.ready();
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const me = (app: FastifyInstance, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: '/api/students/me', headers });

describe('cached session check across instances', () => {
  it('a logout on one instance revokes the token on the other at once', async () => {
    const user = await createStudent(a.db);
    const token = await bearerFor(user, a.clock);
    // Both instances have the user cached.
    expect((await me(a.app, token)).statusCode).toBe(200);
    expect((await me(b, token)).statusCode).toBe(200);

    const out = await a.app.inject({ method: 'POST', url: '/api/students/logout-all', headers: token });
    expect(out.statusCode).toBe(200);
    await expect.poll(async () => (await me(b, token)).statusCode, { timeout: 2000 }).toBe(401);
    expect((await me(a.app, token)).statusCode).toBe(401);
  });

  it('a profile change on one instance is what the other answers next', async () => {
    const user = await createStudent(a.db, { name: 'Asha Rao' });
    const token = await bearerFor(user, a.clock);
    expect((await me(b, token)).json().data.name).toBe('Asha Rao');
    // The change is made through instance A's cache invalidation, as a route does after committing.
    await a.db.update(users).set({ name: 'Asha R. Rao' }).where(eq(users.id, user.id));
    await a.app.userCache.invalidate(user.id);
    await expect
      .poll(async () => (await me(b, token)).json().data.name, { timeout: 2000 })
      .toBe('Asha R. Rao');
  });

  it('without an invalidation the cache answers (so the tests above prove the bus, not a miss)', async () => {
    const user = await createStudent(a.db, { name: 'Cached Name' });
    const token = await bearerFor(user, a.clock);
    expect((await me(b, token)).json().data.name).toBe('Cached Name');
    await a.db.update(users).set({ name: 'Changed Quietly' }).where(eq(users.id, user.id));
    expect((await me(b, token)).json().data.name).toBe('Cached Name');
  });
});

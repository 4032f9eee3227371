import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { users } from '../../src/db/schema';
import { createStudent } from '../../src/seed/factories';
import { bearerFor, buildTestApp, type TestApp } from '../helpers';
import { reportFigure } from './support';

/**
 * Revocation across a Redis blip (issue 29 item 6). The invalidation bus was fire-and-forget: a
 * logout published while Redis was unreachable reached the other instances only when their cached
 * session expired (60 s by default). Two instances share one database and reach Redis through a TCP
 * proxy this test cuts and restores: while an instance cannot hear the bus its caches answer
 * nothing, and when it hears again it drops everything it held.
 */
const REDIS = new URL(process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379');

/**
 * A TCP proxy to Redis that can stop answering: `cut` (every connection closed, new ones refused, as
 * if Redis stopped) or `freeze` (half-open: every socket stays up, nothing is forwarded until `thaw`,
 * as if Redis were paused or the link dropped packets).
 */
async function redisProxy() {
  const sockets = new Set<net.Socket>();
  let frozen = false;
  const held: [net.Socket, Buffer][] = [];
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(REDIS.port || 6379), REDIS.hostname);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      from.on('data', (chunk: Buffer) => (frozen ? held.push([to, chunk]) : to.write(chunk)));
      from.on('error', () => to.destroy());
      from.on('close', () => {
        sockets.delete(from);
        to.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `redis://127.0.0.1:${port}`,
    /** As if Redis stopped: open connections drop, new ones are refused. */
    cut() {
      server.close();
      for (const socket of sockets) socket.destroy();
    },
    restore: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const [to, chunk] of held.splice(0)) if (!to.destroyed) to.write(chunk);
    },
    close: () =>
      new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve())),
  };
}

let proxy: Awaited<ReturnType<typeof redisProxy>>;
let a: TestApp;
let b: FastifyInstance;

beforeAll(async () => {
  proxy = await redisProxy();
  a = await buildTestApp({
    env: {
      REDIS_URL: proxy.url,
      USER_CACHE_TTL_SECONDS: '60',
      RATE_LIMIT_NAMESPACE: `quizcast-test-${randomBytes(6).toString('hex')}:`,
    },
  });
  b = await buildApp({ ...a.config }, { database: a.app.ctx.database, clock: a.clock });
  await b.ready();
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await proxy?.close();
});

const me = (app: FastifyInstance, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: '/api/students/me', headers });

describe('revocation across a Redis blip', () => {
  it('a logout while Redis is unreachable is refused on the other instance within a second, and stays refused', async () => {
    const user = await createStudent(a.db, { name: 'Asha Rao' });
    const token = await bearerFor(user, a.clock);
    const bystander = await createStudent(a.db, { name: 'Before Blip' });
    const bystanderToken = await bearerFor(bystander, a.clock);
    expect((await me(a.app, token)).statusCode).toBe(200);
    expect((await me(b, token)).statusCode).toBe(200);
    expect((await me(b, bystanderToken)).json().data.name).toBe('Before Blip');
    // B answers from its cache (a quiet change is not seen), so what follows proves the bus, not a miss.
    await a.db.update(users).set({ name: 'Changed Quietly' }).where(eq(users.id, bystander.id));
    expect((await me(b, bystanderToken)).json().data.name).toBe('Before Blip');

    proxy.cut();
    const out = await a.app.inject({ method: 'POST', url: '/api/students/logout-all', headers: token });
    expect(out.statusCode).toBe(200);
    const revokedAt = performance.now();
    await expect.poll(async () => (await me(b, token)).statusCode, { timeout: 1000, interval: 20 }).toBe(401);
    const refusedAfterMs = Math.round(performance.now() - revokedAt);
    expect((await me(a.app, token)).statusCode).toBe(401);

    await proxy.restore();
    await expect.poll(() => b.caches.bus.listening, { timeout: 10_000, interval: 50 }).toBe(true);
    await expect.poll(() => a.app.caches.bus.listening, { timeout: 10_000, interval: 50 }).toBe(true);
    expect((await me(b, token)).statusCode).toBe(401);
    expect((await me(a.app, token)).statusCode).toBe(401);
    // Back on the bus, B dropped what it held before the blip: it may have missed invalidations.
    expect((await me(b, bystanderToken)).json().data.name).toBe('Changed Quietly');
    reportFigure(
      'revocation-blip',
      `revoked token refused by the other instance ${refusedAfterMs} ms after the logout, Redis cut`,
    );
  });

  it('a half-open Redis (connected, no replies): the other instance stops answering from its caches within a second, refuses a logout, and drops its caches when Redis answers again', async () => {
    const user = await createStudent(a.db, { name: 'Half Open' });
    const token = await bearerFor(user, a.clock);
    const bystander = await createStudent(a.db, { name: 'Before Freeze' });
    const bystanderToken = await bearerFor(bystander, a.clock);
    expect((await me(b, token)).statusCode).toBe(200);
    expect((await me(b, bystanderToken)).json().data.name).toBe('Before Freeze');
    await a.db.update(users).set({ name: 'Changed While Frozen' }).where(eq(users.id, bystander.id));
    expect((await me(b, bystanderToken)).json().data.name).toBe('Before Freeze');
    expect(b.caches.bus.listening).toBe(true);

    proxy.freeze();
    const frozenAt = performance.now();
    const out = await a.app.inject({ method: 'POST', url: '/api/students/logout-all', headers: token });
    expect(out.statusCode).toBe(200);
    const revokedAt = performance.now();
    await expect.poll(async () => (await me(b, token)).statusCode, { timeout: 1000, interval: 20 }).toBe(401);
    const refusedAfterMs = Math.round(performance.now() - revokedAt);
    expect(b.caches.bus.listening).toBe(false);

    proxy.thaw();
    await expect.poll(() => b.caches.bus.listening, { timeout: 5000, interval: 50 }).toBe(true);
    await expect.poll(() => a.app.caches.bus.listening, { timeout: 5000, interval: 50 }).toBe(true);
    expect((await me(b, token)).statusCode).toBe(401);
    // Answering again, B dropped what it held: it may have missed invalidations while frozen.
    expect((await me(b, bystanderToken)).json().data.name).toBe('Changed While Frozen');
    reportFigure(
      'revocation-half-open',
      `revoked token refused by the other instance ${refusedAfterMs} ms after the logout answered (${Math.round(revokedAt - frozenAt)} ms after the freeze), Redis half-open`,
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { errorBodySchema } from '@quizcast/contract/errors';
import { createQuiz, createStudent, createAttempt } from '../src/seed/factories';
import { bearerFor, buildTestApp, testDatabaseKind, type TestApp } from './helpers';

const webDist = mkdtempSync(path.join(tmpdir(), 'quizcast-web-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root">Quizcast SPA</div>');
writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
/** A file next to the build that no URL may reach. */
const secretName = `secret-${path.basename(webDist)}.txt`;
writeFileSync(path.join(webDist, '..', secretName), 'TOP-SECRET');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    webDist,
    extend: (app) => {
      app.get('/api/__auth_probe', { preHandler: app.authenticate }, async (request) => ({
        id: request.user?.id,
      }));
      app.get('/api/__boom', async () => {
        throw new Error('secret internal detail: connection string postgres://user:pw@db');
      });
      app.post(
        '/api/__validate',
        {
          schema: {
            body: z.object({
              phNo: z.string().regex(/^\d{10}$/, 'Phone number must be 10 digits'),
              name: z.string().min(1, 'Name is required'),
            }),
          },
        },
        async () => ({ ok: true }),
      );
    },
  });
});
afterAll(async () => {
  await t.close();
});

describe(`foundation (${testDatabaseKind})`, () => {
  it('GET /api/health reports the database up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'up' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('unknown /api routes answer 404 with the contract error body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    const body = errorBodySchema.parse(res.json());
    expect(body).toEqual({ statusCode: 404, message: 'Route GET /api/nope not found', error: 'Not Found' });
  });

  it('serves the SPA with history fallback for deep links, and assets as files', async () => {
    const deep = await t.app.inject({ method: 'GET', url: '/quizzes/summary/some-quiz-id' });
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-type']).toContain('text/html');
    expect(deep.body).toContain('Quizcast SPA');
    expect(deep.headers['cache-control']).toBe('no-cache');

    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('never serves files outside the web build', async () => {
    // A secret right beside the build: every traversal normalises to a path outside the build, so it
    // gets the SPA's index (the history fallback), never the file.
    for (const url of [
      `/..%2f${secretName}`,
      `/%2e%2e%2f${secretName}`,
      `/%2e%2e/${secretName}`,
      `/assets/..%2f..%2f${secretName}`,
      `/..%5c${secretName}`,
      `/.%2e/${secretName}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('TOP-SECRET');
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe('<!doctype html><div id="root">Quizcast SPA</div>');
    }
    // The same file inside the build is served, so the requests above did reach the file server.
    const inside = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(inside.body).toBe('console.log(1)');
  });

  it('sends security headers with a CSP limited to its own origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    const directives = new Map(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((parts) => parts[0])
        .map(([name, ...sources]) => [name!, sources]),
    );
    // Scripts only from this origin: no inline script, no eval, no other host, no data: URLs.
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'self'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'self'"]);
    expect(directives.has('script-src-attr') ? directives.get('script-src-attr') : ["'none'"]).toEqual([
      "'none'",
    ]);
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a 500 shows no internals, only the error body and a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/__boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      statusCode: 500,
      message: 'Internal server error',
      error: 'Internal Server Error',
    });
    expect(res.body).not.toContain('secret');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('a validation failure lists every message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/__validate',
      payload: { phNo: '12', name: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      message: ['Phone number must be 10 digits', 'Name is required'],
      error: 'Bad Request',
    });
  });

  it('has no clock control unless DEV_CLOCK_CONTROL is set', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/dev/clock', payload: { advanceMs: 1000 } });
    expect(res.statusCode).toBe(404);
  });

  it('publishes the OpenAPI document generated from the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths).toHaveProperty('/api/health');
  });

  it('answers 413 with the error body when a JSON body is too large', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ blob: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(errorBodySchema.parse(res.json()).statusCode).toBe(413);
  });
});

describe(`schema constraints (${testDatabaseKind})`, () => {
  it('refuses a second user with the same phone number', async () => {
    const a = await createStudent(t.db);
    await expect(createStudent(t.db, { phNo: a.phNo })).rejects.toThrow();
  });

  it('refuses a second attempt by the same user on the same quiz', async () => {
    const user = await createStudent(t.db);
    const { quiz } = await createQuiz(t.db);
    const values = { quizId: quiz.id, userId: user.id, startedAt: new Date(), deadlineAt: new Date() };
    await createAttempt(t.db, values);
    await expect(createAttempt(t.db, values)).rejects.toThrow();
  });

  it('refuses a quiz that ends before it starts, and an answer index outside the choices', async () => {
    const now = new Date();
    await expect(createQuiz(t.db, { startAt: now, endAt: new Date(now.getTime() - 1000) })).rejects.toThrow();
    await expect(createQuiz(t.db, {}, [{ qn: 'Q', choices: ['a', 'b'], ansIndex: 2 }])).rejects.toThrow();
  });

  it('has the trigram extension for indexed quiz search', async () => {
    const rows = await t.db.execute(sql`select extname from pg_extension where extname = 'pg_trgm'`);
    const list = Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows;
    expect(list).toHaveLength(1);
  });
});

describe(`sessions (${testDatabaseKind})`, () => {
  it('rejects a missing, tampered, expired or revoked token on a protected route', async () => {
    // A throwaway protected route proves the authenticate preHandler before real ones exist.
    const user = await createStudent(t.db);
    const headers = await bearerFor(user, t.clock);
    const token = headers.authorization!.split(' ')[1]!;
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const probe = async (authorization?: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/__auth_probe',
        headers: authorization ? { authorization } : {},
      });
      return res;
    };
    expect((await probe()).statusCode).toBe(401);
    expect((await probe(`Bearer ${tampered}`)).statusCode).toBe(401);
    const ok = await probe(headers.authorization);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ id: user.id });

    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    expect((await probe(headers.authorization)).statusCode).toBe(401);
    t.clock.advance(-31 * 24 * 60 * 60 * 1000);

    await t.db.execute(sql`update sessions set revoked_at = now() where user_id = ${user.id}`);
    const revoked = await probe(headers.authorization);
    expect(revoked.statusCode).toBe(401);
    expect(errorBodySchema.parse(revoked.json()).error).toBe('Unauthorized');
  });
});

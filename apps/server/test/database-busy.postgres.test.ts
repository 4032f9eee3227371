import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_MESSAGES } from '@quizcast/contract/schemas/account';
import { buildApp } from '../src/app';
import { parseEnv } from '../src/config';
import { openPostgres, type Database } from '../src/db/client';
import { createScratchDatabase } from '../src/db/scratch-database';
import { ManualClock } from '../src/lib/clock';
import { TEST_JWT_SECRET } from './helpers';

/** Issue 15 (availability): no database connection in time is "busy, come back", never a 500. */
const BUSY = { statusCode: 503, message: ACCOUNT_MESSAGES.serviceBusy, error: 'Service Unavailable' };

// A real pool of one connection held busy: only PostgreSQL has a pool (PGlite has one connection
// and queues queries instead of timing out). *.postgres.test.ts: runs only when TEST_DATABASE_URL is
// set (vitest.config.ts).
describe('PostgreSQL pool exhausted → 503 + Retry-After', () => {
  let app: FastifyInstance;
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'quizcast_busy');
    drop = scratch.drop;
    database = await openPostgres(scratch.url, 1, undefined, 300);
    await database.migrate();
    const env = parseEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'quizcast-test-')),
      WEB_DIST: path.join(tmpdir(), 'quizcast-no-web-dist'),
    });
    app = await buildApp(
      { ...env, jwtSecret: TEST_JWT_SECRET },
      { database, clock: new ManualClock('2026-11-22T10:00:00Z'), ownsDatabase: true },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('while the only connection is held, a request answers 503 with Retry-After; then 200 again', async () => {
    let release!: () => void;
    let held!: () => void;
    const acquired = new Promise<void>((resolve) => (held = resolve));
    const holding = database.db.transaction(async () => {
      held();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await acquired;

    const busy = await app.inject({ method: 'GET', url: '/api/result/latest' });
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('5');
    expect(busy.json()).toEqual(BUSY);

    release();
    await holding;
    const ok = await app.inject({ method: 'GET', url: '/api/result/latest' });
    expect(ok.statusCode).toBe(200);
  });
});

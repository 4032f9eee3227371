import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@quizcast/contract/schemas/account';
import { buildTestApp, testDatabaseKind, type TestApp } from './helpers';

/** Issue 15 (availability): no database connection in time is "busy, come back", never a 500. */
const BUSY = { statusCode: 503, message: ACCOUNT_MESSAGES.serviceBusy, error: 'Service Unavailable' };

describe(`database busy → 503 (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      extend: (app) => {
        // What drizzle throws when pg-pool gives up: the pool's error wrapped as the cause.
        app.get('/api/__probe/pool-timeout', async () => {
          throw new Error('Failed query: select 1', {
            cause: new Error('timeout exceeded when trying to connect'),
          });
        });
        app.get('/api/__probe/other-error', async () => {
          throw new Error('something else broke');
        });
      },
    });
  });
  afterAll(() => t.close());

  it('a pool timeout, even wrapped, answers 503 with Retry-After in the error shape; other faults stay 500', async () => {
    const busy = await t.app.inject({ method: 'GET', url: '/api/__probe/pool-timeout' });
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('5');
    expect(busy.json()).toEqual(BUSY);
    const other = await t.app.inject({ method: 'GET', url: '/api/__probe/other-error' });
    expect(other.statusCode).toBe(500);
  });
});

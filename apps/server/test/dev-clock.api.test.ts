import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { parseEnv } from '../src/config';
import { OffsetClock } from '../src/lib/clock';
import { FAKE_CAPTURE_WEBHOOK_DELAY_MS } from '../src/modules/payments/fake-gateway.service';
import { openTestDatabase, TEST_JWT_SECRET } from './helpers';

/**
 * The browser tests' clock control (DEV_CLOCK_CONTROL): besides the time, it tells the waits a test
 * moves the clock past as this server is configured, so no test hard-codes them.
 */
describe('dev clock control', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const env = parseEnv({
      NODE_ENV: 'development',
      LOG_LEVEL: 'silent',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'quizcast-test-')),
      WEB_DIST: path.join(tmpdir(), 'quizcast-no-web-dist'),
      DEV_CLOCK_CONTROL: 'true',
      SUBMIT_GRACE_SECONDS: '45',
      OTP_RESEND_COOLDOWN_SECONDS: '20',
      // Its loopback stand-in adds the /api/dev/push routes refused below.
      PUSH_STAND_IN: 'true',
    });
    app = await buildApp(
      { ...env, jwtSecret: TEST_JWT_SECRET },
      { database: await openTestDatabase(), clock: new OffsetClock(), ownsDatabase: true },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('reads the configured grace, resend cooldown and fake webhook delay, and moves the clock', async () => {
    const before = await app.inject({ method: 'GET', url: '/api/dev/clock' });
    expect(before.statusCode).toBe(200);
    const state = before.json() as { now: string };
    expect(state).toMatchObject({
      submitGraceMs: 45_000,
      otpResendCooldownMs: 20_000,
      fakeCaptureWebhookDelayMs: FAKE_CAPTURE_WEBHOOK_DELAY_MS,
    });
    const moved = await app.inject({
      method: 'POST',
      url: '/api/dev/clock',
      payload: { advanceMs: 3_600_000 },
    });
    expect(moved.statusCode).toBe(200);
    const after = moved.json() as { now: string; submitGraceMs: number };
    expect(new Date(after.now).getTime() - new Date(state.now).getTime()).toBeGreaterThanOrEqual(3_600_000);
    expect(after.submitGraceMs).toBe(45_000);
  });

  it('every development aid refuses another machine before it reads the body: 403, never a 400', async () => {
    // Each with a body or query its schema would refuse: a 400 would tell another machine the route exists.
    const aids = [
      { method: 'GET', url: '/api/dev/clock', local: 200 },
      { method: 'POST', url: '/api/dev/clock', payload: { advanceMs: -1 }, local: 400 },
      { method: 'GET', url: '/api/dev/outbox', local: 400 },
      { method: 'GET', url: '/api/dev/push', local: 200 },
      { method: 'POST', url: '/api/dev/push/subscriptions', payload: { phNo: 'x' }, local: 400 },
      { method: 'POST', url: '/api/dev/push/test', payload: {}, local: 400 },
      { method: 'POST', url: '/api/payments/fake/pay', payload: { orderId: 7 }, local: 400 },
      {
        method: 'POST',
        url: '/api/payments/fake/fail',
        payload: '{not json',
        headers: { 'content-type': 'application/json' },
        local: 400,
      },
    ] as const;
    for (const { local: localStatus, ...aid } of aids) {
      const remote = await app.inject({ ...aid, remoteAddress: '198.51.100.30' });
      expect(remote.statusCode, `${aid.method} ${aid.url}`).toBe(403);
      expect(remote.json(), `${aid.method} ${aid.url}`).toMatchObject({
        message: 'Development aids answer only on this machine',
      });
      // The same request from this machine reaches the schema.
      const local = await app.inject(aid);
      expect(local.statusCode, `${aid.method} ${aid.url} locally`).toBe(localStatus);
    }
  });
});

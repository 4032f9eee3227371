import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { buildApp } from '../src/app';
import { parseEnv, type AppConfig } from '../src/config';
import { WorkerPushSender } from '../src/providers/push/worker-push-sender';
import { createStudent } from '../src/seed/factories';
import { bearerFor, buildTestApp, TEST_JWT_SECRET, testDatabaseKind, type TestApp } from './helpers';
import { PushServiceStandIn } from './push-service-stand-in';

/**
 * Reminders end to end in development (issue 28: "reminders end to end through the stand-in in
 * development"): the app as `npm start` builds it (PUSH_STAND_IN on, the sender and VAPID keys its
 * own, nothing injected) starts the loopback push-service stand-in; a learner subscribed to it gets
 * the sweeper's reminder encrypted by web-push and decrypted by the stand-in with the subscription's
 * keys, listed by /api/dev/push. Production has none of it, and refuses a loopback endpoint.
 */

/** 12:00 IST: after the daily five's default time (08:00), outside quiet hours. */
const NOON = new Date('2026-11-24T06:30:00Z');
const PHONE = '9123456780';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: NOON, env: { PUSH_STAND_IN: 'true', PUSH_TIMEOUT_MS: '5000' } });
});
afterAll(async () => {
  await t.close();
});

describe(`development's push-service stand-in (${testDatabaseKind})`, () => {
  it("delivers the sweeper's reminder through web-push to the stand-in, which decrypts it", async () => {
    expect(t.app.ctx.pushStandIn).not.toBeNull();
    await createStudent(t.db, { phNo: PHONE, preferredLanguage: 'hi' });
    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/api/dev/push/subscriptions',
      payload: { phNo: PHONE },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    const { endpoint } = subscribed.json() as { endpoint: string };
    expect(endpoint.startsWith(`${t.app.ctx.pushStandIn!.origin}/push/`)).toBe(true);

    await t.app.sweeper.runOnce();
    const first = await t.app.inject({ method: 'GET', url: '/api/dev/push' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      received: [
        {
          at: expect.any(String),
          phNo: PHONE,
          endpoint,
          payload: {
            kind: 'daily_five',
            title: 'आज के पाँच सवाल तैयार हैं',
            body: 'पाँच सवाल, लगभग तीन मिनट।',
            url: '/daily-five',
            tag: 'daily_five',
          },
        },
      ],
    });
    // What arrived was a real web push: aes128gcm, signed with the server's VAPID key.
    const [push] = t.app.ctx.pushStandIn!.received;
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers.authorization).toContain(`k=${t.app.ctx.push!.publicKey}`);

    // Claimed once: a second sweep sends nothing; "send me a test reminder" pushes one more now.
    await t.app.sweeper.runOnce();
    const test = await t.app.inject({ method: 'POST', url: '/api/dev/push/test', payload: { phNo: PHONE } });
    expect(test.json()).toEqual({ outcomes: ['sent'] });
    const both = (await t.app.inject({ method: 'GET', url: '/api/dev/push' })).json() as {
      received: { payload: { kind: string } }[];
    };
    expect(both.received.map((r) => r.payload.kind)).toEqual(['daily_five', 'daily_five']);
  });

  it('answers only this machine, and an unknown number 404', async () => {
    const forwarded = await t.app.inject({
      method: 'GET',
      url: '/api/dev/push',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(forwarded.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/dev/push/subscriptions',
      payload: { phNo: '9000000999' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('is off in tests by default: no stand-in, no routes', async () => {
    const plain = await buildTestApp({ shareWith: t });
    try {
      expect(plain.app.ctx.pushStandIn).toBeNull();
      expect((await plain.app.inject({ method: 'GET', url: '/api/dev/push' })).statusCode).toBe(404);
    } finally {
      await plain.app.close();
    }
  });
});

describe(`production (${testDatabaseKind})`, () => {
  it('refuses PUSH_STAND_IN, has no stand-in or its routes even past the check, and refuses a loopback endpoint', async () => {
    expect(() =>
      parseEnv({
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        DATABASE_URL: 'postgres://db/quizcast',
        PUSH_STAND_IN: 'true',
      }),
    ).toThrow(/PUSH_STAND_IN/);
    const standIn = await PushServiceStandIn.start();
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const config: AppConfig = {
      ...env,
      NODE_ENV: 'production',
      PUSH_STAND_IN: true,
      jwtSecret: TEST_JWT_SECRET,
    };
    const push = new WorkerPushSender({
      keys: webpush.generateVAPIDKeys(),
      subject: 'mailto:t@quizcast.invalid',
      timeoutMs: 2000,
      extraCa: [standIn.cert],
    });
    // On the first app's database and clock (a second instance), so its learners sign in as usual.
    const prod = await buildApp(config, { database: t.database, clock: t.clock, ownsDatabase: false, push });
    try {
      expect(prod.ctx.pushStandIn).toBeNull();
      expect((await prod.inject({ method: 'GET', url: '/api/dev/push' })).statusCode).toBe(404);
      const user = await createStudent(t.db);
      const loopback = await prod.inject({
        method: 'POST',
        url: '/api/reminders/subscription',
        headers: await bearerFor(user, t.clock),
        payload: standIn.subscribe(),
      });
      expect(loopback.statusCode).toBe(400);
      expect(loopback.json().message).toMatch(/push/i);
    } finally {
      await prod.close();
      await push.close();
      await standIn.close();
    }
  });
});

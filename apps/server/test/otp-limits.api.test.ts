import { afterAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { errorBodySchema } from '@quizcast/contract/errors';
import { freshIp, freshPhone, outboxOtp, sendOtp } from './account-support';
import { buildTestApp, testDatabaseKind, type TestApp } from './helpers';

const SECOND = 1000;

/**
 * Hourly send quotas go through @fastify/rate-limit: in memory by default, and also in Redis when
 * TEST_REDIS_URL is set (as CI does with the machine's Redis), the store REDIS_URL selects.
 */
const stores: { kind: 'memory' | 'redis'; url?: string }[] = [{ kind: 'memory' }];
if (process.env.TEST_REDIS_URL) stores.push({ kind: 'redis', url: process.env.TEST_REDIS_URL });

const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
});

async function appWith(store: (typeof stores)[number], env: Record<string, string> = {}) {
  const namespace = `quizcast-test-${randomBytes(6).toString('hex')}:`;
  const t = await buildTestApp({
    env: { ...(store.url ? { REDIS_URL: store.url } : {}), RATE_LIMIT_NAMESPACE: namespace, ...env },
  });
  apps.push(t);
  return { t, namespace };
}

const errorOf = (res: { json(): unknown }) => errorBodySchema.parse(res.json());

describe.each(stores)(`OTP send limits ($kind store, ${testDatabaseKind})`, (store) => {
  it('enforces the 30 s resend cooldown with Retry-After', async () => {
    const { t } = await appWith(store);
    const phNo = freshPhone();
    expect((await sendOtp(t.app, 'signup', phNo)).statusCode).toBe(200);

    const early = await sendOtp(t.app, 'signup', phNo);
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('30');
    expect(errorOf(early).message).toBe('Please wait 30 seconds before requesting a new OTP.');

    t.clock.advance(29 * SECOND);
    const stillEarly = await sendOtp(t.app, 'signup', phNo);
    expect(stillEarly.statusCode).toBe(429);
    expect(stillEarly.headers['retry-after']).toBe('1');

    t.clock.advance(SECOND);
    expect((await sendOtp(t.app, 'signup', phNo)).statusCode).toBe(200);
  });

  it('allows 5 sends per phone per hour, then 429 with Retry-After; other phones are unaffected', async () => {
    const { t, namespace } = await appWith(store);
    const phNo = freshPhone();
    for (let i = 0; i < 5; i++) {
      expect((await sendOtp(t.app, 'signup', phNo)).statusCode).toBe(200);
      t.clock.advance(31 * SECOND);
    }
    const sixth = await sendOtp(t.app, 'signup', phNo);
    expect(sixth.statusCode).toBe(429);
    expect(errorOf(sixth).message).toBe('Too many OTP requests for this number. Please try again later.');
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // The refused send left the previous code usable.
    expect(await outboxOtp(t.app, phNo)).toMatch(/^[0-9]{6}$/);

    expect((await sendOtp(t.app, 'signup', freshPhone())).statusCode).toBe(200);

    if (store.url) {
      const redis = new Redis(store.url);
      try {
        expect((await redis.keys(`${namespace}*`)).length).toBeGreaterThan(0);
      } finally {
        redis.disconnect();
      }
    }
  });

  it('allows 20 sends per IP per hour, then 429 with Retry-After; other IPs are unaffected', async () => {
    const { t } = await appWith(store);
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      expect((await sendOtp(t.app, 'signup', freshPhone(), ip)).statusCode).toBe(200);
    }
    const refused = await sendOtp(t.app, 'signup', freshPhone(), ip);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).message).toBe('Too many OTP requests. Please try again later.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    // Login sends share the same per-IP quota.
    expect((await sendOtp(t.app, 'login', freshPhone(), ip)).statusCode).toBe(429);

    expect((await sendOtp(t.app, 'signup', freshPhone(), freshIp())).statusCode).toBe(200);
  });

  it('takes its limits from the environment', async () => {
    const { t } = await appWith(store, {
      OTP_PHONE_LIMIT_PER_HOUR: '2',
      OTP_IP_LIMIT_PER_HOUR: '3',
      OTP_RESEND_COOLDOWN_SECONDS: '0',
    });
    const phNo = freshPhone();
    const ip = freshIp();
    expect((await sendOtp(t.app, 'signup', phNo, ip)).statusCode).toBe(200);
    expect((await sendOtp(t.app, 'signup', phNo, ip)).statusCode).toBe(200);
    expect((await sendOtp(t.app, 'signup', phNo, ip)).statusCode).toBe(429);
    expect((await sendOtp(t.app, 'signup', freshPhone(), ip)).statusCode).toBe(429);
  });
});

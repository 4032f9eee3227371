import { afterAll, describe, expect, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import { errorBodySchema } from '@quizcast/contract/errors';
import { createQuiz, createStudent } from '../src/seed/factories';
import { freshPhone, outboxOtp, sendOtp } from './account-support';
import { bearerFor, buildTestApp, testDatabaseKind, type TestApp } from './helpers';

/** Issue 15 items 5–7: proxy trust, limits that hold, Redis down, development aids. */

const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
});
async function appWith(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await buildTestApp({
    env: { RATE_LIMIT_NAMESPACE: `quizcast-accounts-${randomBytes(6).toString('hex')}:`, ...env },
  });
  apps.push(t);
  return t;
}
const errorOf = (res: { json(): unknown }) => errorBodySchema.parse(res.json());
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

/** A send-OTP call as it reaches the app: from `socket`, with whatever X-Forwarded-For it carries. */
function send(t: TestApp, phNo: string, socket: string, xff?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/students/signup-send-otp',
    payload: { phNo },
    remoteAddress: socket,
    headers: xff ? { 'x-forwarded-for': xff } : {},
  });
}
const forged = (i: number) => `${(i * 37) % 223}.${(i * 11) % 250}.${i % 250}.${(i * 7) % 250}`;

describe(`TRUST_PROXY and forged X-Forwarded-For (${testDatabaseKind})`, () => {
  it('without a proxy (the default) a forged header does not escape the per-IP limit', async () => {
    const t = await appWith();
    const attacker = '198.51.100.7';
    for (let i = 0; i < 20; i++) {
      expect((await send(t, freshPhone(), attacker, forged(i))).statusCode).toBe(200);
    }
    const refused = await send(t, freshPhone(), attacker, forged(99));
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).message).toBe('Too many OTP requests. Please try again later.');
  });

  it.each([
    ['a proxy address list', '10.0.0.1'],
    ['a CIDR', '10.0.0.0/24'],
    ['a hop count', '1'],
  ])('behind a load balancer given as %s, the client is the address the proxy saw', async (_, trust) => {
    const t = await appWith({ TRUST_PROXY: trust });
    const lb = '10.0.0.1';
    const client = '203.0.113.9';
    // The attacker writes any X-Forwarded-For; the load balancer appends the address it saw.
    for (let i = 0; i < 20; i++) {
      expect((await send(t, freshPhone(), lb, `${forged(i)}, ${client}`)).statusCode).toBe(200);
    }
    const refused = await send(t, freshPhone(), lb, `${forged(99)}, ${client}`);
    expect(refused.statusCode).toBe(429);
    // Another real client behind the same balancer has its own quota (not the whole site's).
    expect((await send(t, freshPhone(), lb, `${forged(5)}, 203.0.113.10`)).statusCode).toBe(200);
  });

  it('a client reaching the app directly (not through the listed proxy) cannot pick its address', async () => {
    const t = await appWith({ TRUST_PROXY: '10.0.0.1' });
    for (let i = 0; i < 20; i++) {
      expect((await send(t, freshPhone(), '198.51.100.8', forged(i))).statusCode).toBe(200);
    }
    expect((await send(t, freshPhone(), '198.51.100.8', forged(77))).statusCode).toBe(429);
  });
});

describe(`limits that hold at scale (${testDatabaseKind})`, () => {
  it('the in-memory store keeps a counter while 6,000 other keys arrive (the old store kept 5,000)', async () => {
    const t = await buildTestApp({
      extend: (app) => {
        const limiter = app.createRateLimit({
          max: 1,
          timeWindow: 60 * MIN,
          keyGenerator: (request) => `probe:${(request.query as { k: string }).k}`,
        });
        app.get('/probe-limit', async (request) => {
          const r = await limiter(request);
          return { limited: !r.isAllowed && r.isExceeded };
        });
      },
    });
    apps.push(t);
    const hit = async (k: string) =>
      (await t.app.inject({ method: 'GET', url: `/probe-limit?k=${k}` })).json().limited as boolean;
    expect(await hit('victim')).toBe(false);
    expect(await hit('victim')).toBe(true);
    for (let i = 0; i < 6000; i++) await hit(`other-${i}`);
    expect(await hit('victim')).toBe(true);
  });

  it('locks a number after 15 wrong codes in a day across codes; even the right code is then refused', async () => {
    const t = await appWith();
    const phNo = freshPhone();
    await createStudent(t.db, { phNo });
    const verify = (otp: string) =>
      t.app.inject({ method: 'POST', url: '/api/students/login-verify-otp', payload: { phNo, otp } });
    const wrongFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    // Three codes, five wrong tries each (each code's own limit), asking for a new code in between.
    for (let code = 0; code < 3; code++) {
      expect((await sendOtp(t.app, 'login', phNo)).statusCode).toBe(200);
      const otp = await outboxOtp(t.app, phNo);
      for (let i = 0; i < 5; i++) expect((await verify(wrongFor(otp))).statusCode).toBe(400);
      t.clock.advance(MIN);
    }
    const refusedSend = await sendOtp(t.app, 'login', phNo);
    expect(refusedSend.statusCode).toBe(429);
    expect(errorOf(refusedSend).message).toMatch(/^Too many wrong codes for this number/);

    const rightCode = await outboxOtp(t.app, phNo); // the last code, unexpired, right
    const locked = await verify(rightCode);
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked).message).toMatch(/^Too many wrong codes for this number/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(23 * 60 * 60);

    // A day after the first wrong code, the number can sign in again.
    t.clock.advance(DAY);
    expect((await sendOtp(t.app, 'login', phNo)).statusCode).toBe(200);
    expect((await verify(await outboxOtp(t.app, phNo))).statusCode).toBe(200);
  });

  it('a right code does not count as a failure (14 wrong + logins stay open)', async () => {
    const t = await appWith();
    const phNo = freshPhone();
    await createStudent(t.db, { phNo });
    const verify = (otp: string) =>
      t.app.inject({ method: 'POST', url: '/api/students/login-verify-otp', payload: { phNo, otp } });
    for (let round = 0; round < 4; round++) {
      expect((await sendOtp(t.app, 'login', phNo)).statusCode).toBe(200);
      const otp = await outboxOtp(t.app, phNo);
      for (let i = 0; i < 3; i++) await verify(otp === '000000' ? '000001' : '000000');
      expect((await verify(otp)).statusCode).toBe(200);
      t.clock.advance(MIN);
    }
    // 12 wrong codes and 4 right ones: under 15.
    expect((await sendOtp(t.app, 'login', phNo)).statusCode).toBe(200);
  });

  it('a global SMS budget per hour: then 503 with Retry-After and a warning in the service log', async () => {
    const t = await appWith({ SMS_BUDGET_PER_HOUR: '3' });
    const warn = vi.spyOn(t.app.log, 'warn');
    for (let i = 0; i < 3; i++) {
      expect((await send(t, freshPhone(), `192.0.2.${i + 1}`)).statusCode).toBe(200);
    }
    const spent = await send(t, freshPhone(), '192.0.2.50');
    expect(spent.statusCode).toBe(503);
    expect(Number(spent.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorOf(spent)).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'We are sending too many codes right now. Please try again in a few minutes.',
    });
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ budgetPerHour: 3 }),
      expect.stringContaining('SMS budget'),
    );
  });
});

describe(`Redis down (${testDatabaseKind})`, () => {
  it('OTP sends and payments answer 503 with Retry-After, not 500', async () => {
    // Port 1 on loopback: nothing listens, every connection is refused.
    const t = await appWith({ REDIS_URL: 'redis://127.0.0.1:1' });
    const otp = await send(t, freshPhone(), '192.0.2.77');
    expect(otp.statusCode, otp.body).toBe(503);
    expect(otp.headers['retry-after']).toBe('30');
    expect(errorOf(otp).message).toBe('This service is briefly unavailable. Please try again in a moment.');

    const user = await createStudent(t.db);
    const { quiz } = await createQuiz(t.db, { pricePaise: 1000 }, undefined, t.clock.now());
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: await bearerFor(user, t.clock),
      payload: { amount: 11.8, currency: 'INR', quizId: quiz.id },
    });
    expect(order.statusCode).toBe(503);
    expect(order.headers['retry-after']).toBe('30');
  });
});

describe(`development aids answer only this machine (${testDatabaseKind})`, () => {
  it('dev outbox: the socket address decides, a forwarding header never admits', async () => {
    const t = await appWith();
    const phNo = freshPhone();
    expect((await sendOtp(t.app, 'signup', phNo)).statusCode).toBe(200);
    const outbox = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: `/api/dev/outbox?phNo=${phNo}`, remoteAddress, headers });

    expect((await outbox('127.0.0.1')).statusCode).toBe(200);
    expect((await outbox('::1')).statusCode).toBe(200);
    const remote = await outbox('203.0.113.20', { 'x-forwarded-for': '127.0.0.1' });
    expect(remote.statusCode).toBe(403);
    expect(errorOf(remote).message).toBe('Development aids answer only on this machine');
    // Through a reverse proxy on the same machine: the socket is local, but it was forwarded.
    expect((await outbox('127.0.0.1', { 'x-forwarded-for': '203.0.113.20' })).statusCode).toBe(403);
  });

  it('fake checkout pay and fail refuse a request from another machine', async () => {
    const t = await appWith();
    const user = await createStudent(t.db);
    const { quiz } = await createQuiz(t.db, { pricePaise: 1000 }, undefined, t.clock.now());
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers: await bearerFor(user, t.clock),
      payload: { amount: 11.8, currency: 'INR', quizId: quiz.id },
    });
    expect(order.statusCode).toBe(200);
    const orderId = order.json().order.id as string;
    for (const url of ['/api/payments/fake/pay', '/api/payments/fake/fail']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: { orderId },
        remoteAddress: '198.51.100.30',
      });
      expect(res.statusCode).toBe(403);
    }
    const local = await t.app.inject({ method: 'POST', url: '/api/payments/fake/pay', payload: { orderId } });
    expect(local.statusCode).toBe(200);
  });
});

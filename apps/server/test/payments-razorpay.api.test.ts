import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { parseEnv, type AppConfig } from '../src/config';
import { payments } from '../src/db/schema';
import { buildTestApp, openTestDatabase, TEST_JWT_SECRET, testDatabaseKind } from './helpers';
import {
  KEY_ID,
  KEY_SECRET,
  WEBHOOK_SECRET,
  sign,
  received,
  app,
  db,
  clock,
  webDist,
  razorpayApp,
  useRazorpayApp,
  failStub,
  setup,
  signedWebhook,
  orderFor,
} from './support/razorpay';

useRazorpayApp();

describe(`razorpay provider (${testDatabaseKind})`, () => {
  it('creates the order through the official SDK with the amount, a receipt and notes {quizId, userId}', async () => {
    const learner = await setup();
    const { user, quiz, headers } = learner;
    const body = await orderFor(learner);
    expect(body).toMatchObject({
      provider: 'razorpay',
      keyId: KEY_ID,
      order: { id: expect.stringMatching(/^order_Stub/), amount: 1180, currency: 'INR' },
    });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      method: 'POST',
      url: '/v1/orders',
      authorization: `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`,
      body: {
        amount: 1180,
        currency: 'INR',
        receipt: body.paymentId,
        notes: { quizId: quiz.id, userId: user.id },
      },
    });

    // The pending order is reused: Razorpay is not asked again.
    const again = await app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers,
      payload: { amount: 11.8, currency: 'INR', quizId: quiz.id },
    });
    expect(again.json()).toMatchObject({ order: { id: body.order.id } });
    expect(received).toHaveLength(1);
  });

  it("verifies Razorpay's checkout signature with the key secret and unlocks", async () => {
    const learner = await setup();
    const { quiz, headers } = learner;
    const order = await orderFor(learner);
    const paymentId = 'pay_RealLooking0001';
    const verify = (signature: string) =>
      app.inject({
        method: 'POST',
        url: '/api/payments/verify-payment',
        headers,
        payload: { orderId: order.order.id, paymentId, signature, amount: 11.8, quizId: quiz.id },
      });
    expect((await verify(sign(`${order.order.id}|${paymentId}`, WEBHOOK_SECRET))).statusCode).toBe(400);
    const ok = await verify(sign(`${order.order.id}|${paymentId}`, KEY_SECRET));
    expect(ok.statusCode, ok.body).toBe(200);
    const [row] = await db.select().from(payments).where(eq(payments.id, order.paymentId));
    expect(row).toMatchObject({ status: 'success', provider: 'razorpay', providerPaymentId: paymentId });
  });

  it('accepts webhooks signed with RAZORPAY_WEBHOOK_SECRET', async () => {
    const order = await orderFor(await setup());
    const body = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      payload: {
        payment: {
          entity: { id: 'pay_Hook00000001', order_id: order.order.id, amount: 1180, currency: 'INR' },
        },
      },
    });
    const res = await signedWebhook(body, 'evt_Hook00000001');
    expect(res.json()).toEqual({ status: 'processed' });
  });

  it('does not reuse a pending order made with another provider (e.g. the fake one before switching)', async () => {
    const { user, quiz, headers } = await setup();
    await db.insert(payments).values({
      userId: user.id,
      quizId: quiz.id,
      provider: 'fake',
      orderId: `order_fakeLeftOver${user.id.slice(0, 6)}`,
      basePaise: 1000,
      gstPaise: 180,
      amountPaise: 1180,
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers,
      payload: { amount: 11.8, currency: 'INR', quizId: quiz.id },
    });
    expect(res.json()).toMatchObject({
      provider: 'razorpay',
      order: { id: expect.stringMatching(/^order_Stub/) },
    });
    expect(received).toHaveLength(1);
  });

  it('answers 502 and records nothing when Razorpay cannot create the order', async () => {
    const { user, quiz, headers } = await setup();
    failStub();
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/create-order',
      headers,
      payload: { amount: 11.8, currency: 'INR', quizId: quiz.id },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ message: "Couldn't create the payment order. Please try again." });
    expect(await db.select().from(payments).where(eq(payments.userId, user.id))).toHaveLength(0);
  });

  it('has no fake gateway, and its CSP allows Razorpay checkout', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/fake/pay',
      payload: { orderId: 'x' },
    });
    expect(res.statusCode).toBe(404);
    const page = await app.inject({ method: 'GET', url: '/' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' https:\/\/checkout\.razorpay\.com/);
    expect(csp).toMatch(/frame-src 'self' https:\/\/api\.razorpay\.com https:\/\/checkout\.razorpay\.com/);
  });

  it('with the fake provider the CSP names no Razorpay origin', async () => {
    const fake = await buildTestApp({ webDist });
    try {
      const page = await fake.app.inject({ method: 'GET', url: '/' });
      expect(String(page.headers['content-security-policy'])).not.toContain('razorpay');
    } finally {
      await fake.close();
    }
  });

  // Builds a second app of its own (~6 s on PGlite; 30 s was passed on a loaded machine).
  it('refuses webhooks when no webhook secret is configured', { timeout: 90_000 }, async () => {
    const bare = await razorpayApp({});
    try {
      const body = JSON.stringify({ event: 'payment.captured', payload: {} });
      const res = await bare.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        payload: body,
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': sign(body, WEBHOOK_SECRET) },
      });
      expect(res.statusCode).toBe(503);
    } finally {
      await bare.close();
    }
  });
});

describe(`the fake gateway in production (${testDatabaseKind})`, () => {
  it('never exists there, even if the config check were bypassed', async () => {
    const database = await openTestDatabase();
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: webDist });
    const config: AppConfig = { ...env, NODE_ENV: 'production', jwtSecret: TEST_JWT_SECRET };
    const prod = await buildApp(config, { database, clock, ownsDatabase: true });
    try {
      const res = await prod.inject({
        method: 'POST',
        url: '/api/payments/fake/pay',
        payload: { orderId: 'x' },
      });
      expect(res.statusCode).toBe(404);
      const fail = await prod.inject({
        method: 'POST',
        url: '/api/payments/fake/fail',
        payload: { orderId: 'x' },
      });
      expect(fail.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

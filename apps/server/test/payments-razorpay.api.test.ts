import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import Razorpay from 'razorpay';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createOrderResponseSchema, paymentListResponseSchema } from '@quizcast/contract/schemas/payment';
import { buildApp } from '../src/app';
import { parseEnv, type AppConfig } from '../src/config';
import { payments } from '../src/db/schema';
import type { Db } from '../src/db/client';
import { ManualClock } from '../src/lib/clock';
import { RazorpayPaymentProvider } from '../src/providers/payments/razorpay-payment-provider';
import { createQuiz, createStudent } from '../src/seed/factories';
import {
  bearerFor,
  buildTestApp,
  openTestDatabase,
  rememberTestDatabase,
  TEST_JWT_SECRET,
  testDatabaseKind,
} from './helpers';

/**
 * The razorpay provider through the official SDK. Razorpay's API is the one thing replaced: the SDK's
 * HTTP client is pointed at a local stub that answers like api.razorpay.com and records what it got.
 */
const KEY_ID = 'rzp_test_Stub1234567890';
const KEY_SECRET = 'stub_key_secret_0123456789';
const WEBHOOK_SECRET = 'stub_webhook_secret_0123456789';
const sign = (data: string, secret: string) => createHmac('sha256', secret).update(data).digest('hex');

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}
const received: Received[] = [];
let stubFails = false;
let orderCounter = 0;
/** What the stub's GET /v1/orders/:id/payments reports for an order (none when absent). */
const paymentsByOrder = new Map<string, { id: string; amount: number; currency: string; status: string }[]>();

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
}

const stub: Server = createServer(async (req, res) => {
  const body = await readJson(req);
  received.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, body });
  res.setHeader('content-type', 'application/json');
  if (stubFails) {
    res.statusCode = 500;
    res.end(JSON.stringify({ error: { code: 'SERVER_ERROR', description: 'The server is down' } }));
    return;
  }
  const orderPayments = /^\/v1\/orders\/([^/]+)\/payments$/.exec(req.url ?? '');
  if (req.method === 'GET' && orderPayments) {
    const items = (paymentsByOrder.get(orderPayments[1]!) ?? []).map((p) => ({
      ...p,
      entity: 'payment',
      order_id: orderPayments[1],
      method: 'upi',
      captured: p.status === 'captured',
    }));
    res.end(JSON.stringify({ entity: 'collection', count: items.length, items }));
    return;
  }
  orderCounter += 1;
  res.end(
    JSON.stringify({
      id: `order_Stub${String(orderCounter).padStart(10, '0')}`,
      entity: 'order',
      amount: body.amount,
      amount_paid: 0,
      amount_due: body.amount,
      currency: body.currency,
      receipt: body.receipt,
      status: 'created',
      attempts: 0,
      notes: body.notes,
      created_at: 1_700_000_000,
    }),
  );
});

let app: FastifyInstance;
let db: Db;
const clock = new ManualClock('2026-11-22T10:00:00Z');
const webDist = mkdtempSync(path.join(tmpdir(), 'quizcast-web-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');

async function razorpayApp(env: Record<string, string>): Promise<FastifyInstance> {
  const database = await openTestDatabase();
  db = database.db;
  rememberTestDatabase(clock, db);
  const parsed = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'quizcast-test-')),
    WEB_DIST: webDist,
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: KEY_ID,
    RAZORPAY_KEY_SECRET: KEY_SECRET,
    ...env,
  });
  const config: AppConfig = { ...parsed, jwtSecret: TEST_JWT_SECRET };
  const client = new Razorpay({ key_id: KEY_ID, key_secret: KEY_SECRET });
  const { port } = stub.address() as AddressInfo;
  (client.api as unknown as { rq: { defaults: { baseURL: string } } }).rq.defaults.baseURL =
    `http://127.0.0.1:${port}`;
  const provider = new RazorpayPaymentProvider({
    keyId: KEY_ID,
    keySecret: KEY_SECRET,
    webhookSecret: config.RAZORPAY_WEBHOOK_SECRET ?? null,
    client,
  });
  const built = await buildApp(config, { database, clock, payments: provider, ownsDatabase: true });
  await built.ready();
  return built;
}

beforeAll(async () => {
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  app = await razorpayApp({ RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET });
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => stub.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  stubFails = false;
  paymentsByOrder.clear();
});

async function setup() {
  const user = await createStudent(db);
  const { quiz } = await createQuiz(db, { pricePaise: 1000 }, undefined, clock.now());
  return { user, quiz, headers: await bearerFor(user, clock) };
}

/** A webhook as Razorpay sends it: the raw body signed with RAZORPAY_WEBHOOK_SECRET. */
function signedWebhook(body: string, eventId: string) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    payload: body,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': sign(body, WEBHOOK_SECRET),
      'x-razorpay-event-id': eventId,
    },
  });
}

/** create-order for a fresh learner and paid quiz, through the app; the order is Razorpay's (the stub's). */
async function orderFor(learner: Awaited<ReturnType<typeof setup>>) {
  const { user, quiz, headers } = learner;
  const res = await app.inject({
    method: 'POST',
    url: '/api/payments/create-order',
    headers,
    payload: { amount: 11.8, currency: 'INR', userId: user.id, quizId: quiz.id },
  });
  expect(res.statusCode, res.body).toBe(200);
  return createOrderResponseSchema.parse(res.json());
}

describe(`reconciling pending orders with Razorpay (${testDatabaseKind})`, () => {
  async function pendingOrder() {
    const learner = await setup();
    const order = await orderFor(learner);
    return { quiz: learner.quiz, headers: learner.headers, order, orderId: order.order.id };
  }
  const statusOf = async (paymentId: string, headers: Record<string, string>) =>
    (await app.inject({ method: 'GET', url: `/api/payments/status/${paymentId}`, headers })).json().payment
      .status;
  const attend = async (quizId: string, headers: Record<string, string>) =>
    (await app.inject({ method: 'GET', url: `/api/quizzes/participant/attend/${quizId}`, headers }))
      .statusCode;
  const askedAbout = (orderId: string) =>
    received.filter((r) => r.method === 'GET' && r.url === `/v1/orders/${orderId}/payments`).length;

  it('a payment captured at Razorpay but never verified or webhooked unlocks the quiz', async () => {
    const { quiz, headers, order, orderId } = await pendingOrder();
    paymentsByOrder.set(orderId, [
      { id: 'pay_Failed0000001', amount: 1180, currency: 'INR', status: 'failed' },
      { id: 'pay_Captured00001', amount: 1180, currency: 'INR', status: 'captured' },
    ]);
    // Too soon: the checkout callback and the webhook get the first two minutes.
    await app.sweeper.runOnce();
    expect(askedAbout(orderId)).toBe(0);
    expect(await attend(quiz.id, headers)).toBe(402);

    clock.advance(3 * 60_000);
    await app.sweeper.runOnce();
    expect(askedAbout(orderId)).toBe(1);
    expect(received.find((r) => r.url === `/v1/orders/${orderId}/payments`)?.authorization).toBe(
      `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`,
    );
    expect(await statusOf(order.paymentId, headers)).toBe('success');
    const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(row?.providerPaymentId).toBe('pay_Captured00001');
    expect(await attend(quiz.id, headers)).toBe(200);
  });

  it('an unpaid order is asked about every few minutes, then expires after a day; a late capture still unlocks', async () => {
    const { headers, order, orderId } = await pendingOrder();
    clock.advance(3 * 60_000);
    await app.sweeper.runOnce();
    expect(askedAbout(orderId)).toBe(1);
    await app.sweeper.runOnce();
    expect(askedAbout(orderId)).toBe(1);
    expect(await statusOf(order.paymentId, headers)).toBe('pending');

    clock.advance(24 * 60 * 60_000);
    await app.sweeper.runOnce();
    expect(await statusOf(order.paymentId, headers)).toBe('failed');

    // Razorpay's capture webhook arrives late after all: the money was taken, so it unlocks.
    const body = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      payload: {
        payment: {
          entity: {
            id: 'pay_Late000000001',
            order_id: orderId,
            amount: 1180,
            currency: 'INR',
            status: 'captured',
          },
        },
      },
      created_at: 1_700_000_000,
    });
    const hook = await signedWebhook(body, 'evt_Late000000001');
    expect(hook.statusCode, hook.body).toBe(200);
    expect(await statusOf(order.paymentId, headers)).toBe('success');
    const receipts = await app.inject({ method: 'GET', url: '/api/payments', headers });
    // The learner's receipts show it paid.
    expect(paymentListResponseSchema.parse(receipts.json()).payments.map((p) => p.status)).toEqual([
      'success',
    ]);
  });

  it('a capture for another amount, or Razorpay being down, leaves the order pending', async () => {
    const first = await pendingOrder();
    paymentsByOrder.set(first.orderId, [
      { id: 'pay_Wrong00000001', amount: 100, currency: 'INR', status: 'captured' },
    ]);
    clock.advance(3 * 60_000);
    await app.sweeper.runOnce();
    expect(askedAbout(first.orderId)).toBe(1);
    expect(await statusOf(first.order.paymentId, first.headers)).toBe('pending');

    const second = await pendingOrder();
    clock.advance(3 * 60_000);
    stubFails = true;
    await app.sweeper.runOnce();
    expect(await statusOf(second.order.paymentId, second.headers)).toBe('pending');
  });
});

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
    stubFails = true;
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

/** The Razorpay stub, the app wired to it through the official SDK, and requests shared by payments-razorpay*.api.test.ts. */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import Razorpay from 'razorpay';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createOrderResponseSchema } from '@quizcast/contract/schemas/payment';
import { buildApp } from '../../src/app';
import { parseEnv, type AppConfig } from '../../src/config';
import type { Db } from '../../src/db/client';
import { ManualClock } from '../../src/lib/clock';
import { RazorpayPaymentProvider } from '../../src/providers/payments/razorpay-payment-provider';
import { createQuiz, createStudent } from '../../src/seed/factories';
import { bearerFor, openTestDatabase, rememberTestDatabase, TEST_JWT_SECRET } from '../helpers';

/**
 * The razorpay provider through the official SDK. Razorpay's API is the one thing replaced: the SDK's
 * HTTP client is pointed at a local stub that answers like api.razorpay.com and records what it got.
 */
export const KEY_ID = 'rzp_test_Stub1234567890';
export const KEY_SECRET = 'stub_key_secret_0123456789';
export const WEBHOOK_SECRET = 'stub_webhook_secret_0123456789';
export const sign = (data: string, secret: string) => createHmac('sha256', secret).update(data).digest('hex');

export interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}
export const received: Received[] = [];
let stubFails = false;
let orderCounter = 0;
/** What the stub's GET /v1/orders/:id/payments reports for an order (none when absent). */
export const paymentsByOrder = new Map<
  string,
  { id: string; amount: number; currency: string; status: string }[]
>();

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

export let app: FastifyInstance;
export let db: Db;
export const clock = new ManualClock('2026-11-22T10:00:00Z');
export const webDist = mkdtempSync(path.join(tmpdir(), 'quizcast-web-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');

export async function razorpayApp(env: Record<string, string>): Promise<FastifyInstance> {
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

/** Starts the stub and one app for the calling test file; each test starts with a clean stub. */
export function useRazorpayApp(): void {
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
}

/** Razorpay is down: the stub answers 500 until the next test. */
export function failStub(): void {
  stubFails = true;
}

export async function setup() {
  const user = await createStudent(db);
  const { quiz } = await createQuiz(db, { pricePaise: 1000 }, undefined, clock.now());
  return { user, quiz, headers: await bearerFor(user, clock) };
}

/** A webhook as Razorpay sends it: the raw body signed with RAZORPAY_WEBHOOK_SECRET. */
export function signedWebhook(body: string, eventId: string) {
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
export async function orderFor(learner: Awaited<ReturnType<typeof setup>>) {
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

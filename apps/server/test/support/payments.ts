/** The payments API tests' app (one per file), the fake provider's secrets and request helpers (payments*.api.test.ts). */
import { createHmac } from 'node:crypto';
import { expect } from 'vitest';
import { errorBodySchema } from '@quizcast/contract/errors';
import {
  createOrderResponseSchema,
  fakePayResponseSchema,
  paymentStatusResponseSchema,
  type CheckoutSuccess,
  type CreateOrderResponse,
} from '@quizcast/contract/schemas/payment';
import { deriveSecret } from '../../src/providers/payments/payment-provider';
import { createQuiz, createStudent, type QuizRow, type UserRow } from '../../src/seed/factories';
import { t } from './app';
import { bearerFor, TEST_JWT_SECRET } from '../helpers';

/** The fake provider's secrets as the server derives them (a test stands in for Razorpay itself). */
export const KEY_SECRET = deriveSecret(TEST_JWT_SECRET, 'fake-payment-key-secret');
export const WEBHOOK_SECRET = deriveSecret(TEST_JWT_SECRET, 'fake-payment-webhook-secret');
export const sign = (data: string, secret: string) => createHmac('sha256', secret).update(data).digest('hex');

export interface Learner {
  user: UserRow;
  headers: Record<string, string>;
}

export async function learner(): Promise<Learner> {
  const user = await createStudent(t.db);
  return { user, headers: await bearerFor(user, t.clock) };
}

export async function paidQuiz(overrides: Partial<QuizRow> = {}): Promise<QuizRow> {
  const { quiz } = await createQuiz(t.db, { pricePaise: 1000, ...overrides }, undefined, t.clock.now());
  return quiz;
}

export function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers });
}

export async function createOrder(who: Learner, quiz: QuizRow, extra: Record<string, unknown> = {}) {
  return post(
    '/api/payments/create-order',
    {
      amount: 11.8,
      currency: 'INR',
      userId: who.user.id,
      email: null,
      contact: who.user.phNo,
      description: `Unlock ${quiz.name}`,
      quizId: quiz.id,
      ...extra,
    },
    who.headers,
  );
}

export async function orderFor(who: Learner, quiz: QuizRow): Promise<CreateOrderResponse> {
  const res = await createOrder(who, quiz);
  expect(res.statusCode, res.body).toBe(200);
  return createOrderResponseSchema.parse(res.json());
}

/** The fake gateway's Pay: what the checkout hands the success handler. */
export async function gatewayPay(orderId: string) {
  const res = await post('/api/payments/fake/pay', { orderId });
  expect(res.statusCode, res.body).toBe(200);
  return fakePayResponseSchema.parse(res.json());
}

/** The verify-payment body the checkout's success handler sends for this gateway payment. */
export function checkoutBody(paid: CheckoutSuccess, quizId: string) {
  return {
    orderId: paid.razorpay_order_id,
    paymentId: paid.razorpay_payment_id,
    signature: paid.razorpay_signature,
    quizId,
  };
}

export function verify(who: Learner, body: Record<string, unknown>) {
  return post('/api/payments/verify-payment', { amount: 11.8, ...body }, who.headers);
}

export async function statusOf(who: Learner, paymentId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/payments/status/${paymentId}`,
    headers: who.headers,
  });
  return res;
}

export async function statusValue(who: Learner, paymentId: string): Promise<string> {
  const res = await statusOf(who, paymentId);
  expect(res.statusCode, res.body).toBe(200);
  return paymentStatusResponseSchema.parse(res.json()).payment.status;
}

export function message(res: { json(): unknown }): string | string[] {
  return errorBodySchema.parse(res.json()).message;
}

export function webhook(body: string, headers: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    payload: body,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export let eventCounter = 0;
export function event(type: string, entity: Record<string, unknown>, order?: Record<string, unknown>) {
  eventCounter += 1;
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_test',
    event: type,
    contains: order ? ['payment', 'order'] : ['payment'],
    payload: { payment: { entity }, ...(order ? { order: { entity: order } } : {}) },
    created_at: 1_700_000_000 + eventCounter,
  });
  return { body, eventId: `evt_test_${eventCounter}_${Date.now()}` };
}

export function signedWebhook(e: { body: string; eventId: string }) {
  return webhook(e.body, {
    'x-razorpay-signature': sign(e.body, WEBHOOK_SECRET),
    'x-razorpay-event-id': e.eventId,
  });
}

import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { paymentListResponseSchema } from '@quizcast/contract/schemas/payment';
import { payments } from '../src/db/schema';
import { testDatabaseKind } from './helpers';
import {
  KEY_ID,
  KEY_SECRET,
  received,
  paymentsByOrder,
  app,
  db,
  clock,
  useRazorpayApp,
  failStub,
  setup,
  signedWebhook,
  orderFor,
} from './support/razorpay';

useRazorpayApp();

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
    failStub();
    await app.sweeper.runOnce();
    expect(await statusOf(second.order.paymentId, second.headers)).toBe('pending');
  });
});

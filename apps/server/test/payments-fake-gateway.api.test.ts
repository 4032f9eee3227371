import { describe, expect, it } from 'vitest';
import { FAKE_CAPTURE_WEBHOOK_DELAY_MS } from '../src/modules/payments/fake-gateway.service';
import { testDatabaseKind } from './helpers';
import {
  KEY_SECRET,
  sign,
  learner,
  paidQuiz,
  post,
  createOrder,
  orderFor,
  gatewayPay,
  checkoutBody,
  verify,
  statusValue,
  message,
} from './support/payments';
import { t, useTestApp } from './support/app';

useTestApp();

describe(`fake gateway (${testDatabaseKind})`, () => {
  it('signs payments exactly as Razorpay does, with the fake key secret', async () => {
    const who = await learner();
    const order = await orderFor(who, await paidQuiz());
    const paid = await gatewayPay(order.order.id);
    expect(paid.razorpay_order_id).toBe(order.order.id);
    expect(paid.razorpay_signature).toBe(sign(`${order.order.id}|${paid.razorpay_payment_id}`, KEY_SECRET));
  });

  it('sends a signed payment.captured webhook later when the checkout callback never verified', async () => {
    const who = await learner();
    const quiz = await paidQuiz();
    const order = await orderFor(who, quiz);
    await gatewayPay(order.order.id);
    t.clock.advance(FAKE_CAPTURE_WEBHOOK_DELAY_MS - 1000);
    await t.app.sweeper.runOnce();
    expect(await statusValue(who, order.paymentId)).toBe('pending');
    t.clock.advance(2000);
    await t.app.sweeper.runOnce();
    expect(await statusValue(who, order.paymentId)).toBe('success');
    await t.app.sweeper.runOnce();
    expect(message(await createOrder(who, quiz))).toBe('Quiz already unlocked');
  });

  it('never captures an order that was not paid', async () => {
    const who = await learner();
    const order = await orderFor(who, await paidQuiz());
    t.clock.advance(FAKE_CAPTURE_WEBHOOK_DELAY_MS * 2);
    await t.app.sweeper.runOnce();
    expect(await statusValue(who, order.paymentId)).toBe('pending');
  });

  it('refuses to pay an unknown or already paid order', async () => {
    expect((await post('/api/payments/fake/pay', { orderId: 'order_Unknown000001' })).statusCode).toBe(404);
    const who = await learner();
    const quiz = await paidQuiz();
    const order = await orderFor(who, quiz);
    const paid = await gatewayPay(order.order.id);
    await verify(who, checkoutBody(paid, quiz.id));
    expect((await post('/api/payments/fake/pay', { orderId: order.order.id })).statusCode).toBe(409);
  });
});

describe(`stale pending orders with the fake gateway (${testDatabaseKind})`, () => {
  it('a checkout abandoned for a day is marked failed; a fresh order replaces it', async () => {
    const who = await learner();
    const quiz = await paidQuiz({ endAt: new Date(t.clock.now().getTime() + 3 * 24 * 60 * 60_000) });
    const first = await orderFor(who, quiz);
    const status = (paymentId: string) => statusValue(who, paymentId);

    t.clock.advance(23 * 60 * 60_000);
    await t.app.sweeper.runOnce();
    expect(await status(first.paymentId)).toBe('pending');

    t.clock.advance(2 * 60 * 60_000);
    await t.app.sweeper.runOnce();
    expect(await status(first.paymentId)).toBe('failed');

    const second = await orderFor(who, quiz);
    expect(second.order.id).not.toBe(first.order.id);
    expect(await status(second.paymentId)).toBe('pending');
  });
});

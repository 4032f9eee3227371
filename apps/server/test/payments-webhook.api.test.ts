import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { webhookEvents } from '../src/db/schema';
import { testDatabaseKind } from './helpers';
import {
  KEY_SECRET,
  WEBHOOK_SECRET,
  sign,
  learner,
  paidQuiz,
  createOrder,
  orderFor,
  gatewayPay,
  checkoutBody,
  verify,
  statusValue,
  message,
  webhook,
  event,
  eventCounter,
  signedWebhook,
} from './support/payments';
import { t, useTestApp } from './support/app';

useTestApp();

describe(`webhook (${testDatabaseKind})`, () => {
  async function pendingOrder() {
    const who = await learner();
    const quiz = await paidQuiz();
    return { who, quiz, order: await orderFor(who, quiz) };
  }
  const captured = (orderId: string, paymentId = `pay_Wh${eventCounter}x`, amount = 1180) =>
    event('payment.captured', {
      id: paymentId,
      order_id: orderId,
      amount,
      currency: 'INR',
      status: 'captured',
    });
  const failed = (orderId: string, paymentId = `pay_Wf${eventCounter}x`) =>
    event('payment.failed', {
      id: paymentId,
      order_id: orderId,
      amount: 1180,
      currency: 'INR',
      status: 'failed',
    });

  it('payment.captured with a valid signature unlocks without the browser', async () => {
    const { who, order } = await pendingOrder();
    const res = await signedWebhook(captured(order.order.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'processed' });
    expect(await statusValue(who, order.paymentId)).toBe('success');
  });

  it('order.paid unlocks too', async () => {
    const { who, order } = await pendingOrder();
    const e = event(
      'order.paid',
      { id: 'pay_OrderPaid001', order_id: order.order.id, amount: 1180, currency: 'INR', status: 'captured' },
      { id: order.order.id, amount: 1180, amount_paid: 1180, currency: 'INR', status: 'paid' },
    );
    expect((await signedWebhook(e)).json()).toEqual({ status: 'processed' });
    expect(await statusValue(who, order.paymentId)).toBe('success');
  });

  it('refuses a bad or missing signature and changes nothing', async () => {
    const { who, order } = await pendingOrder();
    const e = captured(order.order.id);
    const wrongSecret = await webhook(e.body, {
      'x-razorpay-signature': sign(e.body, 'some-other-secret'),
      'x-razorpay-event-id': e.eventId,
    });
    expect(wrongSecret.statusCode).toBe(400);
    expect(message(wrongSecret)).toBe('Invalid webhook signature');
    const tamperedBody = e.body.replace('"amount":1180', '"amount":1181');
    const tampered = await webhook(tamperedBody, {
      'x-razorpay-signature': sign(e.body, WEBHOOK_SECRET),
      'x-razorpay-event-id': e.eventId,
    });
    expect(tampered.statusCode).toBe(400);
    const missing = await webhook(e.body, { 'x-razorpay-event-id': e.eventId });
    expect(missing.statusCode).toBe(400);
    // The checkout key secret is not the webhook secret.
    const keySigned = await webhook(e.body, {
      'x-razorpay-signature': sign(e.body, KEY_SECRET),
      'x-razorpay-event-id': e.eventId,
    });
    expect(keySigned.statusCode).toBe(400);
    expect(await statusValue(who, order.paymentId)).toBe('pending');
    // The refused attempts did not burn the event id: the genuine delivery still counts.
    expect((await signedWebhook(e)).json()).toEqual({ status: 'processed' });
  });

  it('handles a replayed event once', async () => {
    const { who, order } = await pendingOrder();
    const e = failed(order.order.id);
    expect((await signedWebhook(e)).json()).toEqual({ status: 'processed' });
    expect(await statusValue(who, order.paymentId)).toBe('failed');
    const replay = await signedWebhook(e);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ status: 'duplicate' });
    const seen = await t.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, e.eventId));
    expect(seen).toHaveLength(1);

    // Without an event id header, an identical body is still recognised as the same event.
    const next = await pendingOrder();
    const bare = captured(next.order.order.id);
    const headers = { 'x-razorpay-signature': sign(bare.body, WEBHOOK_SECRET) };
    expect((await webhook(bare.body, headers)).json()).toEqual({ status: 'processed' });
    expect((await webhook(bare.body, headers)).json()).toEqual({ status: 'duplicate' });
    expect(await statusValue(next.who, next.order.paymentId)).toBe('success');
  });

  it('never moves a success back when events arrive out of order', async () => {
    const { who, quiz, order } = await pendingOrder();
    // The capture of the second attempt arrives before the failure of the first.
    expect((await signedWebhook(captured(order.order.id, 'pay_Second00001'))).json()).toEqual({
      status: 'processed',
    });
    expect((await signedWebhook(failed(order.order.id, 'pay_First000001'))).json()).toEqual({
      status: 'processed',
    });
    expect(await statusValue(who, order.paymentId)).toBe('success');
    expect(message(await createOrder(who, quiz))).toBe('Quiz already unlocked');

    // And the other way round: a failure first, then the capture of a retry on the same order.
    const second = await pendingOrder();
    await signedWebhook(failed(second.order.order.id, 'pay_Fail0000001'));
    expect(await statusValue(second.who, second.order.paymentId)).toBe('failed');
    await signedWebhook(captured(second.order.order.id, 'pay_Retry000001'));
    expect(await statusValue(second.who, second.order.paymentId)).toBe('success');
  });

  it('a failure never overrides a verified checkout', async () => {
    const { who, quiz, order } = await pendingOrder();
    const paid = await gatewayPay(order.order.id);
    await verify(who, checkoutBody(paid, quiz.id));
    await signedWebhook(failed(order.order.id));
    expect(await statusValue(who, order.paymentId)).toBe('success');
  });

  it('ignores a capture for another amount and events for unknown orders', async () => {
    const { who, order } = await pendingOrder();
    expect((await signedWebhook(captured(order.order.id, 'pay_Short000001', 100))).json()).toEqual({
      status: 'ignored',
    });
    expect(await statusValue(who, order.paymentId)).toBe('pending');
    expect((await signedWebhook(captured('order_SomeoneElses1'))).json()).toEqual({ status: 'ignored' });
    const other = await signedWebhook(event('refund.created', { id: 'rfnd_1', amount: 1, currency: 'INR' }));
    expect(other.json()).toEqual({ status: 'ignored' });
  });

  it('refuses a correctly signed body that is not an event', async () => {
    const body = 'this is not json';
    const res = await webhook(body, { 'x-razorpay-signature': sign(body, WEBHOOK_SECRET) });
    expect(res.statusCode).toBe(400);
    expect(message(res)).toBe('Invalid webhook payload');
  });
});

import { describe, expect, it } from 'vitest';
import { testDatabaseKind } from './helpers';
import {
  sign,
  type Learner,
  learner,
  paidQuiz,
  orderFor,
  gatewayPay,
  checkoutBody,
  verify,
  message,
  event,
  signedWebhook,
} from './support/payments';
import { t, useTestApp } from './support/app';

useTestApp();

describe(`the unlock rule at the attend route (${testDatabaseKind})`, () => {
  const attend = (who: Learner, quizId: string) =>
    t.app.inject({ method: 'GET', url: `/api/quizzes/participant/attend/${quizId}`, headers: who.headers });

  it('answers 402 before the payment is verified and 200 after', async () => {
    const who = await learner();
    const quiz = await paidQuiz();
    const locked = await attend(who, quiz.id);
    expect(locked.statusCode).toBe(402);
    expect(message(locked)).toBe('Unlock this quiz to attend');

    const order = await orderFor(who, quiz);
    const paid = await gatewayPay(order.order.id);
    // The gateway took the money but nothing is verified yet; a forged signature changes nothing.
    expect((await attend(who, quiz.id)).statusCode).toBe(402);
    const forged = await verify(who, {
      orderId: paid.razorpay_order_id,
      paymentId: paid.razorpay_payment_id,
      signature: sign(`${paid.razorpay_order_id}|${paid.razorpay_payment_id}`, 'guessed-secret'),
      quizId: quiz.id,
    });
    expect(forged.statusCode).toBe(400);
    expect((await attend(who, quiz.id)).statusCode).toBe(402);

    const ok = await verify(who, checkoutBody(paid, quiz.id));
    expect(ok.statusCode).toBe(200);
    expect((await attend(who, quiz.id)).statusCode).toBe(200);
    // Someone else is still locked out of the same quiz.
    expect((await attend(await learner(), quiz.id)).statusCode).toBe(402);
  });

  it('a signed payment.captured webhook unlocks too, and a failed one does not', async () => {
    const who = await learner();
    const quiz = await paidQuiz();
    const order = await orderFor(who, quiz);
    await signedWebhook(
      event('payment.failed', {
        id: 'pay_Att0000001',
        order_id: order.order.id,
        amount: 1180,
        currency: 'INR',
      }),
    );
    expect((await attend(who, quiz.id)).statusCode).toBe(402);
    const retry = await orderFor(who, quiz);
    await signedWebhook(
      event('payment.captured', {
        id: 'pay_Att0000002',
        order_id: retry.order.id,
        amount: 1180,
        currency: 'INR',
      }),
    );
    expect((await attend(who, quiz.id)).statusCode).toBe(200);
  });
});

import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { errorBodySchema } from '@quizcast/contract/errors';
import { createOrderResponseSchema, paymentListResponseSchema } from '@quizcast/contract/schemas/payment';
import { payments } from '../src/db/schema';
import { createQuiz, createStudent, type UserRow } from '../src/seed/factories';
import { bearerFor, buildTestApp, testDatabaseKind } from './helpers';
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
  statusOf,
  statusValue,
  message,
} from './support/payments';
import { t, useTestApp } from './support/app';

useTestApp();

describe(`create-order (${testDatabaseKind})`, () => {
  it("charges the server's price (₹10 + 18% GST = 1180 paise) and creates a pending payment", async () => {
    const who = await learner();
    const quiz = await paidQuiz();
    const res = await orderFor(who, quiz);
    expect(res.order).toEqual({ id: expect.stringMatching(/^order_/), amount: 1180, currency: 'INR' });
    expect(res.provider).toBe('fake');
    expect(res.keyId).toMatch(/^rzp_test_/);
    expect(res.basePaise).toBe(1000);
    expect(res.gstPaise).toBe(180);
    expect(await statusValue(who, res.paymentId)).toBe('pending');
  });

  it('refuses a client amount that differs from the server price', async () => {
    const who = await learner();
    const quiz = await paidQuiz();
    for (const amount of [10, 1180, 11.79, 11.801, 0.01, 118]) {
      const res = await createOrder(who, quiz, { amount });
      expect(res.statusCode, `amount ${amount}`).toBe(400);
      expect(message(res)).toBe('Amount mismatch');
    }
    // A ₹20 quiz costs ₹23.60; the ₹10 figure is refused for it.
    const pricier = await paidQuiz({ pricePaise: 2000 });
    expect(message(await createOrder(who, pricier))).toBe('Amount mismatch');
    expect((await createOrder(who, pricier, { amount: 23.6 })).statusCode).toBe(200);
    const rows = await t.db.select().from(payments).where(eq(payments.userId, who.user.id));
    expect(rows.map((r) => r.amountPaise)).toEqual([2360]);
  });

  it('accepts INR only, and only for the signed-in user', async () => {
    const who = await learner();
    const other = await learner();
    const quiz = await paidQuiz();
    const usd = await createOrder(who, quiz, { currency: 'USD' });
    expect(usd.statusCode).toBe(400);
    expect(message(usd)).toBe('Only INR payments are supported');
    const someoneElse = await createOrder(who, quiz, { userId: other.user.id });
    expect(someoneElse.statusCode).toBe(400);
    const anonymous = await post('/api/payments/create-order', {
      amount: 11.8,
      currency: 'INR',
      quizId: quiz.id,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 409 "Quiz already unlocked" for a free quiz and after a verified payment', async () => {
    const who = await learner();
    const free = await paidQuiz({ pricePaise: 0 });
    const res = await createOrder(who, free);
    expect(res.statusCode).toBe(409);
    expect(message(res)).toBe('Quiz already unlocked');

    const quiz = await paidQuiz();
    const order = await orderFor(who, quiz);
    const paid = await gatewayPay(order.order.id);
    const ok = await verify(who, checkoutBody(paid, quiz.id));
    expect(ok.statusCode).toBe(200);
    const again = await createOrder(who, quiz);
    expect(again.statusCode).toBe(409);
    expect(message(again)).toBe('Quiz already unlocked');
  });

  it('answers 404 for an unknown quiz and 406 once the quiz has ended', async () => {
    const who = await learner();
    const unknown = await createOrder(who, {
      ...(await paidQuiz()),
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    const ended = await paidQuiz({
      startAt: new Date(t.clock.now().getTime() - 3 * 86_400_000),
      endAt: new Date(t.clock.now().getTime() - 86_400_000),
    });
    const res = await createOrder(who, ended);
    expect(res.statusCode).toBe(406);
    expect(message(res)).toBe('This quiz has ended');
  });

  it('reuses a still-pending order for the same user and quiz, even under concurrent taps', async () => {
    const who = await learner();
    const quiz = await paidQuiz();
    const results = await Promise.all([
      createOrder(who, quiz),
      createOrder(who, quiz),
      createOrder(who, quiz),
    ]);
    const bodies = results.map((r) => createOrderResponseSchema.parse(r.json()));
    expect(new Set(bodies.map((b) => b.order.id)).size).toBe(1);
    expect(new Set(bodies.map((b) => b.paymentId)).size).toBe(1);
    const again = await orderFor(who, quiz);
    expect(again.order.id).toBe(bodies[0]!.order.id);
    const rows = await t.db.select().from(payments).where(eq(payments.userId, who.user.id));
    expect(rows).toHaveLength(1);

    // Another learner gets an order of their own.
    const other = await orderFor(await learner(), quiz);
    expect(other.order.id).not.toBe(again.order.id);
  });

  it('creates a fresh order after the previous one failed', async () => {
    const who = await learner();
    const quiz = await paidQuiz();
    const first = await orderFor(who, quiz);
    const failed = await post('/api/payments/fake/fail', { orderId: first.order.id });
    expect(failed.statusCode).toBe(200);
    expect(await statusValue(who, first.paymentId)).toBe('failed');
    const second = await orderFor(who, quiz);
    expect(second.order.id).not.toBe(first.order.id);
    expect(await statusValue(who, second.paymentId)).toBe('pending');
  });
});

describe(`verify-payment (${testDatabaseKind})`, () => {
  it('unlocks only after verification: a payment taken by the gateway stays pending until verified', async () => {
    const who = await learner();
    const quiz = await paidQuiz();
    const order = await orderFor(who, quiz);
    const paid = await gatewayPay(order.order.id);
    expect(await statusValue(who, order.paymentId)).toBe('pending');
    // Not unlocked yet: asking again reuses the same order instead of answering 409.
    expect((await orderFor(who, quiz)).order.id).toBe(order.order.id);

    const res = await verify(who, checkoutBody(paid, quiz.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: 'Payment verified. The quiz is unlocked.' });
    expect(await statusValue(who, order.paymentId)).toBe('success');
  });

  it('refuses forged signatures and unlocks nothing', async () => {
    const who = await learner();
    const quiz = await paidQuiz();
    const otherQuiz = await paidQuiz();
    const order = await orderFor(who, quiz);
    const otherOrder = await orderFor(who, otherQuiz);
    const paymentId = 'pay_Forged0000001';
    const paidOther = await gatewayPay(otherOrder.order.id);

    const forgeries: Record<string, Record<string, unknown>> = {
      'signed with the wrong secret': {
        orderId: order.order.id,
        paymentId,
        signature: sign(`${order.order.id}|${paymentId}`, 'not-the-key-secret'),
      },
      "another order's valid signature (swapped order id)": {
        orderId: order.order.id,
        paymentId: paidOther.razorpay_payment_id,
        signature: paidOther.razorpay_signature,
      },
      'signed over the payment id alone': {
        orderId: order.order.id,
        paymentId,
        signature: sign(paymentId, KEY_SECRET),
      },
      'one character changed': {
        orderId: order.order.id,
        paymentId,
        signature: sign(`${order.order.id}|${paymentId}`, KEY_SECRET).replace(/.$/, (c) =>
          c === '0' ? '1' : '0',
        ),
      },
      garbage: { orderId: order.order.id, paymentId, signature: 'deadbeef' },
      'an order id that does not exist': {
        orderId: 'order_DoesNotExist01',
        paymentId,
        signature: sign(`order_DoesNotExist01|${paymentId}`, KEY_SECRET),
      },
    };
    for (const [name, body] of Object.entries(forgeries)) {
      const res = await verify(who, { ...body, quizId: quiz.id });
      expect(res.statusCode, name).toBe(400);
      expect(message(res), name).toBe('Payment verification failed');
    }
    // A signature valid for the other quiz's order, presented for this quiz, is refused too.
    const wrongQuiz = await verify(who, {
      orderId: paidOther.razorpay_order_id,
      paymentId: paidOther.razorpay_payment_id,
      signature: paidOther.razorpay_signature,
      quizId: quiz.id,
    });
    expect(wrongQuiz.statusCode).toBe(400);
    expect(message(wrongQuiz)).toBe('Payment verification failed');

    expect(await statusValue(who, order.paymentId)).toBe('pending');
    expect(await statusValue(who, otherOrder.paymentId)).toBe('pending');
    expect((await createOrder(who, quiz)).statusCode).toBe(200);
  });

  it("refuses another user's order even with its genuine signature", async () => {
    const owner = await learner();
    const thief = await learner();
    const quiz = await paidQuiz();
    const order = await orderFor(owner, quiz);
    const paid = await gatewayPay(order.order.id);
    const res = await verify(thief, checkoutBody(paid, quiz.id));
    expect(res.statusCode).toBe(400);
    expect(message(res)).toBe('Payment verification failed');
    // Nothing unlocked for either: the thief can still be asked to pay, the owner's payment is pending.
    expect((await createOrder(thief, quiz)).statusCode).toBe(200);
    expect(await statusValue(owner, order.paymentId)).toBe('pending');
  });

  it('refuses a tampered amount even with a valid signature', async () => {
    const who = await learner();
    const quiz = await paidQuiz();
    const order = await orderFor(who, quiz);
    const paid = await gatewayPay(order.order.id);
    const body = checkoutBody(paid, quiz.id);
    for (const amount of [0.01, 10, 1180]) {
      const res = await verify(who, { ...body, amount });
      expect(res.statusCode).toBe(400);
      expect(message(res)).toBe('Amount mismatch');
    }
    expect(await statusValue(who, order.paymentId)).toBe('pending');
  });

  it('is idempotent: verifying twice succeeds twice and records one payment', async () => {
    const who = await learner();
    const quiz = await paidQuiz();
    const order = await orderFor(who, quiz);
    const paid = await gatewayPay(order.order.id);
    const body = checkoutBody(paid, quiz.id);
    const [a, b] = await Promise.all([verify(who, body), verify(who, body)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    t.clock.advance(60_000);
    const c = await verify(who, body);
    expect(c.statusCode).toBe(200);
    const rows = await t.db.select().from(payments).where(eq(payments.userId, who.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'success', providerPaymentId: paid.razorpay_payment_id });
  });

  it('validates the body with every message', async () => {
    const who = await learner();
    const res = await post('/api/payments/verify-payment', { amount: 'eleven' }, who.headers);
    expect(res.statusCode).toBe(400);
    expect(message(res)).toEqual([
      'orderId is required',
      'paymentId is required',
      'signature is required',
      'amount must be a number of rupees',
      'quizId must be a quiz id',
    ]);
  });
});

describe(`payment status (${testDatabaseKind})`, () => {
  it('is readable only by its owner', async () => {
    const owner = await learner();
    const other = await learner();
    const quiz = await paidQuiz();
    const order = await orderFor(owner, quiz);
    expect(await statusOf(owner, order.paymentId).then((r) => r.json())).toEqual({
      payment: { id: order.paymentId, status: 'pending', quizId: quiz.id },
    });
    const foreign = await statusOf(other, order.paymentId);
    expect(foreign.statusCode).toBe(404);
    expect(message(foreign)).toBe('Payment not found');
    expect((await statusOf(owner, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await statusOf(owner, 'not-a-uuid')).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/payments/status/${order.paymentId}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe(`payments list (${testDatabaseKind})`, () => {
  it("shows the learner's own payments with quiz, base, GST, total, status and date, newest first", async () => {
    const who = await learner();
    const first = await paidQuiz({ name: 'Indian Polity Sprint' });
    const second = await paidQuiz({ name: 'Banking Awareness Drill' });
    const a = await orderFor(who, first);
    const paid = await gatewayPay(a.order.id);
    await verify(who, checkoutBody(paid, first.id));
    t.clock.advance(60_000);
    const b = await orderFor(who, second);
    await orderFor(await learner(), second); // someone else's

    const res = await t.app.inject({ method: 'GET', url: '/api/payments', headers: who.headers });
    expect(res.statusCode).toBe(200);
    const list = paymentListResponseSchema.parse(res.json()).payments;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      _id: b.paymentId,
      quizName: 'Banking Awareness Drill',
      basePaise: 1000,
      gstPaise: 180,
      amountPaise: 1180,
      currency: 'INR',
      status: 'pending',
      providerPaymentId: null,
    });
    expect(list[1]).toMatchObject({
      _id: a.paymentId,
      quizName: 'Indian Polity Sprint',
      status: 'success',
      providerPaymentId: paid.razorpay_payment_id,
    });
    expect(new Date(list[0]!.createdAt).getTime()).toBe(t.clock.now().getTime());
    expect((await t.app.inject({ method: 'GET', url: '/api/payments' })).statusCode).toBe(401);
  });
});

describe(`payment rate limit (${testDatabaseKind})`, () => {
  it('limits orders and verifications per learner per hour (429 with Retry-After); others are not affected', async () => {
    const limited = await buildTestApp({ env: { PAYMENT_LIMIT_PER_HOUR: '3' } });
    try {
      const user = await createStudent(limited.db);
      const headers = await bearerFor(user, limited.clock);
      const other = await createStudent(limited.db);
      const otherHeaders = await bearerFor(other, limited.clock);
      const { quiz } = await createQuiz(limited.db, { pricePaise: 1000 }, undefined, limited.clock.now());
      const order = (who: UserRow, h: Record<string, string>) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/payments/create-order',
          headers: h,
          payload: {
            amount: 11.8,
            currency: 'INR',
            userId: who.id,
            email: null,
            contact: who.phNo,
            description: `Unlock ${quiz.name}`,
            quizId: quiz.id,
          },
        });

      for (let i = 0; i < 2; i++) expect((await order(user, headers)).statusCode).toBe(200);
      const verify = await limited.app.inject({
        method: 'POST',
        url: '/api/payments/verify-payment',
        headers,
        payload: {
          orderId: 'order_unknown',
          paymentId: 'pay_unknown',
          signature: 'f'.repeat(64),
          amount: 11.8,
          quizId: quiz.id,
        },
      });
      expect(errorBodySchema.parse(verify.json()).message).toBe('Payment verification failed');

      const refused = await order(user, headers);
      expect(refused.statusCode).toBe(429);
      expect(errorBodySchema.parse(refused.json()).message).toBe(
        'Too many payment attempts. Please try again in a while.',
      );
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

      expect((await order(other, otherHeaders)).statusCode).toBe(200);
      // Status polling is not limited.
      const { paymentId } = createOrderResponseSchema.parse((await order(other, otherHeaders)).json());
      const status = await limited.app.inject({
        method: 'GET',
        url: `/api/payments/status/${paymentId}`,
        headers: otherHeaders,
      });
      expect(status.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { createOrderResponseSchema, fakePayResponseSchema } from '@quizcast/contract/schemas/payment';
import { payments } from '../../src/db/schema';
import { deriveSecret } from '../../src/providers/payments/payment-provider';
import { createQuiz, createStudent, type QuizRow, type UserRow } from '../../src/seed/factories';
import { bearerFor, buildTestApp, TEST_JWT_SECRET, type TestApp } from '../helpers';
import { reportFigure } from './support';

/**
 * 1,000 forged, replayed and cross-user payment verifications and webhooks: none unlocks a quiz for
 * an attacker. A control group pays honestly and is unlocked, so the zero is not a broken path.
 */

const KEY_SECRET = deriveSecret(TEST_JWT_SECRET, 'fake-payment-key-secret');
const WEBHOOK_SECRET = deriveSecret(TEST_JWT_SECRET, 'fake-payment-webhook-secret');
const hmac = (data: string, secret: string) => createHmac('sha256', secret).update(data).digest('hex');
const ATTEMPTS = 1000;
const HONEST = 5;
const ATTACKERS = 20;

interface Learner {
  user: UserRow;
  headers: Record<string, string>;
}

let t: TestApp;
let quiz: QuizRow;

beforeAll(async () => {
  t = await buildTestApp({ env: { PAYMENT_LIMIT_PER_HOUR: '1000000' } });
  quiz = (await createQuiz(t.db, { pricePaise: 1000 }, undefined, t.clock.now())).quiz;
});
afterAll(async () => {
  await t.close();
});

async function learner(): Promise<Learner> {
  const user = await createStudent(t.db);
  return { user, headers: await bearerFor(user, t.clock) };
}
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

async function order(who: Learner) {
  const res = await post(
    '/api/payments/create-order',
    { quizId: quiz.id, amount: 11.8, currency: 'INR' },
    who.headers,
  );
  expect(res.statusCode, res.body).toBe(200);
  return createOrderResponseSchema.parse(res.json());
}
async function pay(orderId: string) {
  const res = await post('/api/payments/fake/pay', { orderId });
  expect(res.statusCode, res.body).toBe(200);
  return fakePayResponseSchema.parse(res.json());
}
const verify = (who: Learner, body: Record<string, unknown>) =>
  post('/api/payments/verify-payment', { amount: 11.8, quizId: quiz.id, ...body }, who.headers);
const webhook = (body: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    payload: body,
    headers: { 'content-type': 'application/json', ...headers },
  });
function capturedEvent(orderId: string, paymentId: string, amount = 1180) {
  return JSON.stringify({
    entity: 'event',
    event: 'payment.captured',
    contains: ['payment'],
    payload: {
      payment: { entity: { id: paymentId, order_id: orderId, amount, currency: 'INR', status: 'captured' } },
    },
    created_at: 1_800_000_000,
  });
}

describe('payments under attack', () => {
  it(`${ATTEMPTS} forged, replayed and cross-user verifications and webhooks unlock nothing`, async () => {
    // Honest payers: pay on the gateway and verify (the control group).
    const honest: { who: Learner; paid: Awaited<ReturnType<typeof pay>>; webhookBody: string }[] = [];
    for (let i = 0; i < HONEST; i += 1) {
      const who = await learner();
      const { order: o } = await order(who);
      const paid = await pay(o.id);
      const ok = await verify(who, {
        orderId: paid.razorpay_order_id,
        paymentId: paid.razorpay_payment_id,
        signature: paid.razorpay_signature,
      });
      expect(ok.statusCode, ok.body).toBe(200);
      honest.push({
        who,
        paid,
        webhookBody: capturedEvent(paid.razorpay_order_id, paid.razorpay_payment_id),
      });
    }
    // Attackers each hold a pending order of their own, and one paid on the gateway they never verify honestly.
    const attackers: { who: Learner; orderId: string }[] = [];
    for (let i = 0; i < ATTACKERS; i += 1) {
      const who = await learner();
      attackers.push({ who, orderId: (await order(who)).order.id });
    }

    const attacks: (() => Promise<{ statusCode: number }>)[] = [];
    const kinds = new Map<string, number>();
    const add = (kind: string, run: () => Promise<{ statusCode: number }>) => {
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      attacks.push(run);
    };
    for (let i = 0; attacks.length < ATTEMPTS; i += 1) {
      const a = attackers[i % ATTACKERS]!;
      const h = honest[i % HONEST]!;
      const fakePayment = `pay_${randomBytes(7).toString('hex')}`;
      switch (i % 10) {
        case 0: // random signature on one's own order
          add('forged signature', () =>
            verify(a.who, {
              orderId: a.orderId,
              paymentId: fakePayment,
              signature: randomBytes(32).toString('hex'),
            }),
          );
          break;
        case 1: // signed with a guessed key
          add('guessed key', () =>
            verify(a.who, {
              orderId: a.orderId,
              paymentId: fakePayment,
              signature: hmac(`${a.orderId}|${fakePayment}`, 'rzp_secret_guess'),
            }),
          );
          break;
        case 2: // an honest payer's whole verification, replayed on the attacker's account
          add('cross-user replay', () =>
            verify(a.who, {
              orderId: h.paid.razorpay_order_id,
              paymentId: h.paid.razorpay_payment_id,
              signature: h.paid.razorpay_signature,
            }),
          );
          break;
        case 3: // an honest payment id and signature, on the attacker's own order
          add('signature transplant', () =>
            verify(a.who, {
              orderId: a.orderId,
              paymentId: h.paid.razorpay_payment_id,
              signature: h.paid.razorpay_signature,
            }),
          );
          break;
        case 4: // the honest signature with a tampered amount or quiz
          add('tampered amount', () =>
            post(
              '/api/payments/verify-payment',
              {
                orderId: a.orderId,
                paymentId: fakePayment,
                signature: h.paid.razorpay_signature,
                quizId: quiz.id,
                amount: 0.01,
              },
              a.who.headers,
            ),
          );
          break;
        case 5: {
          // a webhook for the attacker's order with a forged signature
          const body = capturedEvent(a.orderId, fakePayment);
          add('forged webhook', () =>
            webhook(body, {
              'x-razorpay-signature': randomBytes(32).toString('hex'),
              'x-razorpay-event-id': `evt_${i}`,
            }),
          );
          break;
        }
        case 6: {
          // an honest webhook's signature on a body naming the attacker's order
          const signature = hmac(h.webhookBody, WEBHOOK_SECRET);
          const body = h.webhookBody.replace(h.paid.razorpay_order_id, a.orderId);
          add('webhook body swap', () =>
            webhook(body, { 'x-razorpay-signature': signature, 'x-razorpay-event-id': `evt_${i}` }),
          );
          break;
        }
        case 7: {
          // signed with the checkout key instead of the webhook secret
          const body = capturedEvent(a.orderId, fakePayment);
          add('wrong secret', () =>
            webhook(body, {
              'x-razorpay-signature': hmac(body, KEY_SECRET),
              'x-razorpay-event-id': `evt_${i}`,
            }),
          );
          break;
        }
        case 8: {
          // an honest, correctly signed webhook replayed (new event id): it only concerns the honest order
          const signature = hmac(h.webhookBody, WEBHOOK_SECRET);
          add('webhook replay', () =>
            webhook(h.webhookBody, {
              'x-razorpay-signature': signature,
              'x-razorpay-event-id': `evt_replay_${i}`,
            }),
          );
          break;
        }
        default: // no signature at all
          add('unsigned webhook', () =>
            webhook(capturedEvent(a.orderId, fakePayment), { 'x-razorpay-event-id': `evt_${i}` }),
          );
      }
    }

    const statuses = new Map<number, number>();
    for (let i = 0; i < attacks.length; i += 25) {
      const batch = await Promise.all(attacks.slice(i, i + 25).map((run) => run()));
      for (const r of batch) statuses.set(r.statusCode, (statuses.get(r.statusCode) ?? 0) + 1);
    }

    const attackerIds = attackers.map((a) => a.who.user.id);
    const unlocked = await t.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(inArray(payments.userId, attackerIds), eq(payments.status, 'success')));
    const intros = await Promise.all(
      attackers.map((a) =>
        t.app.inject({ url: `/api/quizzes/participant/${quiz.id}`, headers: a.who.headers }),
      ),
    );
    const introUnlocked = intros.filter(
      (r) => r.statusCode === 200 && (r.json() as { isPaid: boolean }).isPaid,
    ).length;
    const honestUnlocked = await t.db
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          inArray(
            payments.userId,
            honest.map((h) => h.who.user.id),
          ),
          eq(payments.status, 'success'),
        ),
      );

    reportFigure(
      'payments',
      `${attacks.length} forged/replayed/cross-user attempts (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}) → ${unlocked.length} attacker unlocks; 5xx ${[...statuses].filter(([c]) => c >= 500).reduce((n, [, c]) => n + c, 0)}; control: ${honestUnlocked.length}/${HONEST} honest payments unlocked`,
    );
    expect(attacks).toHaveLength(ATTEMPTS);
    expect(unlocked).toHaveLength(0);
    expect(introUnlocked).toBe(0);
    expect([...statuses.keys()].filter((c) => c >= 500)).toEqual([]);
    expect(honestUnlocked).toHaveLength(HONEST);
  });
});

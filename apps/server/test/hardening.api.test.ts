import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { errorBodySchema } from '@quizcast/contract/errors';
import { priceWithGstPaise } from '@quizcast/contract/domain/price';
import { attempts, payments } from '../src/db/schema';
import type {
  CreateOrderInput,
  PaymentProvider,
  ProviderOrder,
} from '../src/providers/payments/payment-provider';
import { createAttempt, createQuiz, createStudent } from '../src/seed/factories';
import { bearerFor, buildTestApp, testDatabaseKind, type TestApp } from './helpers';

/** Issue 15 items 9, 10, 14, 15: outbound deadlines, sweeper order and timeouts, request ids, docs. */

const NOW = new Date('2026-11-22T10:00:00Z');
const MIN = 60_000;

/** A gateway that hangs on the calls a test chooses and answers the others at once. */
class StallingGateway implements PaymentProvider {
  readonly name = 'razorpay' as const;
  readonly keyId = 'rzp_test_stalling';
  readonly keySecret = 'stalling-key-secret';
  readonly webhookSecret = 'stalling-webhook-secret';
  /** Orders for these quizzes never get an answer. */
  readonly stallQuizzes = new Set<string>();
  stallLookups = false;
  private n = 0;
  createOrder(input: CreateOrderInput): Promise<ProviderOrder> {
    if (this.stallQuizzes.has(input.notes.quizId)) return new Promise(() => {});
    this.n += 1;
    return Promise.resolve({ id: `order_stall_${this.n}`, amount: input.amount, currency: input.currency });
  }
  findCapturedPayment(): Promise<null> {
    return this.stallLookups ? new Promise(() => {}) : Promise.resolve(null);
  }
}

let t: TestApp;
/** Statements the app sent. */
const sent: { query: string; params: unknown[] }[] = [];
const gateway = new StallingGateway();

beforeAll(async () => {
  t = await buildTestApp({
    now: NOW,
    payments: gateway,
    queryLog: (query, params) => sent.push({ query, params }),
    env: { OUTBOUND_TIMEOUT_MS: '300', SWEEP_TASK_TIMEOUT_SECONDS: '0.5', API_DOCS: 'false' },
  });
});
afterAll(async () => {
  await t.close();
});

describe(`payments gateway outside the transaction, with a deadline (${testDatabaseKind})`, () => {
  it('a hung gateway call holds no lock: the same learner orders another quiz meanwhile; the hung one answers 502', async () => {
    const user = await createStudent(t.db);
    const headers = await bearerFor(user, t.clock);
    const first = await createQuiz(t.db, { pricePaise: 1000 }, undefined, NOW);
    const second = await createQuiz(t.db, { pricePaise: 1000 }, undefined, NOW);
    const order = (quizId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/create-order',
        headers,
        payload: { quizId, amount: priceWithGstPaise(1000) / 100, currency: 'INR' },
      });
    gateway.stallQuizzes.add(first.quiz.id);
    const hung = order(first.quiz.id).then((res) => res);
    const other = await order(second.quiz.id);
    expect(other.statusCode, other.body).toBe(200);
    const late = await hung;
    expect(late.statusCode).toBe(502);
    expect(errorBodySchema.parse(late.json()).statusCode).toBe(502);
    const rows = await t.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(rows.map((r) => r.quizId)).toEqual([second.quiz.id]);
  });
});

describe(`sweeper (${testDatabaseKind})`, () => {
  it('runs auto-submit and publication first, and a hung gateway task ends at its timeout', async () => {
    expect(t.app.sweeper.order().slice(0, 2)).toEqual(['auto-submit', 'publish-results']);
    // The long analysis after publication (ADR 017) is a task of its own, after those two: a
    // straggling analysis holds up no quiz's results.
    expect(t.app.sweeper.order().indexOf('analyse-results')).toBeGreaterThan(1);

    const user = await createStudent(t.db);
    const { quiz } = await createQuiz(t.db, { pricePaise: 1000 }, undefined, NOW);
    const overdue = await createAttempt(t.db, {
      quizId: quiz.id,
      userId: user.id,
      startedAt: new Date(NOW.getTime() - 20 * MIN),
      deadlineAt: new Date(NOW.getTime() - 10 * MIN),
    });
    await t.db.insert(payments).values({
      userId: user.id,
      quizId: quiz.id,
      provider: 'razorpay',
      orderId: 'order_pending_reconcile',
      basePaise: 1000,
      gstPaise: 180,
      amountPaise: 1180,
      createdAt: new Date(NOW.getTime() - 60 * MIN),
      updatedAt: new Date(NOW.getTime() - 60 * MIN),
    });
    gateway.stallLookups = true;
    try {
      await t.app.sweeper.runOnce();
    } finally {
      gateway.stallLookups = false;
    }
    const [row] = await t.db.select().from(attempts).where(eq(attempts.id, overdue.id));
    expect(row!.status).toBe('auto_submitted');
  });
});

/** The plan of a statement the app really sent, with its parameters inlined, sequential scans off. */
async function planOf(statement: { query: string; params: unknown[] }): Promise<string> {
  const literal = (v: unknown) =>
    v === null ? 'null' : typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
  const inlined = statement.query.replace(/\$(\d+)/g, (_, n: string) =>
    literal(statement.params[Number(n) - 1]),
  );
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute(sql.raw(`explain ${inlined}`));
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
      string,
      string
    >[];
    return rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

describe(`sweeper scans use indexes (${testDatabaseKind})`, () => {
  it('the pending-payment scans and the OTP purge the sweeper sends are index scans', async () => {
    sent.length = 0;
    await t.app.sweeper.runOnce();
    const scans = sent.filter(
      (s) =>
        (/from "payments"/.test(s.query) &&
          /'pending'|"status" = \$/.test(s.query) &&
          /^\s*(select|update)/i.test(s.query)) ||
        /^\s*delete from "otp_challenges"/i.test(s.query),
    );
    expect(scans.some((s) => /otp_challenges/.test(s.query))).toBe(true);
    expect(scans.some((s) => /payments/.test(s.query))).toBe(true);
    for (const scan of scans) {
      const plan = await planOf(scan);
      expect(plan, scan.query).not.toMatch(/Seq Scan/);
      expect(plan, scan.query).toMatch(/payments_pending_idx|otp_challenges_created_at_idx/);
    }
  });
});

describe('request ids and API docs', () => {
  it("never takes the client's x-request-id", async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'forged-id' } });
    expect(res.headers['x-request-id']).not.toBe('forged-id');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('does not serve /api/docs when API_DOCS=false (the production default)', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('malformed multipart forms', () => {
  it('answer 400 in the error shape, never 500 (found by the fuzzer)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/students/signup',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="photo"\r\n\r\n',
    });
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json())).toEqual({
      statusCode: 400,
      message: 'Malformed multipart form',
      error: 'Bad Request',
    });
  });
});

describe(`text with a NUL character (${testDatabaseKind})`, () => {
  it('answers 400, never 500 (found by the fuzzer)', async () => {
    // The fake gateway's routes exist with the default provider.
    const fake = await buildTestApp();
    try {
      const res = await fake.app.inject({
        method: 'POST',
        url: '/api/payments/fake/pay',
        payload: { orderId: '\u0000' },
      });
      expect(res.statusCode).toBe(400);
      expect(errorBodySchema.parse(res.json()).message).toBe('Text must not contain NUL characters');
    } finally {
      await fake.close();
    }
  });
});

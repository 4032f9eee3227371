import { and, eq, like } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { ACCOUNT_MESSAGES } from '@quizcast/contract/schemas/account';
import { reminderSettingsResponseSchema } from '@quizcast/contract/schemas/reminders';
import { payments, pushSubscriptions, quizzes, reminderClaims, reviewCards, users } from '../src/db/schema';
import { WorkerPushSender } from '../src/providers/push/worker-push-sender';
import { createAttempt, createQuiz, createStudent, type UserRow } from '../src/seed/factories';
import { bearerFor, buildTestApp, testDatabaseKind, type TestApp } from './helpers';
import { PushServiceStandIn, type Behaviour, type TestSubscription } from './push-service-stand-in';

const MIN = 60_000;
const HOUR = 60 * MIN;
/** 12:00 IST. */
const NOON = new Date('2026-11-24T06:30:00Z');

let standIn: PushServiceStandIn;
let t: TestApp;
/**
 * A healthy push is answered in milliseconds, but the push worker runs at nice 10 (below the
 * server's threads), so on a machine whose two cores are busy with the suite's other PGlite work its
 * TLS handshake and encryption can take seconds: with the old 2 s budget the file's first push failed
 * once in CI (and a failed reminder is never pushed again). Healthy pushes get production's budget;
 * only the hanging service's test, on its own instance, waits for a short one (3 s, once).
 */
const PUSH_TIMEOUT_MS = 10_000;
const HANG_TIMEOUT_MS = 3000;
/** The server's sender (its pushes run in a worker thread), trusting the stand-in. */
const senders: WorkerPushSender[] = [];
const sender = (timeoutMs = PUSH_TIMEOUT_MS) => {
  const made = new WorkerPushSender({
    keys: webpush.generateVAPIDKeys(),
    subject: 'mailto:test@quizcast.invalid',
    timeoutMs,
    extraCa: [standIn.cert],
  });
  senders.push(made);
  return made;
};

beforeAll(async () => {
  standIn = await PushServiceStandIn.start();
  t = await buildTestApp({ now: NOON, push: sender() });
});
afterAll(async () => {
  await t.close();
  await Promise.all(senders.map((s) => s.close()));
  await standIn.close();
});
afterEach(() => {
  t.clock.set(NOON);
});

async function api(user: UserRow, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: await bearerFor(user, t.clock),
    ...(payload ? { payload } : {}),
  });
}

/** A learner with reminders on in one browser of the stand-in's. */
async function subscribedLearner(behaviour: Behaviour = 'accept', overrides: Partial<UserRow> = {}) {
  const user = await createStudent(t.db, overrides);
  const sub = standIn.subscribe(behaviour);
  const res = await api(user, 'POST', '/api/reminders/subscription', sub);
  expect(res.statusCode, res.body).toBe(200);
  return { user, sub };
}

/** A quiz the learners finished, ending at `endAt`. */
async function finishedQuiz(learners: UserRow[], endAt: Date) {
  const created = await createQuiz(
    t.db,
    { startAt: new Date(endAt.getTime() - 2 * HOUR), endAt },
    undefined,
    t.clock.now(),
  );
  for (const user of learners) {
    const startedAt = new Date(endAt.getTime() - HOUR);
    await createAttempt(t.db, {
      quizId: created.quiz.id,
      userId: user.id,
      status: 'submitted',
      startedAt,
      deadlineAt: new Date(startedAt.getTime() + 10 * MIN),
      submittedAt: new Date(startedAt.getTime() + 5 * MIN),
      answers: [],
      score: 0,
      correctCount: 0,
      elapsedMs: 5 * MIN,
    });
  }
  return created.quiz;
}

async function isPublished(quizId: string) {
  const [row] = await t.db.select().from(quizzes).where(eq(quizzes.id, quizId));
  return row!.resultsPublishedAt !== null;
}

async function subscriptionOf(sub: TestSubscription) {
  const [row] = await t.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, sub.endpoint));
  return row;
}

describe(`push reminders through the push-service stand-in (${testDatabaseKind})`, () => {
  it('pushes "results are out" once, encrypted (aes128gcm) and signed (VAPID), opening the results', async () => {
    const { user, sub } = await subscribedLearner();
    const quiz = await finishedQuiz([user], new Date(NOON.getTime() - MIN));
    await t.app.sweeper.runOnce();
    await t.app.sweeper.runOnce();
    expect(standIn.payloadsFor(sub.id, 'results')).toEqual([
      {
        kind: 'results',
        title: 'Your results are out',
        body: `See your score and rank in ${quiz.name}.`,
        url: `/quizzes/summary/${quiz.id}`,
        tag: `results:${quiz.id}:${user.id}`,
      },
    ]);
    const [received] = standIn.received.filter((r) => r.id === sub.id);
    expect(received!.headers['content-encoding']).toBe('aes128gcm');
    expect(received!.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
  });

  it("speaks the learner's language", async () => {
    const { user, sub } = await subscribedLearner('accept', { preferredLanguage: 'hi' });
    const quiz = await finishedQuiz([user], new Date(NOON.getTime() - MIN));
    await t.app.sweeper.runOnce();
    expect(standIn.payloadsFor(sub.id, 'results')).toMatchObject([
      { title: 'आपका परिणाम आ गया है', body: `${quiz.name} में अपना स्कोर और रैंक देखें।` },
    ]);
  });

  it('reminds of an unlocked paid quiz 15 minutes before it opens, not earlier, and not a switched-off kind', async () => {
    const { user, sub } = await subscribedLearner();
    const { user: off, sub: offSub } = await subscribedLearner();
    expect(
      (await api(off, 'PUT', '/api/reminders', { quizOpening: false, results: true, reviewDue: true }))
        .statusCode,
    ).toBe(200);
    const soon = await createQuiz(
      t.db,
      {
        startAt: new Date(NOON.getTime() + 20 * MIN),
        endAt: new Date(NOON.getTime() + 3 * HOUR),
        pricePaise: 1000,
      },
      undefined,
      NOON,
    );
    for (const learner of [user, off])
      await t.db.insert(payments).values({
        userId: learner.id,
        quizId: soon.quiz.id,
        provider: 'fake',
        orderId: `order_${learner.id}`,
        basePaise: 1000,
        gstPaise: 180,
        amountPaise: 1180,
        status: 'success',
      });
    await t.app.sweeper.runOnce();
    expect(standIn.payloadsFor(sub.id, 'quiz_opening')).toEqual([]);
    t.clock.advance(6 * MIN); // 14 minutes before it opens
    await t.app.sweeper.runOnce();
    await t.app.sweeper.runOnce();
    expect(standIn.payloadsFor(sub.id, 'quiz_opening')).toEqual([
      expect.objectContaining({
        kind: 'quiz_opening',
        url: `/quizzes/intro/${soon.quiz.id}`,
        title: 'Starts in 15 minutes',
      }),
    ]);
    expect(standIn.payloadsFor(offSub.id, 'quiz_opening')).toEqual([]);
  });

  it('reminds of a quiz the learner started (began paying for) once, in their language, never in quiet hours', async () => {
    t.clock.set(new Date('2026-11-24T16:20:00Z')); // 21:50 IST
    const { user: started, sub: startedSub } = await subscribedLearner('accept', { preferredLanguage: 'hi' });
    const { user: failed, sub: failedSub } = await subscribedLearner();
    const { user: night, sub: nightSub } = await subscribedLearner();
    const quizAt = async (minutes: number) =>
      (
        await createQuiz(
          t.db,
          {
            startAt: new Date(t.clock.now().getTime() + minutes * MIN),
            endAt: new Date(t.clock.now().getTime() + 3 * HOUR),
            pricePaise: 1000,
          },
          undefined,
          t.clock.now(),
        )
      ).quiz;
    const pay = (userId: string, quizId: string, status: 'pending' | 'failed' | 'success', n: number) =>
      t.db.insert(payments).values({
        userId,
        quizId,
        provider: 'fake',
        orderId: `order_${userId}_${n}`,
        basePaise: 1000,
        gstPaise: 180,
        amountPaise: 1180,
        status,
      });
    const soon = await quizAt(10);
    // Started twice (an abandoned checkout, then a second try) and unlocked: still one reminder.
    await pay(started.id, soon.id, 'pending', 1);
    await pay(started.id, soon.id, 'pending', 2);
    await pay(failed.id, soon.id, 'failed', 1);
    const late = await quizAt(30); // opens at 22:20 IST
    await pay(night.id, late.id, 'pending', 1);

    const a = await buildTestApp({ shareWith: t, push: sender() });
    const sent = () => standIn.payloadsFor(startedSub.id, 'quiz_opening');
    try {
      await Promise.all([t.app.sweeper.runOnce(), a.app.sweeper.runOnce()]);
      expect(sent()).toHaveLength(1);
      await pay(started.id, soon.id, 'success', 3);
      await t.app.sweeper.runOnce();
    } finally {
      await a.close();
    }
    expect(sent()).toEqual([
      expect.objectContaining({
        kind: 'quiz_opening',
        url: `/quizzes/intro/${soon.id}`,
        title: '15 मिनट में शुरू',
        body: `${soon.name} 15 मिनट में खुलेगा। तैयार हो जाइए।`,
      }),
    ]);
    expect(standIn.payloadsFor(failedSub.id, 'quiz_opening')).toEqual([]);
    // 22:10 IST: quiet hours; the quiz opening in the night is not announced, then or after.
    t.clock.set(new Date('2026-11-24T16:40:00Z'));
    await t.app.sweeper.runOnce();
    t.clock.set(new Date('2026-11-25T01:30:00Z'));
    await t.app.sweeper.runOnce();
    expect(standIn.payloadsFor(nightSub.id, 'quiz_opening')).toEqual([]);
  });

  it('keeps quiet from 22:00 to 07:00 IST and sends what waited at 07:00', async () => {
    t.clock.set(new Date('2026-11-24T17:00:00Z')); // 22:30 IST
    const { user, sub } = await subscribedLearner();
    await finishedQuiz([user], new Date(t.clock.now().getTime() - MIN));
    await t.app.sweeper.runOnce();
    expect(standIn.payloadsFor(sub.id)).toEqual([]);
    t.clock.set(new Date('2026-11-25T01:29:00Z')); // 06:59 IST
    await t.app.sweeper.runOnce();
    expect(standIn.payloadsFor(sub.id)).toEqual([]);
    t.clock.set(new Date('2026-11-25T01:30:00Z')); // 07:00 IST
    await t.app.sweeper.runOnce();
    expect(standIn.payloadsFor(sub.id, 'results')).toEqual([expect.objectContaining({ kind: 'results' })]);
  });

  it('reminds of due review cards at most once an IST day', async () => {
    const { user, sub } = await subscribedLearner();
    const quiz = await createQuiz(t.db, {}, undefined, NOON);
    await t.db.insert(reviewCards).values(
      quiz.questions.slice(0, 3).map((q) => ({
        userId: user.id,
        questionId: q.id,
        source: 'wrong' as const,
        initialRating: 1,
        due: new Date(NOON.getTime() - HOUR),
        createdAt: new Date(NOON.getTime() - HOUR),
      })),
    );
    await t.app.sweeper.runOnce();
    t.clock.advance(3 * HOUR);
    await t.app.sweeper.runOnce();
    expect(standIn.payloadsFor(sub.id, 'review_due')).toEqual([
      {
        kind: 'review_due',
        title: 'Review time',
        body: '3 review cards are due today.',
        url: '/review',
        tag: 'review_due',
      },
    ]);
    t.clock.set(new Date(NOON.getTime() + 24 * HOUR));
    await t.app.sweeper.runOnce();
    expect(standIn.payloadsFor(sub.id, 'review_due')).toHaveLength(2);
  });

  it('deletes a subscription the push service reports gone (410) or unknown (404)', async () => {
    const gone = await subscribedLearner('gone');
    const unknown = await subscribedLearner('not-found');
    const kept = await subscribedLearner();
    await finishedQuiz([gone.user, unknown.user, kept.user], new Date(NOON.getTime() - MIN));
    await t.app.sweeper.runOnce();
    expect(await subscriptionOf(gone.sub)).toBeUndefined();
    expect(await subscriptionOf(unknown.sub)).toBeUndefined();
    expect(await subscriptionOf(kept.sub)).toBeDefined();
    expect(standIn.payloadsFor(kept.sub.id, 'results')).toHaveLength(1);
  });

  it('records how many browsers took each reminder: two browsers 2, a gone one 0', async () => {
    const two = await subscribedLearner();
    const secondBrowser = standIn.subscribe();
    expect((await api(two.user, 'POST', '/api/reminders/subscription', secondBrowser)).statusCode).toBe(200);
    const gone = await subscribedLearner('gone');
    const quiz = await finishedQuiz([two.user, gone.user], new Date(NOON.getTime() - MIN));
    await t.app.sweeper.runOnce();
    await t.app.sweeper.runOnce();
    const claims = await t.db
      .select({ userId: reminderClaims.userId, delivered: reminderClaims.delivered })
      .from(reminderClaims)
      .where(and(eq(reminderClaims.kind, 'results'), like(reminderClaims.key, `results:${quiz.id}:%`)));
    expect(claims).toHaveLength(2);
    expect(claims.find((c) => c.userId === two.user.id)).toEqual({ userId: two.user.id, delivered: 2 });
    expect(claims.find((c) => c.userId === gone.user.id)).toEqual({ userId: gone.user.id, delivered: 0 });
    expect(standIn.payloadsFor(two.sub.id, 'results')).toHaveLength(1);
    expect(standIn.payloadsFor(secondBrowser.id, 'results')).toHaveLength(1);
  });

  it("signs VAPID once per push service: a valid ES256 token for the service's origin, reused by the next push", async () => {
    const first = await subscribedLearner();
    const second = await subscribedLearner();
    await finishedQuiz([first.user, second.user], new Date(NOON.getTime() - MIN));
    await t.app.sweeper.runOnce();
    const header = (id: string) =>
      String(
        standIn.received.find((r) => r.id === id && r.plaintext.includes('"results"'))!.headers.authorization,
      );
    expect(header(first.sub.id)).toBe(header(second.sub.id));
    const [, token, key] = /^vapid t=([^,]+), k=(\S+)$/.exec(header(first.sub.id))!;
    const { publicKey } = reminderSettingsResponseSchema.parse(
      (await api(first.user, 'GET', '/api/reminders')).json(),
    );
    expect(key).toBe(publicKey);
    const point = Buffer.from(key!, 'base64url');
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    };
    expect(decodeProtectedHeader(token!).alg).toBe('ES256');
    await expect(
      jwtVerify(token!, await importJWK(jwk, 'ES256'), { audience: standIn.origin }),
    ).resolves.toBeDefined();
    // Judged by the push service against the real time: within RFC 8292's 24 hours of it.
    const { exp } = decodeJwt(token!);
    const realNowS = Math.floor(Date.now() / 1000);
    expect(exp! - realNowS).toBeGreaterThan(11 * 3600);
    expect(exp! - realNowS).toBeLessThanOrEqual(24 * 3600);
  });

  it('a push service that hangs does not hold up results publication; the subscription backs off', async () => {
    const { user, sub } = await subscribedLearner('hang');
    // An instance whose pushes give up after 3 s, on the same database and clock; its worker is warmed
    // by one push first (thread, VAPID token, TLS connection), so the 3 s are the hang's alone.
    const hangSender = sender(HANG_TIMEOUT_MS);
    const h = await buildTestApp({ shareWith: t, push: hangSender });
    try {
      const warm = standIn.subscribe();
      expect(await hangSender.send({ ...warm, ...warm.keys }, '{"kind":"warm-up"}', 60)).toBe('sent');
      const first = await finishedQuiz([user], new Date(NOON.getTime() - MIN));
      // Publication runs before any reminder in every sweep.
      const order = h.app.sweeper.order();
      expect(order.indexOf('publish-results')).toBeLessThan(order.indexOf('reminders'));
      const hangingBefore = standIn.hanging;
      await h.app.sweeper.runOnce();
      expect(await isPublished(first.id)).toBe(true);
      expect(standIn.hanging).toBe(hangingBefore + 1);
      expect(await subscriptionOf(sub)).toMatchObject({ failures: 1 });

      // While it backs off, the next quiz publishes and nothing is pushed at the hanging service.
      t.clock.advance(30_000);
      const second = await finishedQuiz([user], new Date(t.clock.now().getTime() - MIN));
      await h.app.sweeper.runOnce();
      expect(await isPublished(second.id)).toBe(true);
      expect(standIn.hanging).toBe(hangingBefore + 1);
    } finally {
      // The later tests' sweeps (production's budget) never wait on it.
      await t.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, sub.endpoint));
      await h.close();
    }
  });

  it("pushes the daily five once a day from the learner's time, never in quiet hours, not once it is done", async () => {
    const { user, sub } = await subscribedLearner();
    const hi = await subscribedLearner('accept', { preferredLanguage: 'hi' });
    const at = (time: string) => ({ quizOpening: true, results: true, reviewDue: true, dailyFiveAt: time });
    for (const who of [user, hi.user])
      expect((await api(who, 'PUT', '/api/reminders', at('13:30'))).statusCode).toBe(200);
    // Quiet hours cannot be chosen.
    const quiet = await api(user, 'PUT', '/api/reminders', at('22:30'));
    expect(quiet.statusCode).toBe(400);
    expect(quiet.json().message).toBe(
      'The reminder time must be between 07:00 and 21:59 (quiet hours are 22:00–07:00)',
    );
    expect(
      reminderSettingsResponseSchema.parse((await api(user, 'GET', '/api/reminders')).json()).switches,
    ).toMatchObject({ dailyFive: true, dailyFiveAt: '13:30' });

    await t.app.sweeper.runOnce(); // 12:00 IST: not yet
    expect(standIn.payloadsFor(sub.id, 'daily_five')).toEqual([]);
    t.clock.set(new Date('2026-11-24T08:00:00Z')); // 13:30 IST
    await t.app.sweeper.runOnce();
    t.clock.advance(2 * HOUR);
    await t.app.sweeper.runOnce();
    expect(standIn.payloadsFor(sub.id, 'daily_five')).toEqual([
      {
        kind: 'daily_five',
        title: 'Your daily five is ready',
        body: 'Five questions, about three minutes.',
        url: '/daily-five',
        tag: 'daily_five',
      },
    ]);
    expect(standIn.payloadsFor(hi.sub.id, 'daily_five')).toMatchObject([{ title: 'आज के पाँच सवाल तैयार हैं' }]);

    // The next day: a learner who already finished today's five is not reminded; at 21:45, 22:15 quiet.
    const late = await subscribedLearner();
    expect((await api(late.user, 'PUT', '/api/reminders', at('21:45'))).statusCode).toBe(200);
    t.clock.set(new Date('2026-11-25T16:45:00Z')); // 22:15 IST
    await t.app.sweeper.runOnce();
    expect(standIn.payloadsFor(late.sub.id, 'daily_five')).toEqual([]);
    t.clock.set(new Date('2026-11-26T06:30:00Z')); // 12:00 IST, 26 Nov
    const now = t.clock.now();
    await createQuiz(
      t.db,
      { startAt: new Date(now.getTime() - HOUR), endAt: now, resultsPublishedAt: now },
      undefined,
      NOON,
    );
    const five = await api(user, 'GET', '/api/daily-five');
    const attempt = five.json().attempt as { _id: string };
    expect(
      (await api(user, 'POST', `/api/practice/attempts/${attempt._id}/submit`, { answers: [] })).statusCode,
    ).toBe(200);
    t.clock.set(new Date('2026-11-26T08:00:00Z')); // 13:30 IST
    await t.app.sweeper.runOnce();
    expect(standIn.payloadsFor(sub.id, 'daily_five')).toHaveLength(1);
    expect(standIn.payloadsFor(hi.sub.id, 'daily_five')).toHaveLength(2);
  });

  it('two instances claim each reminder once', async () => {
    const second = await buildTestApp({ shareWith: t, push: sender() });
    try {
      const learners = await Promise.all(Array.from({ length: 12 }, () => subscribedLearner()));
      await finishedQuiz(
        learners.map((l) => l.user),
        new Date(NOON.getTime() - MIN),
      );
      await Promise.all([t.app.sweeper.runOnce(), second.app.sweeper.runOnce()]);
      await Promise.all([t.app.sweeper.runOnce(), second.app.sweeper.runOnce()]);
      // Each learner: one "results are out", one "cards due" (their skipped answers became cards)
      // and one "daily five" (from 08:00 IST by default).

      for (const { sub } of learners) {
        expect(standIn.payloadsFor(sub.id, 'results')).toHaveLength(1);
        expect(standIn.payloadsFor(sub.id, 'review_due')).toHaveLength(1);
        expect(standIn.payloadsFor(sub.id, 'daily_five')).toHaveLength(1);
      }
    } finally {
      await second.close();
    }
  });

  it('shows the public key and switches, unsubscribes a browser, and forgets every browser when the account is deleted', async () => {
    const { user, sub } = await subscribedLearner();
    const settings = reminderSettingsResponseSchema.parse((await api(user, 'GET', '/api/reminders')).json());
    expect(settings).toEqual({
      publicKey: expect.stringMatching(/^[\w-]{87}$/),
      switches: { quizOpening: true, results: true, reviewDue: true, dailyFive: true, dailyFiveAt: '08:00' },
      subscriptions: 1,
    });
    expect(
      (await api(user, 'DELETE', '/api/reminders/subscription', { endpoint: sub.endpoint })).statusCode,
    ).toBe(200);
    expect(await subscriptionOf(sub)).toBeUndefined();

    const other = standIn.subscribe();
    expect((await api(user, 'POST', '/api/reminders/subscription', other)).statusCode).toBe(200);
    const deleted = await api(user, 'POST', '/api/students/delete-account', {
      confirm: ACCOUNT_MESSAGES.deleteConfirmWord,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toEqual(
      [],
    );
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.deletedAt).not.toBeNull();
  });

  it('refuses a subscription that is not an https push endpoint with keys', async () => {
    const user = await createStudent(t.db);
    const bad = await api(user, 'POST', '/api/reminders/subscription', {
      endpoint: 'ftp://x',
      keys: { p256dh: 'a', auth: 'b' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/reminders' })).statusCode).toBe(401);
  });

  it("counts every request this instance starts, refused ones too: the reminders' pace follows it", async () => {
    for (let i = 0; i < 25; i++) await t.app.inject({ method: 'GET', url: '/api/reminders' });
    // Well under a second for 25 refusals: all within the window, and over the busy threshold (20).
    expect(t.app.ctx.requestRate.perSecond()).toBeGreaterThanOrEqual(25);
  });
});

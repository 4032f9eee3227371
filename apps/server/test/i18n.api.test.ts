import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@quizcast/contract/errors';
import { SERVER_MESSAGES_HI } from '@quizcast/contract/i18n/server-messages.hi';
import { AUTH_MESSAGES } from '@quizcast/contract/schemas/auth';
import { PAYMENT_MESSAGES } from '@quizcast/contract/schemas/payment';
import { QUIZ_MESSAGES } from '@quizcast/contract/schemas/quiz';
import { STUDENT_MESSAGES, userEnvelopeSchema } from '@quizcast/contract/schemas/student';
import { analyticsPath } from '@quizcast/contract/analytics-paths';
import { buildQuestions, createAttempt, createQuiz, createStudent } from '../src/seed/factories';
import { freshIp, freshPhone } from './account-support';
import { bearerFor, buildTestApp, testDatabaseKind, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const errorOf = (res: { json(): unknown }) => errorBodySchema.parse(res.json());
const HINDI = { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' };

describe(`server messages follow Accept-Language (${testDatabaseKind})`, () => {
  it('validation: English by default and for English, Hindi for Hindi; the reason phrase stays English', async () => {
    const send = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/students/login-send-otp',
        payload: { phNo: '12345' },
        headers,
        remoteAddress: freshIp(),
      });
    const plain = await send({});
    const english = await send({ 'accept-language': 'en-IN,en;q=0.9' });
    const hindi = await send(HINDI);
    expect([plain.statusCode, english.statusCode, hindi.statusCode]).toEqual([400, 400, 400]);
    expect(errorOf(plain)).toEqual({
      statusCode: 400,
      message: STUDENT_MESSAGES.phoneDigits,
      error: 'Bad Request',
    });
    expect(errorOf(english).message).toBe('Phone number must be 10 digits');
    expect(errorOf(hindi)).toEqual({
      statusCode: 400,
      message: 'फ़ोन नंबर 10 अंकों का होना चाहिए',
      error: 'Bad Request',
    });
    expect(hindi.headers.vary).toMatch(/accept-language/i);
  });

  it('a list of validation messages is localised message by message', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/students/preferred-language',
      payload: { preferredLanguage: 'fr' },
      headers: { ...(await bearerFor(await createStudent(t.db), t.clock)), ...HINDI },
    });
    expect(res.statusCode).toBe(400);
    // Untranslated (developer-facing) messages pass through in English rather than vanish.
    expect(errorOf(res).message).toBe('preferredLanguage must be "en" or "hi"');
  });

  it('OTP: a wrong code is refused in the language asked for', async () => {
    const phNo = freshPhone();
    await createStudent(t.db, { phNo });
    const verify = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/students/login-verify-otp',
        payload: { phNo, otp: '123456' },
        headers,
        remoteAddress: freshIp(),
      });
    const english = errorOf(await verify({}));
    const hindi = errorOf(await verify(HINDI));
    expect(english.message).toBe(AUTH_MESSAGES.invalidOtp);
    expect(hindi.message).toBe('OTP गलत है');
    expect(hindi.statusCode).toBe(english.statusCode);
  });

  it('quiz states and sign-in: unknown quiz and missing token', async () => {
    const auth = await bearerFor(await createStudent(t.db), t.clock);
    const intro = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/api/quizzes/participant/${randomUUID()}`, headers });
    expect(errorOf(await intro(auth)).message).toBe(QUIZ_MESSAGES.notFound);
    expect(errorOf(await intro({ ...auth, ...HINDI }))).toEqual({
      statusCode: 404,
      message: 'क्विज़ नहीं मिला',
      error: 'Not Found',
    });

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/students/me', headers: HINDI });
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).message).toBe('कृपया पहले लॉग इन करें');
  });

  it('payments: a refused order is explained in Hindi', async () => {
    const auth = await bearerFor(await createStudent(t.db), t.clock);
    const order = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/create-order',
        payload: { amount: 11.8, currency: 'USD', quizId: randomUUID() },
        headers: { ...auth, ...headers },
      });
    expect(errorOf(await order({})).message).toBe(PAYMENT_MESSAGES.currencyNotSupported);
    const hindi = errorOf(await order(HINDI));
    expect(hindi.message).toBe(SERVER_MESSAGES_HI[PAYMENT_MESSAGES.currencyNotSupported]);
    expect(hindi.message).toMatch(/[\u0900-\u097F]/);
  });
});

describe(`preferred language in the profile (${testDatabaseKind})`, () => {
  it('is null until chosen, then kept and returned by /students/me', async () => {
    const auth = await bearerFor(await createStudent(t.db), t.clock);
    const me = async () =>
      userEnvelopeSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/api/students/me', headers: auth })).json(),
      ).data;
    expect((await me()).preferredLanguage).toBeNull();

    const put = (preferredLanguage: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/students/preferred-language',
        payload: { preferredLanguage },
        headers: auth,
      });
    const chosen = await put('hi');
    expect(chosen.statusCode).toBe(200);
    expect(userEnvelopeSchema.parse(chosen.json()).data.preferredLanguage).toBe('hi');
    expect((await me()).preferredLanguage).toBe('hi');

    expect((await put('fr')).statusCode).toBe(400);
    expect((await me()).preferredLanguage).toBe('hi');
    expect(userEnvelopeSchema.parse((await put('en')).json()).data.preferredLanguage).toBe('en');
  });

  it('is seen at once by the next request, with the session cache on (as in production)', async () => {
    const cached = await buildTestApp({ env: { USER_CACHE_TTL_SECONDS: '60' } });
    try {
      const auth = await bearerFor(await createStudent(cached.db), cached.clock);
      const me = async () =>
        userEnvelopeSchema.parse(
          (await cached.app.inject({ method: 'GET', url: '/api/students/me', headers: auth })).json(),
        ).data.preferredLanguage;
      expect(await me()).toBeNull();
      const put = await cached.app.inject({
        method: 'PUT',
        url: '/api/students/preferred-language',
        payload: { preferredLanguage: 'hi' },
        headers: auth,
      });
      expect(put.statusCode).toBe(200);
      expect(await me()).toBe('hi');
    } finally {
      await cached.close();
    }
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/students/preferred-language',
      payload: { preferredLanguage: 'hi' },
    });
    expect(res.statusCode).toBe(401);
  });

  it("an admin's refused quiz lists every broken rule in Hindi, keeping each question's number", async () => {
    const admin = await createStudent(t.db, { role: 'admin' });
    const now = t.clock.now().getTime();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/quizzes',
      payload: {
        name: 'Hindi check',
        exam: 'SSC',
        class: 'Other',
        duration: 10,
        startTimeStamp: new Date(now + 7_200_000).toISOString(),
        endTimeStamp: new Date(now + 3_600_000).toISOString(),
        price: 0,
        questions: [{ qn: 'Q?', choices: ['Delhi', 'delhi', ''], ansIndex: 0 }],
      },
      headers: { ...(await bearerFor(admin, t.clock)), ...HINDI },
    });
    expect(res.statusCode).toBe(400);
    const message = errorOf(res).message;
    expect(Array.isArray(message) ? message : [message]).toEqual(
      expect.arrayContaining([
        'शुरू होने का समय खत्म होने के समय से पहले होना चाहिए',
        'प्रश्न 1: विकल्प C खाली है',
        'प्रश्न 1: सभी विकल्प अलग-अलग होने चाहिए (A और B दोनों "delhi" हैं)',
      ]),
    );
  });
});

describe(`admin refusals follow Accept-Language (${testDatabaseKind})`, () => {
  it('a key correction before publication, and one with every problem, are refused in Hindi', async () => {
    const admin = await createStudent(t.db, { role: 'admin' });
    const headers = { ...(await bearerFor(admin, t.clock)), ...HINDI };
    const now = t.clock.now();
    const open = await createQuiz(t.db, { published: true }, buildQuestions(3), now);
    const early = await t.app.inject({
      method: 'POST',
      url: `/api${analyticsPath.adminKeyCorrections(open.quiz.id)}`,
      payload: { questionId: open.questions[0]!.id, ansIndex: 1, reason: 'typo in the key' },
      headers,
    });
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).message).toBe(
      'उत्तर-कुंजी नतीजे घोषित होने के बाद ही सुधारी जा सकती है; यह क्विज़ अभी खुला है या इसके नतीजे अभी नहीं आए हैं',
    );

    const published = await createQuiz(
      t.db,
      { published: true, resultsPublishedAt: now },
      buildQuestions(3),
      now,
    );
    const broken = await t.app.inject({
      method: 'POST',
      url: `/api${analyticsPath.adminKeyCorrections(published.quiz.id)}`,
      payload: { questionId: published.questions[0]!.id, ansIndex: 9 },
      headers,
    });
    expect(broken.statusCode).toBe(400);
    const messages = [errorOf(broken).message].flat();
    expect(messages).toEqual([
      'ansIndex: सही उत्तर प्रश्न के 4 विकल्पों में से एक होना चाहिए (0–3)',
      'reason: कारण लिखना ज़रूरी है',
    ]);
  });

  it('deleting a quiz that learners have attempted is refused in Hindi', async () => {
    const admin = await createStudent(t.db, { role: 'admin' });
    const learner = await createStudent(t.db);
    const now = t.clock.now();
    const { quiz } = await createQuiz(t.db, { published: true }, buildQuestions(3), now);
    await createAttempt(t.db, {
      quizId: quiz.id,
      userId: learner.id,
      startedAt: now,
      deadlineAt: new Date(now.getTime() + 600_000),
    });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/quizzes/${quiz.id}`,
      headers: { ...(await bearerFor(admin, t.clock)), ...HINDI },
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe('यह क्विज़ डिलीट नहीं हो सकता, क्योंकि प्रतिभागी इसे दे चुके हैं');
  });
});

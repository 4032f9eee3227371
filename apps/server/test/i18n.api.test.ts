import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@quizcast/contract/errors';
import { SERVER_MESSAGES_HI } from '@quizcast/contract/i18n/server-messages.hi';
import { AUTH_MESSAGES } from '@quizcast/contract/schemas/auth';
import { PAYMENT_MESSAGES } from '@quizcast/contract/schemas/payment';
import { QUIZ_MESSAGES } from '@quizcast/contract/schemas/quiz';
import { STUDENT_MESSAGES, userEnvelopeSchema } from '@quizcast/contract/schemas/student';
import { createStudent } from '../src/seed/factories';
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
});

import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authResponseSchema, devOutboxEntrySchema } from '@quizcast/contract/schemas/auth';
import { otpChallenges, sessions } from '../src/db/schema';
import { generateOtpCode } from '../src/modules/auth/otp.service';
import { createStudent } from '../src/seed/factories';
import { authHeader, freshPhone, outboxOtp, sendOtp, signUpViaApi } from './account-support';
import { testDatabaseKind } from './helpers';
import { SECOND, MINUTE, verifyLogin, wrong, errorOf } from './support/auth-otp';
import { t, useTestApp } from './support/app';

// A test that needs two codes to differ says which ones the app draws next (`nextCodes`); every
// other draw is the app's own (otp.service.ts, from the CSPRNG).
const queued: string[] = [];

/** The codes the app's next sends draw, in order (then random again). */
function nextCodes(...codes: number[]) {
  queued.push(...codes.map((code) => String(code).padStart(6, '0')));
}

useTestApp({ otpCodes: () => queued.shift() ?? generateOtpCode() });

describe(`sending codes (${testDatabaseKind})`, () => {
  it('sends a sign-up code and shows it in the dev outbox', async () => {
    const phNo = freshPhone();
    const res = await sendOtp(t.app, 'signup', phNo);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'OTP sent successfully' });

    const outbox = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?phNo=${phNo}` });
    expect(outbox.statusCode).toBe(200);
    const entry = devOutboxEntrySchema.parse(outbox.json());
    expect(entry).toEqual({
      phNo,
      otp: expect.stringMatching(/^[0-9]{6}$/),
      purpose: 'signup',
      sentAt: t.clock.now().toISOString(),
    });
  });

  it('stores only an HMAC of the code, never the code itself', async () => {
    const phNo = freshPhone();
    await sendOtp(t.app, 'signup', phNo);
    const otp = await outboxOtp(t.app, phNo);
    const [row] = await t.db.select().from(otpChallenges).where(eq(otpChallenges.phNo, phNo));
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codeHash).not.toContain(otp);
    expect(row!.expiresAt.getTime() - t.clock.now().getTime()).toBe(5 * MINUTE);
  });

  it('answers 409 for a registered number at sign-up and 404 for an unknown one at login', async () => {
    const student = await createStudent(t.db, { phNo: freshPhone() });
    const taken = await sendOtp(t.app, 'signup', student.phNo);
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toEqual({
      statusCode: 409,
      message: 'Phone number already registered',
      error: 'Conflict',
    });

    const unknown = await sendOtp(t.app, 'login', freshPhone());
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe('No account found for this number. Please register.');

    const ok = await sendOtp(t.app, 'login', student.phNo);
    expect(ok.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?phNo=${student.phNo}` })).json(),
    ).toMatchObject({
      purpose: 'login',
    });
  });

  it.each([
    [undefined, 'Phone number is required'],
    ['', 'Phone number is required'],
    ['98765', 'Phone number must be 10 digits'],
    ['98765432101', 'Phone number must be 10 digits'],
    ['98765abcde', 'Phone number must be 10 digits'],
    [9876543210, 'Phone number must be 10 digits'],
  ])('refuses phNo %j with "%s"', async (phNo, message) => {
    for (const kind of ['signup', 'login'] as const) {
      const res = await sendOtp(t.app, kind, phNo);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toBe(message);
    }
  });

  it('has no dev outbox entry for a number that was never sent a code', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?phNo=${freshPhone()}` });
    expect(res.statusCode).toBe(404);
  });
});

describe(`logging in (${testDatabaseKind})`, () => {
  it('logs in with the code: token plus the user fields, and the token opens protected routes', async () => {
    const student = await createStudent(t.db, { phNo: freshPhone(), email: 'learner@example.com' });
    await sendOtp(t.app, 'login', student.phNo);
    const res = await verifyLogin(student.phNo, await outboxOtp(t.app, student.phNo));
    expect(res.statusCode).toBe(200);
    const body = authResponseSchema.parse(res.json());
    expect(Object.keys(res.json()).sort()).toEqual(
      [
        '_id',
        'accessToken',
        'class',
        'compensatoryTime',
        'email',
        'initialsOnly',
        'name',
        'phNo',
        'place',
        'preferredLanguage',
        'profilePicUrl',
        'publicPhoto',
        'role',
        'school',
      ].sort(),
    );
    expect(body).toMatchObject({
      _id: student.id,
      name: student.name,
      phNo: student.phNo,
      email: 'learner@example.com',
      place: student.place,
      school: student.school,
      class: student.class,
      profilePicUrl: null,
      role: 'participant',
    });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/students/me',
      headers: authHeader(body.accessToken),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ data: expect.objectContaining({ _id: student.id }) });
  });

  it('signs an HS256 token naming subject, role and a server-side session (7 days sliding, 90 days at most)', async () => {
    const student = await createStudent(t.db, { phNo: freshPhone() });
    await sendOtp(t.app, 'login', student.phNo);
    const { accessToken } = (await verifyLogin(student.phNo, await outboxOtp(t.app, student.phNo))).json();
    const [header, payload] = (accessToken as string)
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header.alg).toBe('HS256');
    expect(payload).toMatchObject({ sub: student.id, role: 'participant', sid: expect.any(String) });
    expect(payload.exp - payload.iat).toBe(90 * 24 * 60 * 60);
    expect(payload.iat).toBe(Math.floor(t.clock.now().getTime() / 1000));
    const [session] = await t.db.select().from(sessions).where(eq(sessions.id, payload.sid));
    expect(session).toMatchObject({ userId: student.id, revokedAt: null });
    expect(session!.expiresAt.getTime() - t.clock.now().getTime()).toBe(7 * 24 * 60 * 60 * 1000);
  });

  it('answers "Invalid OTP" to a wrong code and still accepts the right one afterwards', async () => {
    const student = await createStudent(t.db, { phNo: freshPhone() });
    await sendOtp(t.app, 'login', student.phNo);
    const otp = await outboxOtp(t.app, student.phNo);
    const bad = await verifyLogin(student.phNo, wrong(otp));
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toEqual({ statusCode: 400, message: 'Invalid OTP', error: 'Bad Request' });
    expect((await verifyLogin(student.phNo, otp)).statusCode).toBe(200);
  });

  it('burns the code after 5 wrong tries: the 6th try is refused with 429 even with the right code', async () => {
    const student = await createStudent(t.db, { phNo: freshPhone() });
    await sendOtp(t.app, 'login', student.phNo);
    const otp = await outboxOtp(t.app, student.phNo);
    for (let i = 0; i < 5; i++) {
      const res = await verifyLogin(student.phNo, wrong(otp));
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toBe('Invalid OTP');
    }
    const sixth = await verifyLogin(student.phNo, otp);
    expect(sixth.statusCode).toBe(429);
    expect(errorOf(sixth).message).toBe('Too many attempts. Please request a new OTP.');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    // A new code (after the resend cooldown) works again.
    t.clock.advance(30 * SECOND);
    expect((await sendOtp(t.app, 'login', student.phNo)).statusCode).toBe(200);
    expect((await verifyLogin(student.phNo, await outboxOtp(t.app, student.phNo))).statusCode).toBe(200);
  });

  it('accepts the right code on the 5th try after 4 wrong ones', async () => {
    const student = await createStudent(t.db, { phNo: freshPhone() });
    await sendOtp(t.app, 'login', student.phNo);
    const otp = await outboxOtp(t.app, student.phNo);
    for (let i = 0; i < 4; i++) expect((await verifyLogin(student.phNo, wrong(otp))).statusCode).toBe(400);
    expect((await verifyLogin(student.phNo, otp)).statusCode).toBe(200);
  });

  it('never lets parallel guesses exceed 5 tries', async () => {
    const student = await createStudent(t.db, { phNo: freshPhone() });
    await sendOtp(t.app, 'login', student.phNo);
    const otp = await outboxOtp(t.app, student.phNo);
    const results = await Promise.all(
      Array.from({ length: 12 }, () => verifyLogin(student.phNo, wrong(otp)).then((r) => r.statusCode)),
    );
    expect(results.filter((s) => s === 400).length).toBeLessThanOrEqual(5);
    expect(results.filter((s) => s === 429).length).toBeGreaterThanOrEqual(7);
    expect((await verifyLogin(student.phNo, otp)).statusCode).toBe(429);
  });

  it('expires the code after 5 minutes (injected clock)', async () => {
    const student = await createStudent(t.db, { phNo: freshPhone() });
    await sendOtp(t.app, 'login', student.phNo);
    const fresh = await outboxOtp(t.app, student.phNo);
    t.clock.advance(5 * MINUTE - SECOND);
    expect((await verifyLogin(student.phNo, fresh)).statusCode).toBe(200);

    t.clock.advance(MINUTE);
    await sendOtp(t.app, 'login', student.phNo);
    const otp = await outboxOtp(t.app, student.phNo);
    t.clock.advance(5 * MINUTE);
    const res = await verifyLogin(student.phNo, otp);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe('OTP expired. Please request a new one.');
  });

  it('refuses a replayed code: each code works once', async () => {
    const student = await createStudent(t.db, { phNo: freshPhone() });
    await sendOtp(t.app, 'login', student.phNo);
    const otp = await outboxOtp(t.app, student.phNo);
    const [first, second] = await Promise.all([
      verifyLogin(student.phNo, otp),
      verifyLogin(student.phNo, otp),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
    const replay = await verifyLogin(student.phNo, otp);
    expect(replay.statusCode).toBe(400);
    expect(errorOf(replay).message).toBe('Invalid OTP');
  });

  it('binds a code to its purpose: a sign-up code cannot log in', async () => {
    const phNo = freshPhone();
    nextCodes(111_111, 222_222);
    await sendOtp(t.app, 'signup', phNo);
    const signupCode = await outboxOtp(t.app, phNo);
    await createStudent(t.db, { phNo }); // the number now has an account, and an unused sign-up code
    const res = await verifyLogin(phNo, signupCode);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe('Invalid OTP');

    t.clock.advance(30 * SECOND);
    await sendOtp(t.app, 'login', phNo);
    const loginCode = await outboxOtp(t.app, phNo);
    expect([signupCode, loginCode]).toEqual(['111111', '222222']);
    expect((await verifyLogin(phNo, signupCode)).statusCode).toBe(400);
    expect((await verifyLogin(phNo, loginCode)).statusCode).toBe(200);
  });

  it('makes a resent code replace the previous one', async () => {
    const student = await createStudent(t.db, { phNo: freshPhone() });
    nextCodes(333_333, 444_444);
    await sendOtp(t.app, 'login', student.phNo);
    const first = await outboxOtp(t.app, student.phNo);
    t.clock.advance(30 * SECOND);
    await sendOtp(t.app, 'login', student.phNo);
    const second = await outboxOtp(t.app, student.phNo);
    expect([first, second]).toEqual(['333333', '444444']);
    expect((await verifyLogin(student.phNo, first)).statusCode).toBe(400);
    expect((await verifyLogin(student.phNo, second)).statusCode).toBe(200);
  });

  it('a used code does not hold back the next one: logging in right after signing up works', async () => {
    const user = await signUpViaApi(t.app);
    const res = await sendOtp(t.app, 'login', user.phNo);
    expect(res.statusCode).toBe(200);
    expect((await verifyLogin(user.phNo, await outboxOtp(t.app, user.phNo))).statusCode).toBe(200);
  });

  it('validates the code format', async () => {
    const res = await verifyLogin(freshPhone(), '12ab');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe('OTP must be 6 digits');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/students/login-verify-otp',
      payload: { phNo: freshPhone() },
    });
    expect(errorOf(missing).message).toBe('OTP is required');
  });

  it('answers "Invalid OTP" when no code was ever sent', async () => {
    const student = await createStudent(t.db, { phNo: freshPhone() });
    const res = await verifyLogin(student.phNo, '123456');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe('Invalid OTP');
  });
});

describe(`dev outbox availability (${testDatabaseKind})`, () => {
  it('is served with the console provider outside production', async () => {
    const phNo = freshPhone();
    await sendOtp(t.app, 'signup', phNo);
    expect((await t.app.inject({ method: 'GET', url: `/api/dev/outbox?phNo=${phNo}` })).statusCode).toBe(200);
    const bad = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?phNo=12' });
    expect(bad.statusCode).toBe(400);
  });
});

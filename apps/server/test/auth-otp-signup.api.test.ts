import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authResponseSchema } from '@quizcast/contract/schemas/auth';
import { users } from '../src/db/schema';
import {
  authHeader,
  freshPhone,
  outboxOtp,
  postSignup,
  profileFields,
  sendOtp,
  signUpViaApi,
} from './account-support';
import { testDatabaseKind } from './helpers';
import { wrong, errorOf } from './support/auth-otp';
import { t, useTestApp } from './support/app';

useTestApp();

describe(`signing up (${testDatabaseKind})`, () => {
  it('creates the account from the multipart form: 201 with the token and the user', async () => {
    const phNo = freshPhone();
    await sendOtp(t.app, 'signup', phNo);
    const otp = await outboxOtp(t.app, phNo);
    const res = await postSignup(t.app, { ...profileFields, phNo, otp });
    expect(res.statusCode).toBe(201);
    const body = authResponseSchema.parse(res.json());
    expect(body).toMatchObject({
      ...profileFields,
      phNo,
      email: null,
      profilePicUrl: null,
      role: 'participant',
    });
    const [row] = await t.db.select().from(users).where(eq(users.phNo, phNo));
    expect(row).toMatchObject({ id: body._id, name: profileFields.name, class: profileFields.class });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/students/me',
      headers: authHeader(body.accessToken),
    });
    expect(me.json()).toEqual({ data: expect.objectContaining({ _id: body._id, phNo }) });

    const again = await postSignup(t.app, { ...profileFields, phNo, otp });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('Phone number already registered');
  });

  it('keeps an empty institution as null and trims the text fields', async () => {
    const user = await signUpViaApi(t.app, { name: '  Ravi  ', school: '' });
    expect(user).toMatchObject({ name: 'Ravi', school: null });
  });

  it('lists every missing field with the spec messages, without spending the code', async () => {
    const phNo = freshPhone();
    await sendOtp(t.app, 'signup', phNo);
    const otp = await outboxOtp(t.app, phNo);
    const res = await postSignup(t.app, { phNo, otp });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toEqual(['Name is required', 'Place is required', 'Class is required']);

    const badClass = await postSignup(t.app, { ...profileFields, class: 'Class 7', phNo, otp });
    expect(badClass.statusCode).toBe(400);
    expect(errorOf(badClass).message).toBe('Please choose an education level from the list');

    const badPhone = await postSignup(t.app, { ...profileFields, phNo: '12345', otp });
    expect(errorOf(badPhone).message).toBe('Phone number must be exactly 10 digits');

    expect((await postSignup(t.app, { ...profileFields, phNo, otp })).statusCode).toBe(201);
  });

  it('refuses a wrong code and a login code', async () => {
    const phNo = freshPhone();
    await sendOtp(t.app, 'signup', phNo);
    const otp = await outboxOtp(t.app, phNo);
    const res = await postSignup(t.app, { ...profileFields, phNo, otp: wrong(otp) });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe('Invalid OTP');
    expect(await t.db.select().from(users).where(eq(users.phNo, phNo))).toHaveLength(0);
  });

  it('accepts every education level from the fixed list', async () => {
    const { EDUCATION_LEVELS } = await import('@quizcast/contract/constants');
    for (const level of EDUCATION_LEVELS) {
      const user = await signUpViaApi(t.app, { class: level });
      expect(user).toMatchObject({ class: level });
    }
  });
});

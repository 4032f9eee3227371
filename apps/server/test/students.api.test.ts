import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { errorBodySchema } from '@quizcast/contract/errors';
import { userEnvelopeSchema } from '@quizcast/contract/schemas/student';
import { users } from '../src/db/schema';
import { signSessionToken } from '../src/modules/auth/session-token';
import { createStudent } from '../src/seed/factories';
import {
  authHeader,
  freshPhone,
  jpegWithExif,
  multipartBody,
  outboxOtp,
  pngImage,
  postSignup,
  profileFields,
  sendOtp,
  signUpViaApi,
} from './account-support';
import { bearerFor, testDatabaseKind } from './helpers';
import { t, useTestApp } from './support/app';

useTestApp();

const DAY = 24 * 60 * 60 * 1000;
const errorOf = (res: { json(): unknown }) => errorBodySchema.parse(res.json());
const keyOf = (url: string) => url.replace('/api/files/', '').split('?')[0]!;

async function updateProfile(
  token: string,
  fields: Record<string, string>,
  file?: { name: string; data: Buffer; type: string },
) {
  const body = await multipartBody(fields, file);
  return t.app.inject({
    method: 'PUT',
    url: '/api/students/update-profile',
    headers: { ...body.headers, ...authHeader(token) },
    payload: body.payload,
  });
}

async function fetchFile(url: string) {
  return t.app.inject({ method: 'GET', url });
}

describe(`profile photo (${testDatabaseKind})`, () => {
  it('re-encodes an uploaded photo to at most 512 px, strips metadata, and serves it from our origin', async () => {
    const jpeg = await jpegWithExif(1600, 900);
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const user = await signUpViaApi(t.app, {}, { name: 'me.jpg', data: jpeg, type: 'image/jpeg' });
    expect(user.profilePicUrl).toMatch(/^\/api\/files\/avatars\/[0-9a-f-]{36}\.webp\?exp=\d+&sig=[\w-]+$/);

    const res = await fetchFile(user.profilePicUrl!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width!, meta.height!)).toBe(512);
    expect(meta.width! / meta.height!).toBeCloseTo(1600 / 900, 1);
    expect(meta.exif).toBeUndefined();
    expect(res.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);

    const cached = await t.app.inject({
      method: 'GET',
      url: user.profilePicUrl!,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);
  });

  it('never enlarges a small photo', async () => {
    const user = await signUpViaApi(
      t.app,
      {},
      { name: 'small.png', data: await pngImage(120, 80), type: 'image/png' },
    );
    const meta = await sharp((await fetchFile(user.profilePicUrl!)).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([120, 80]);
  });

  it('judges by content: a text file named .png is refused with 400, and the code is not spent', async () => {
    const phNo = freshPhone();
    await sendOtp(t.app, 'signup', phNo);
    const otp = await outboxOtp(t.app, phNo);
    const fake = {
      name: 'photo.png',
      data: Buffer.from('this is not an image, just text\n'),
      type: 'image/png',
    };
    const res = await postSignup(t.app, { ...profileFields, phNo, otp }, fake);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe('Please select an image file');

    // A real image declared as text is accepted: the bytes decide.
    const png = { name: 'notes.txt', data: await pngImage(64, 64), type: 'text/plain' };
    const ok = await postSignup(t.app, { ...profileFields, phNo, otp }, png);
    expect(ok.statusCode).toBe(201);
  });

  it('refuses a 3 MB image with 413 "Image must be less than 2MB"', async () => {
    const big = await pngImage(1024, 1024, true);
    expect(big.length).toBeGreaterThan(3 * 1024 * 1024);
    const phNo = freshPhone();
    await sendOtp(t.app, 'signup', phNo);
    const otp = await outboxOtp(t.app, phNo);
    const res = await postSignup(
      t.app,
      { ...profileFields, phNo, otp },
      { name: 'big.png', data: big, type: 'image/png' },
    );
    expect(res.statusCode).toBe(413);
    expect(errorOf(res)).toEqual({
      statusCode: 413,
      message: 'Image must be less than 2MB',
      error: 'Payload Too Large',
    });
    expect(await t.db.select().from(users).where(eq(users.phNo, phNo))).toHaveLength(0);
  });

  it('refuses a truncated image that only looks like a PNG', async () => {
    const png = await pngImage(300, 300);
    const user = await signUpViaApi(t.app);
    const res = await updateProfile(user.accessToken, profileFields, {
      name: 'broken.png',
      data: png.subarray(0, 40),
      type: 'image/png',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe('Please select an image file');
  });

  it('answers 404 for a photo that does not exist, and never serves other paths', async () => {
    const missing = t.app.ctx.avatarUrls.url('avatars/00000000-0000-0000-0000-000000000000.webp')!;
    expect((await fetchFile(missing)).statusCode).toBe(404);
    expect((await fetchFile('/api/files/avatars/..%2f..%2fjwt-secret')).statusCode).toBe(404);
  });
});

describe(`profile (${testDatabaseKind})`, () => {
  it('GET /students/me returns { data: user } and needs a session', async () => {
    const user = await signUpViaApi(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/students/me',
      headers: authHeader(user.accessToken),
    });
    expect(res.statusCode).toBe(200);
    expect(userEnvelopeSchema.parse(res.json()).data).toMatchObject({ _id: user._id, ...profileFields });
    expect((await t.app.inject({ method: 'GET', url: '/api/students/me' })).statusCode).toBe(401);
  });

  it('updates the profile fields and returns { data: user }', async () => {
    const user = await signUpViaApi(t.app);
    const res = await updateProfile(user.accessToken, {
      name: 'Asha V.',
      place: 'Bhopal',
      school: '',
      class: 'Preparing for Competitive exams',
    });
    expect(res.statusCode).toBe(200);
    const { data } = userEnvelopeSchema.parse(res.json());
    expect(data).toMatchObject({
      _id: user._id,
      name: 'Asha V.',
      place: 'Bhopal',
      school: null,
      class: 'Preparing for Competitive exams',
      phNo: user.phNo,
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, user._id));
    expect(row).toMatchObject({ name: 'Asha V.', place: 'Bhopal', school: null });
  });

  it('validates the form with the spec messages', async () => {
    const user = await signUpViaApi(t.app);
    const res = await updateProfile(user.accessToken, { name: ' ', place: '', class: '' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toEqual(['Name is required', 'Place is required', 'Class is required']);
  });

  it('replaces the photo and deletes the old file; removing it deletes the file too', async () => {
    const user = await signUpViaApi(
      t.app,
      {},
      { name: 'a.png', data: await pngImage(200, 200), type: 'image/png' },
    );
    const oldUrl = user.profilePicUrl!;
    expect(await t.app.ctx.storage.stat(keyOf(oldUrl))).not.toBeNull();

    const replaced = await updateProfile(user.accessToken, profileFields, {
      name: 'b.jpg',
      data: await jpegWithExif(700, 700),
      type: 'image/jpeg',
    });
    expect(replaced.statusCode).toBe(200);
    const newUrl = userEnvelopeSchema.parse(replaced.json()).data.profilePicUrl!;
    expect(newUrl).not.toBe(oldUrl);
    expect((await fetchFile(newUrl)).statusCode).toBe(200);
    expect((await fetchFile(oldUrl)).statusCode).toBe(404);
    expect(await t.app.ctx.storage.stat(keyOf(oldUrl))).toBeNull();

    // Saving without a photo keeps the current one.
    const kept = await updateProfile(user.accessToken, { ...profileFields, name: 'Kept' });
    expect(userEnvelopeSchema.parse(kept.json()).data.profilePicUrl).toBe(newUrl);

    const removed = await updateProfile(user.accessToken, { ...profileFields, removeProfilePicture: 'true' });
    expect(removed.statusCode).toBe(200);
    expect(userEnvelopeSchema.parse(removed.json()).data.profilePicUrl).toBeNull();
    expect((await fetchFile(newUrl)).statusCode).toBe(404);
  });

  it('refuses a bad photo on update without changing anything', async () => {
    const user = await signUpViaApi(t.app);
    const res = await updateProfile(
      user.accessToken,
      { ...profileFields, name: 'Changed' },
      { name: 'x.jpg', data: Buffer.from('%PDF-1.7 not an image'), type: 'image/jpeg' },
    );
    expect(res.statusCode).toBe(400);
    const [row] = await t.db.select().from(users).where(eq(users.id, user._id));
    expect(row!.name).toBe(profileFields.name);
  });

  it('needs a session to update', async () => {
    const body = await multipartBody(profileFields);
    const res = await t.app.inject({ method: 'PUT', url: '/api/students/update-profile', ...body });
    expect(res.statusCode).toBe(401);
  });
});

describe(`sessions (${testDatabaseKind})`, () => {
  const me = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/students/me', headers });

  it('answers 401 to a missing, malformed, tampered, foreign-signed or expired token', async () => {
    const student = await createStudent(t.db);
    const good = await bearerFor(student, t.clock);
    expect((await me(good)).statusCode).toBe(200);

    const token = good.authorization!.slice('Bearer '.length);
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...payload, role: 'admin' })).toString('base64url');

    expect((await me()).statusCode).toBe(401);
    expect((await me({ authorization: 'Bearer not-a-jwt' })).statusCode).toBe(401);
    expect((await me({ authorization: `Bearer ${h}.${forgedPayload}.${s}` })).statusCode).toBe(401);
    const foreign = await signSessionToken(
      'another-secret-that-is-long-enough-0123456789',
      { sub: student.id, role: 'participant', sid: randomUUID() },
      30,
      t.clock.now(),
    );
    expect((await me(authHeader(foreign))).statusCode).toBe(401);

    t.clock.advance(30 * DAY + 1000);
    const expired = await me(good);
    expect(expired.statusCode).toBe(401);
    expect(errorOf(expired).error).toBe('Unauthorized');
    t.clock.advance(-(30 * DAY + 1000));
  });

  it('logout-all revokes every earlier token; a new login works', async () => {
    const user = await signUpViaApi(t.app);
    const other = await bearerFor(
      (await t.db.select().from(users).where(eq(users.id, user._id)))[0]!,
      t.clock,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/students/logout-all',
      headers: authHeader(user.accessToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out from all devices' });
    expect((await me(authHeader(user.accessToken))).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);

    t.clock.advance(30_000); // resend cooldown since the sign-up code
    expect((await sendOtp(t.app, 'login', user.phNo)).statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/students/login-verify-otp',
      payload: { phNo: user.phNo, otp: await outboxOtp(t.app, user.phNo) },
    });
    expect(login.statusCode).toBe(200);
    expect((await me(authHeader(login.json().accessToken))).statusCode).toBe(200);
  });

  it('keeps admin-only routes from participants (403) and signed-out callers (401)', async () => {
    const participant = await createStudent(t.db);
    const admin = await createStudent(t.db, { role: 'admin' });
    const list = (headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/api/students/admin-get-all?limit=5', headers });

    const refused = await list(await bearerFor(participant, t.clock));
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toEqual({ statusCode: 403, message: 'Forbidden resource', error: 'Forbidden' });
    expect((await list()).statusCode).toBe(401);

    const ok = await list(await bearerFor(admin, t.clock));
    expect(ok.statusCode).toBe(200);
    const body = ok.json() as { students: unknown[]; total: number };
    expect(body.students.length).toBeLessThanOrEqual(5);
    expect(body.total).toBeGreaterThanOrEqual(2);

    const one = await t.app.inject({
      method: 'GET',
      url: `/api/students/admin-get-one/${participant.id}`,
      headers: await bearerFor(admin, t.clock),
    });
    expect(one.json()).toEqual({
      data: expect.objectContaining({ _id: participant.id, phNo: participant.phNo }),
    });
    const denied = await t.app.inject({
      method: 'GET',
      url: `/api/students/admin-get-one/${participant.id}`,
      headers: await bearerFor(participant, t.clock),
    });
    expect(denied.statusCode).toBe(403);
  });

  it('a role change takes effect on the next request, even with an older token', async () => {
    const student = await createStudent(t.db);
    const headers = await bearerFor(student, t.clock);
    const list = () => t.app.inject({ method: 'GET', url: '/api/students/admin-get-all', headers });
    expect((await list()).statusCode).toBe(403);
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, student.id));
    expect((await list()).statusCode).toBe(200);
  });
});

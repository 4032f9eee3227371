import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { userEnvelopeSchema } from '@quizcast/contract/schemas/student';
import {
  authHeader,
  jpegWithExif,
  multipartBody,
  pngImage,
  profileFields,
  signUpViaApi,
} from './account-support';
import { buildTestApp, testDatabaseKind, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const variant = (url: string, px: number) => url.replace(/\.webp(\?|$)/, `-${px}.webp$1`);
const get = (url: string) => t.app.inject({ method: 'GET', url });

describe(`avatars at the sizes shown (${testDatabaseKind})`, () => {
  it('stores 96 and 192 px square WebP copies beside the photo, without metadata', async () => {
    const user = await signUpViaApi(
      t.app,
      {},
      { name: 'me.jpg', data: await jpegWithExif(1600, 900), type: 'image/jpeg' },
    );
    const full = await get(user.profilePicUrl!);
    for (const px of [96, 192]) {
      const res = await get(variant(user.profilePicUrl!, px));
      expect(res.statusCode, `${px}`).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', px, px]);
      expect(meta.exif).toBeUndefined();
      expect(res.rawPayload.length).toBeLessThan(full.rawPayload.length);
    }
    expect((await get(variant(user.profilePicUrl!, 128))).statusCode).toBe(404);
  });

  it('a photo stored before the copies existed is served in their place', async () => {
    const name = `${randomUUID()}.webp`;
    const old = await sharp(await pngImage(300, 300))
      .webp()
      .toBuffer();
    await t.app.ctx.storage.put(`avatars/${name}`, old, 'image/webp');
    const res = await get(variant(t.app.ctx.avatarUrls.url(`avatars/${name}`)!, 96));
    expect(res.statusCode).toBe(200);
    expect(Buffer.compare(res.rawPayload, old)).toBe(0);
  });

  it('replacing the photo removes the old copies too', async () => {
    const user = await signUpViaApi(
      t.app,
      {},
      { name: 'a.png', data: await pngImage(400, 400), type: 'image/png' },
    );
    const body = await multipartBody(profileFields, {
      name: 'b.png',
      data: await pngImage(500, 300),
      type: 'image/png',
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/students/update-profile',
      headers: { ...body.headers, ...authHeader(user.accessToken) },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(userEnvelopeSchema.parse(res.json()).data.profilePicUrl).not.toBe(user.profilePicUrl);
    for (const px of [96, 192]) expect((await get(variant(user.profilePicUrl!, px))).statusCode).toBe(404);
  });
});

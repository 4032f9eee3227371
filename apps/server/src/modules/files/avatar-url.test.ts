import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { AVATAR_URL_BUCKET_SECONDS, AvatarUrls } from './avatar-url';

const SECRET = 'x'.repeat(40);
const ID = '0b7c8a3e-1f2d-4c5b-9a8e-123456789abc';
const parse = (url: string) => {
  const u = new URL(url, 'http://local');
  return { path: u.pathname, exp: u.searchParams.get('exp')!, sig: u.searchParams.get('sig')! };
};

describe('AvatarUrls', () => {
  it('signs the photo key with an expiry one to two buckets ahead, stable within a bucket', () => {
    const clock = new ManualClock(new Date('2026-11-24T00:00:10Z'));
    const urls = new AvatarUrls(SECRET, clock);
    const first = urls.url(`avatars/${ID}.webp`)!;
    const { path, exp, sig } = parse(first);
    expect(path).toBe(`/api/files/avatars/${ID}.webp`);
    const left = Number(exp) - clock.now().getTime() / 1000;
    expect(left).toBeGreaterThan(AVATAR_URL_BUCKET_SECONDS);
    expect(left).toBeLessThanOrEqual(2 * AVATAR_URL_BUCKET_SECONDS);
    clock.advance(60 * 60 * 1000);
    expect(urls.url(`avatars/${ID}.webp`)).toBe(first);
    expect(urls.verify(ID, exp, sig)).toBeGreaterThan(0);
    expect(urls.url(null)).toBeNull();
  });

  it('refuses a missing, forged, transplanted or expired signature, and another secret', () => {
    const clock = new ManualClock(new Date('2026-11-24T12:00:00Z'));
    const urls = new AvatarUrls(SECRET, clock);
    const { exp, sig } = parse(urls.url(`avatars/${ID}.webp`)!);
    expect(urls.verify(ID, undefined, undefined)).toBeNull();
    expect(urls.verify(ID, exp, `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(urls.verify(ID, String(Number(exp) + AVATAR_URL_BUCKET_SECONDS), sig)).toBeNull();
    expect(urls.verify('1b7c8a3e-1f2d-4c5b-9a8e-123456789abc', exp, sig)).toBeNull();
    expect(new AvatarUrls('y'.repeat(40), clock).verify(ID, exp, sig)).toBeNull();
    clock.set(new Date(Number(exp) * 1000));
    expect(urls.verify(ID, exp, sig)).toBeNull();
  });
});

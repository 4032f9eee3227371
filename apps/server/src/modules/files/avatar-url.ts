import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../lib/clock';

/** How long one signature lasts at least; a URL works for one to two of these (ADR 015). */
export const AVATAR_URL_BUCKET_SECONDS = 24 * 60 * 60;

const AVATAR_KEY = /^avatars\/([0-9a-f-]{36})\.webp$/;

/**
 * Signed, expiring avatar URLs (issue 15 item 17). An `<img>` sends no Bearer token, so the API hands
 * out `/api/files/avatars/<uuid>.webp?exp=…&sig=…` only where the reader may see the photo (signed-in
 * responses; the public podium only for learners who opted in). The signature covers the photo's
 * uuid and the expiry, so its -96/-192 copies share it; the expiry is the end of the next time bucket,
 * so the URL (and the browser's cached copy) stays the same for a day.
 */
export class AvatarUrls {
  private readonly key: Buffer;

  constructor(
    jwtSecret: string,
    private readonly clock: Clock,
    private readonly bucketSeconds = AVATAR_URL_BUCKET_SECONDS,
  ) {
    this.key = createHmac('sha256', jwtSecret).update('quizcast:avatar-url:v1').digest();
  }

  private sign(id: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${id}.${exp}`).digest('base64url').slice(0, 32);
  }

  /** The signed URL of a stored photo key (`avatars/<uuid>.webp`), or null without one. */
  url(key: string | null | undefined): string | null {
    if (!key) return null;
    const match = AVATAR_KEY.exec(key);
    if (!match) return null;
    const nowS = Math.floor(this.clock.now().getTime() / 1000);
    const exp = (Math.floor(nowS / this.bucketSeconds) + 2) * this.bucketSeconds;
    return `/api/files/${key}?exp=${exp}&sig=${this.sign(match[1]!, exp)}`;
  }

  /** Seconds the URL still works for, or null when its signature is missing, forged or expired. */
  verify(id: string, exp: unknown, sig: unknown): number | null {
    if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return null;
    const expiry = Number(exp);
    const left = expiry - Math.floor(this.clock.now().getTime() / 1000);
    if (left <= 0) return null;
    const expected = Buffer.from(this.sign(id, expiry));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return left;
  }
}

import { randomUUID } from 'node:crypto';
import type sharpModule from 'sharp';
import { lazyPackage } from '../../lib/lazy-package';
import { PROFILE_IMAGE_MAX_BYTES } from '@quizcast/contract/constants';
import { STUDENT_MESSAGES } from '@quizcast/contract/schemas/student';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest, payloadTooLarge } from '../../lib/http-error';
import type { FileStorage } from '../../providers/storage/storage';

/** The image library, loaded on the first photo (issue 31: not at every start). */
const loadSharp = lazyPackage<typeof sharpModule>('sharp');

/** Longest side of a stored profile photo. */
export const PROFILE_PHOTO_MAX_PX = 512;
/** Square copies at the sizes screens show (40–112 CSS px at 2x), stored beside the 512 px photo. */
export const AVATAR_VARIANT_PX = [96, 192] as const;
export type AvatarVariantPx = (typeof AVATAR_VARIANT_PX)[number];

/** `avatars/<uuid>.webp` → `avatars/<uuid>-96.webp`. */
export function avatarVariantKey(key: string, px: AvatarVariantPx): string {
  return key.replace(/\.webp$/, `-${px}.webp`);
}
/** Decompression-bomb guard: a 2 MB file may not claim more pixels than this (~20 megapixels). */
export const MAX_INPUT_PIXELS = 20_000_000;
export const AVATAR_PREFIX = 'avatars/';

export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif';

/** What the bytes are, by their signature (never by file name or declared type). */
export function detectImageKind(data: Buffer): ImageKind | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  const ascii = (start: number, end: number) => data.subarray(start, end).toString('latin1');
  if (data.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  if (data.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (data.length >= 12 && ascii(4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(8, 12))) return 'avif';
  return null;
}

/**
 * Profile photos: accepted by content, at most 2 MB, re-encoded to WebP within 512 px with every bit of
 * metadata (EXIF, GPS, ICC comments) dropped, stored under a fresh unguessable key.
 */
export class ProfilePhotoService {
  constructor(
    private readonly storage: FileStorage,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Cheap checks that need no decoding beyond the header: run them before spending a one-time code. */
  async check(data: Buffer): Promise<void> {
    if (data.length > PROFILE_IMAGE_MAX_BYTES) throw payloadTooLarge(STUDENT_MESSAGES.imageSize);
    if (!detectImageKind(data)) throw badRequest(STUDENT_MESSAGES.imageType);
    try {
      const meta = await loadSharp()(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      if (!meta.width || !meta.height || meta.width * meta.height > MAX_INPUT_PIXELS) throw new Error('size');
    } catch {
      throw badRequest(STUDENT_MESSAGES.imageType);
    }
  }

  /** Re-encode and store; returns the storage key. */
  async store(data: Buffer): Promise<string> {
    await this.check(data);
    let encoded: Buffer;
    let variants: [AvatarVariantPx, Buffer][];
    try {
      const image = loadSharp()(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate(); // EXIF orientation first
      encoded = await image
        .clone()
        .resize(PROFILE_PHOTO_MAX_PX, PROFILE_PHOTO_MAX_PX, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
      // The round avatars crop to the centre (object-cover): the small copies are that square.
      variants = await Promise.all(
        AVATAR_VARIANT_PX.map(
          async (px) =>
            [px, await image.clone().resize(px, px, { fit: 'cover' }).webp({ quality: 80 }).toBuffer()] as [
              AvatarVariantPx,
              Buffer,
            ],
        ),
      );
    } catch {
      throw badRequest(STUDENT_MESSAGES.imageType);
    }
    const key = `${AVATAR_PREFIX}${randomUUID()}.webp`;
    await this.storage.put(key, encoded, 'image/webp');
    for (const [px, body] of variants) await this.storage.put(avatarVariantKey(key, px), body, 'image/webp');
    return key;
  }

  /** Best effort: a file left behind is only wasted space, never a reason to fail the request. */
  async remove(key: string | null | undefined): Promise<void> {
    if (!key) return;
    for (const each of [key, ...AVATAR_VARIANT_PX.map((px) => avatarVariantKey(key, px))]) {
      try {
        await this.storage.delete(each);
      } catch (err) {
        this.log.warn({ err, key: each }, 'could not delete an old profile photo');
      }
    }
  }
}

import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { PROFILE_IMAGE_MAX_BYTES } from '@quizcast/contract/constants';
import { DiskStorage } from '../../providers/storage/disk-storage';
import { detectImageKind, MAX_INPUT_PIXELS, ProfilePhotoService } from './profile-photo';

const silentLog = pino({ level: 'silent' });

const make = (format: 'jpeg' | 'png' | 'gif' | 'webp' | 'avif') =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
    .toFormat(format)
    .toBuffer();

describe('detectImageKind', () => {
  it.each(['jpeg', 'png', 'gif', 'webp', 'avif'] as const)('recognises %s by its bytes', async (format) => {
    expect(detectImageKind(await make(format))).toBe(format);
  });

  it('rejects text, PDF, SVG, empty and truncated signatures', () => {
    expect(detectImageKind(Buffer.from('hello, I am a .png'))).toBeNull();
    expect(detectImageKind(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(detectImageKind(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageKind(Buffer.alloc(0))).toBeNull();
    expect(detectImageKind(Buffer.from([0x89, 0x50, 0x4e]))).toBeNull();
  });
});

describe('decompression-bomb guard', () => {
  const service = new ProfilePhotoService(
    new DiskStorage(mkdtempSync(path.join(tmpdir(), 'avatar-'))),
    silentLog,
  );
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();

  it('refuses an image that decodes to more than about 20 megapixels', async () => {
    expect(MAX_INPUT_PIXELS).toBe(20_000_000);
    const bomb = await png(5000, 5000); // 25 megapixels in a few kilobytes
    expect(bomb.length).toBeLessThan(PROFILE_IMAGE_MAX_BYTES);
    await expect(service.check(bomb)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('accepts a large real photo size under the cap', async () => {
    await expect(service.check(await png(4000, 3000))).resolves.toBeUndefined();
  });
});

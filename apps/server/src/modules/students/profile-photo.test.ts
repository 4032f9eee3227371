import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { detectImageKind, fileUrl } from './profile-photo';

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

describe('fileUrl', () => {
  it('is a same-origin path under /api/files, or null', () => {
    expect(fileUrl('avatars/x.webp')).toBe('/api/files/avatars/x.webp');
    expect(fileUrl(null)).toBeNull();
  });
});

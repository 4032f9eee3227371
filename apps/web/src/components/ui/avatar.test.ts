import { describe, expect, it } from 'vitest';
import { avatarSrc } from './avatar';

describe('avatarSrc', () => {
  it('asks for the small square copy of a stored photo', () => {
    const url = '/api/files/avatars/0b7c8a3e-1f2d-4c5b-9a8e-123456789abc.webp';
    expect(avatarSrc(url, 96)).toBe('/api/files/avatars/0b7c8a3e-1f2d-4c5b-9a8e-123456789abc-96.webp');
    expect(avatarSrc(url, 192)).toBe('/api/files/avatars/0b7c8a3e-1f2d-4c5b-9a8e-123456789abc-192.webp');
  });

  it('keeps the signature of a signed photo URL (it covers every size)', () => {
    const url = '/api/files/avatars/0b7c8a3e-1f2d-4c5b-9a8e-123456789abc.webp?exp=1790000000&sig=abc_-1';
    expect(avatarSrc(url, 96)).toBe(
      '/api/files/avatars/0b7c8a3e-1f2d-4c5b-9a8e-123456789abc-96.webp?exp=1790000000&sig=abc_-1',
    );
  });

  it('leaves a local preview or any other address alone', () => {
    expect(avatarSrc('blob:http://localhost/abc', 96)).toBe('blob:http://localhost/abc');
    expect(avatarSrc('https://example.com/a.webp', 96)).toBe('https://example.com/a.webp');
  });
});

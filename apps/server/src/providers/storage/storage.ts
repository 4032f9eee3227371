import type { Readable } from 'node:stream';

export interface StoredFileInfo {
  size: number;
  contentType: string;
}

/** Files (profile photos, poster template, question audio): local disk by default, S3-compatible when configured. */
export interface FileStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  stat(key: string): Promise<StoredFileInfo | null>;
  /** Inclusive byte range, for HTTP range requests. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  delete(key: string): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  webm: 'audio/webm',
};

export function contentTypeForKey(key: string): string {
  const ext = key.split('.').pop()?.toLowerCase() ?? '';
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

/** Keys are ours (e.g. `avatars/<uuid>.webp`): refuse anything that could escape the storage root. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9/_-]*(\.[a-z0-9]+)?$/i.test(key) || key.includes('..') || key.includes('//')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

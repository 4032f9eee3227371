import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { DiskStorage } from './disk-storage';

describe('DiskStorage', () => {
  const storage = new DiskStorage(mkdtempSync(path.join(tmpdir(), 'quizcast-files-')));

  it('stores, stats, reads ranges and deletes', async () => {
    await storage.put('avatars/a1.png', Buffer.from('0123456789'), 'image/png');
    expect(await storage.stat('avatars/a1.png')).toEqual({ size: 10, contentType: 'image/png' });
    expect(await text(await storage.read('avatars/a1.png'))).toBe('0123456789');
    expect(await text(await storage.read('avatars/a1.png', { start: 2, end: 4 }))).toBe('234');
    await storage.delete('avatars/a1.png');
    expect(await storage.stat('avatars/a1.png')).toBeNull();
  });

  it('refuses keys that could escape its folder', async () => {
    await expect(storage.put('../escape.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/Unsafe/);
    await expect(storage.stat('/etc/passwd')).resolves.toBeNull();
  });
});

import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertSafeKey, contentTypeForKey, type FileStorage, type StoredFileInfo } from './storage';

/** Files under DATA_DIR/files, written atomically (temp file + rename). */
export class DiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer, _contentType?: string): Promise<void> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temp, data);
    await rename(temp, target);
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    try {
      const info = await stat(this.file(key));
      return info.isFile() ? { size: info.size, contentType: contentTypeForKey(key) } : null;
    } catch {
      return null;
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    return createReadStream(this.file(key), range);
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }
}

import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import * as fs from 'node:fs';
import { readOrCreateOnce } from './create-once';

vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof fs>();
  return { ...real, linkSync: vi.fn(real.linkSync) };
});

const run = promisify(execFile);

describe('readOrCreateOnce', () => {
  it('makes the file once, private, and reads it back afterwards without making it again', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'quizcast-once-'));
    const file = path.join(dir, 'nested', 'secret');
    let made = 0;
    const make = () => `made ${++made}`;
    expect(readOrCreateOnce(file, make)).toBe('made 1');
    expect(readOrCreateOnce(file, make)).toBe('made 1');
    expect(made).toBe(1);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(path.dirname(file))).toEqual(['secret']);
  });

  it('when another process links its file first, returns that one and leaves no scratch file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'quizcast-once-'));
    const file = path.join(dir, 'keys.json');
    // The rival finishes while this one is still making its own.
    const mine = readOrCreateOnce(file, () => {
      readOrCreateOnce(file, () => 'theirs');
      return 'mine';
    });
    expect(mine).toBe('theirs');
    expect(readdirSync(dir)).toEqual(['keys.json']);
  });

  it('processes starting together all read one whole file (a plain write let one read half of it)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'quizcast-once-'));
    const file = path.join(dir, 'vapid-keys.json');
    const module = path.join(import.meta.dirname, 'create-once.ts');
    // Each makes a different 1 MB value, so a torn or mixed read shows.
    const script = `
      const { readOrCreateOnce } = await import(${JSON.stringify(module)});
      const { createHash, randomBytes } = await import('node:crypto');
      const text = readOrCreateOnce(${JSON.stringify(file)}, () => JSON.stringify({ v: randomBytes(512 * 1024).toString('hex') }));
      JSON.parse(text);
      console.log(createHash('sha256').update(text).digest('hex'));`;
    const outputs = await Promise.all(
      Array.from({ length: 6 }, () => run(process.execPath, ['--input-type=module', '-e', script])),
    );
    const hashes = new Set(outputs.map((o) => o.stdout.trim()));
    expect(hashes.size).toBe(1);
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(readFileSync(file, 'utf8')).digest('hex')).toBe([...hashes][0]);
    expect(readdirSync(dir)).toEqual(['vapid-keys.json']);
  });

  it('on a file system without hard links, creates it exclusively instead (never overwrites a rival)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'quizcast-once-'));
    const file = path.join(dir, 'jwt-secret');
    const noLinks = () => {
      throw Object.assign(new Error('operation not permitted'), { code: 'EPERM' });
    };
    vi.mocked(fs.linkSync).mockImplementation(noLinks);
    try {
      expect(readOrCreateOnce(file, () => 'first')).toBe('first');
      expect(readdirSync(dir)).toEqual(['jwt-secret']);
      // A rival that lost the race reads the winner's.
      const mine = readOrCreateOnce(path.join(dir, 'other'), () => {
        readOrCreateOnce(path.join(dir, 'other'), () => 'theirs');
        return 'mine';
      });
      expect(mine).toBe('theirs');
    } finally {
      vi.mocked(fs.linkSync).mockRestore();
    }
  });
});

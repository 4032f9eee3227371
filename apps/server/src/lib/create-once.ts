import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A file in DATA_DIR made once and then kept (the development JWT secret, VAPID keys, the push
 * stand-in's certificate), which several processes sharing that directory may all try to make at
 * the same moment (cluster instances starting together). Each makes its own in a private temporary
 * file and links it into place: the file appears whole or not at all, the first link wins, and the
 * others read the winner's. A plain write let a second process read a half-written file
 * (`Unexpected end of JSON input`, the cluster test's instance 3).
 */
export function readOrCreateOnce(file: string, make: () => string, mode = 0o600): string {
  const existing = readIfThere(file);
  if (existing !== undefined) return existing;
  mkdirSync(path.dirname(file), { recursive: true });
  const scratch = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const content = make();
    writeFileSync(scratch, content, { mode });
    try {
      linkSync(scratch, file);
    } catch (err) {
      // A file system without hard links (some network and FUSE mounts): an exclusive create,
      // which a rival can still read half-written, but never overwrite.
      if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'].includes((err as NodeJS.ErrnoException).code ?? ''))
        throw err;
      writeFileSync(file, content, { mode, flag: 'wx' });
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    rmSync(scratch, { force: true });
  }
  return readFileSync(file, 'utf8');
}

function readIfThere(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

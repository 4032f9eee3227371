import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import path from 'node:path';
import { x as extract } from 'tar';

/**
 * A new embedded data directory made from initdb's copy (PGLITE_INITDB_COPY, a tarball `npm run build`
 * writes): unpacked on disk, synced, and renamed into place, so PGlite opens it as it opens any existing
 * data directory. Handing the copy to PGlite (`loadDataDir`) read the 40 MB tarball and its files through
 * memory, and left ~55 MiB in the process's heap for as long as the server ran (issue 31,
 * scripts/measure-start.mjs). A start stopped halfway leaves an unused folder beside, never a half-made
 * data directory; the next start clears it and unpacks again.
 */
export async function unpackInitdbCopy(copy: string, dataDir: string): Promise<void> {
  const aside = `${dataDir}.unpacking`;
  rmSync(aside, { recursive: true, force: true });
  mkdirSync(aside, { recursive: true });
  try {
    // A damaged or truncated copy fails the start rather than leaving files out. PGlite writes its
    // entries' paths from the root ("/base/1/…"): each is unpacked under `aside` (the only note tar gives).
    const problems: string[] = [];
    await extract({
      file: copy,
      cwd: aside,
      preserveOwner: false,
      onwarn: (code, message) => {
        if (code !== 'TAR_ENTRY_INFO') problems.push(`${code}: ${message}`);
      },
    });
    if (problems.length) throw new Error(problems.slice(0, 3).join('; '));
    if (!existsSync(path.join(aside, 'PG_VERSION'))) throw new Error('it holds no PostgreSQL data directory');
    syncTree(aside);
    rmSync(dataDir, { recursive: true, force: true }); // absent or empty: openPglite checks
    renameSync(aside, dataDir);
    syncPath(path.dirname(dataDir));
  } catch (err) {
    rmSync(aside, { recursive: true, force: true });
    throw new Error(`cannot initialize the data directory from ${copy}: ${(err as Error).message}`, {
      cause: err,
    });
  }
}

/** Whether `dir` is missing or empty (a folder with anything in it is never replaced). */
export function isAbsentOrEmpty(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

function syncPath(file: string): void {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Every file and folder under `dir` on disk before it is renamed into use. */
function syncTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) syncTree(full);
    else syncPath(full);
  }
  syncPath(dir);
}

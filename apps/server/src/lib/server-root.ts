import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server), found from wherever this code runs: the TypeScript
 * sources (tsx, tests) or the compiled bundle in apps/server/dist. Files shipped with the server
 * (migrations, assets) are resolved from here, so both layouts find them.
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'drizzle.config.ts'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('cannot find the server package folder (apps/server)');
    dir = parent;
  }
}

export const SERVER_ROOT = findServerRoot();

// Whether `npm start` must rebuild the web app or the server (issue 31): a build's stamp is a SHA-256
// of every source file's path and content (the lockfile, the root package.json, the shared TypeScript
// settings and the contract included), written into the build's folder after a successful build. A
// start whose sources hash to the stamp found there skips that build. Build output, installed
// packages and tests are not sources. A cluster worker (WEB_CONCURRENCY > 1: node:cluster runs
// `npm start`'s script again in each worker) never builds: its primary built before it forked, and a
// build there would delete `dist` under the running workers.
import cluster from 'node:cluster';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// Only names that are never sources: a folder named data or test inside the sources is a source.
const SKIP = new Set(['node_modules', 'dist', 'test-results', 'coverage']);

/** Every file under `entries` (files or folders, relative to `root`), skipping build output and tests. */
function files(root, entries) {
  const out = [];
  const walk = (rel) => {
    const abs = path.join(root, rel);
    if (!existsSync(abs)) return;
    if (statSync(abs).isDirectory()) {
      for (const name of readdirSync(abs).sort()) if (!SKIP.has(name)) walk(path.join(rel, name));
    } else if (!/\.test\.tsx?$/.test(rel)) out.push(rel);
  };
  for (const entry of entries) walk(entry);
  return out;
}

/** The SHA-256 of `entries`' files: each one's path and content. */
export function stampOf(root, entries) {
  const hash = createHash('sha256');
  for (const rel of files(root, entries)) {
    hash.update(`${rel}\0`);
    hash.update(readFileSync(path.join(root, rel)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const shared = ['package-lock.json', 'package.json', 'tsconfig.base.json', 'packages/contract'];

/** What `npm start` builds: each target's workspace, its stamp file and its sources. */
export const TARGETS = [
  {
    name: 'the web app',
    workspace: '@quizcast/web',
    stampFile: 'apps/web/dist/.source-stamp',
    sources: [...shared, 'apps/web', 'scripts/prerender-landing.mjs', 'scripts/precompress.mjs'],
  },
  {
    name: 'the server',
    workspace: '@quizcast/server',
    stampFile: 'apps/server/dist/.source-stamp',
    sources: [...shared, 'apps/server/src', 'apps/server/scripts', 'apps/server/package.json'],
  },
];

/**
 * Whether `target` must be built under `root`: `{ build: false }` when its sources hash to the stamp
 * its last build left (or in a cluster worker: `reason: 'worker'`), else `{ build: true, reason:
 * 'first' | 'changed' }`; `stamp` is the new hash, for `writeStamp` once the build has succeeded.
 */
export function buildDecision(root, target, { worker = cluster.isWorker } = {}) {
  if (worker) return { build: false, reason: 'worker', stamp: null };
  const stamp = stampOf(root, target.sources);
  const stampPath = path.join(root, target.stampFile);
  const built = existsSync(stampPath) ? readFileSync(stampPath, 'utf8').trim() : null;
  if (built === stamp) return { build: false, reason: 'unchanged', stamp };
  return { build: true, reason: built === null ? 'first' : 'changed', stamp };
}

export function writeStamp(root, target, stamp) {
  writeFileSync(path.join(root, target.stampFile), `${stamp}\n`);
}

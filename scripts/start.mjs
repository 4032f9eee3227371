// `npm start`: builds what changed, then starts the server (apps/server's `start` script).
//
// The web app and the server are each rebuilt only when their sources changed: a stamp (a SHA-256
// of every source file's path and content, the lockfile included) is written into each build's
// folder after a successful build, and compared on the next start. An unchanged checkout starts the
// server at once (issue 31: rebuilding an unchanged web app took 7–9 s of every start). A first start
// on a fresh clone builds both and says so. `npm run build` still rebuilds everything.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKIP = new Set(['node_modules', 'dist', 'data', 'base', 'test', 'test-results', 'coverage']);

/** Every file under `entries` (files or folders, relative to the root), skipping build output and tests. */
function files(entries) {
  const out = [];
  const walk = (rel) => {
    const abs = path.join(root, rel);
    if (!existsSync(abs)) return;
    if (statSync(abs).isDirectory()) {
      for (const name of readdirSync(abs).sort()) if (!SKIP.has(name)) walk(path.join(rel, name));
    } else out.push(rel);
  };
  for (const entry of entries) walk(entry);
  return out;
}

function stampOf(entries) {
  const hash = createHash('sha256');
  for (const rel of files(entries)) {
    hash.update(`${rel}\0`);
    hash.update(readFileSync(path.join(root, rel)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const shared = ['package-lock.json', 'package.json', 'tsconfig.base.json', 'packages/contract'];
const targets = [
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

for (const target of targets) {
  const started = performance.now();
  const stamp = stampOf(target.sources);
  const stampPath = path.join(root, target.stampFile);
  const built = existsSync(stampPath) ? readFileSync(stampPath, 'utf8').trim() : null;
  if (built === stamp) {
    console.log(
      `${target.name}: unchanged since its last build (${(performance.now() - started).toFixed(0)} ms)`,
    );
    continue;
  }
  console.log(
    built === null
      ? `Building ${target.name} (first start: this can take a few minutes; its progress follows)…`
      : `Rebuilding ${target.name}: its sources changed…`,
  );
  const res = spawnSync('npm', ['--workspace', target.workspace, 'run', 'build'], {
    stdio: 'inherit',
    cwd: root,
  });
  if (res.status !== 0) process.exit(res.status ?? 1);
  writeFileSync(stampPath, `${stamp}\n`);
  console.log(`${target.name} built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

// The server in a child; a stop signal sent to this process (a service manager's SIGTERM) is passed on.
const server = spawn('npm', ['--workspace', '@quizcast/server', 'run', 'start'], {
  stdio: 'inherit',
  cwd: root,
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

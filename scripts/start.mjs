// `npm start`: builds what changed, then runs the server in this process (as apps/server's `start` script).
//
// The web app and the server are each rebuilt only when their sources changed: a stamp (a SHA-256
// of every source file's path and content, the lockfile included) is written into each build's
// folder after a successful build, and compared on the next start. An unchanged checkout starts the
// server at once (issue 31: rebuilding an unchanged web app took 7–9 s of every start). A first start
// on a fresh clone builds both and says so. `npm run build` still rebuilds everything.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildDecision, TARGETS, writeStamp } from './build-stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

for (const target of TARGETS) {
  const started = performance.now();
  const decision = buildDecision(root, target);
  if (decision.reason === 'worker') continue; // its primary built before forking it
  if (!decision.build) {
    console.log(
      `${target.name}: unchanged since its last build (${(performance.now() - started).toFixed(0)} ms)`,
    );
    continue;
  }
  console.log(
    decision.reason === 'first'
      ? `Building ${target.name} (first start: this can take a few minutes; its progress follows)…`
      : `Rebuilding ${target.name}: its sources changed…`,
  );
  const res = spawnSync('npm', ['--workspace', target.workspace, 'run', 'build'], {
    stdio: 'inherit',
    cwd: root,
  });
  if (res.status !== 0) process.exit(res.status ?? 1);
  writeStamp(root, target, decision.stamp);
  console.log(`${target.name} built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

// The server in this process (issue 31): a child started through npm cost ~70 MiB for the second npm
// and ~45 MiB for this launcher on top of the server, for as long as the server ran. The root `start`
// script gives this process the server's node flags (apps/server's `start` script; a test keeps the two
// alike), and the server's own handlers answer a stop signal (a service manager's SIGTERM, Ctrl+C).
process.chdir(path.join(root, 'apps/server'));
await import(pathToFileURL(path.join(root, 'apps/server/dist/start.js')).href);

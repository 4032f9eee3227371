// Compiles the server to plain JavaScript (apps/server/dist) so production runs it with `node`, no
// TypeScript loader: one ESM bundle per entry point. The workspace contract package (TypeScript
// sources) and drizzle-orm are bundled in; every other npm dependency stays external and loads from
// node_modules.
// Migrations and assets are read from apps/server at run time (src/lib/server-root.ts).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
// drizzle-orm is bundled in (pure JavaScript): loaded from node_modules it is hundreds of small ES
// modules, each resolved against its 175 KB package.json, which took seconds of every start and
// ~25 MiB resident (issue 31, scripts/measure-start.mjs).
const bundled = new Set(['drizzle-orm']);
const external = Object.keys(pkg.dependencies)
  .filter((name) => !bundled.has(name))
  .flatMap((name) => [name, `${name}/*`]);

rmSync(path.join(root, 'dist'), { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'src/main.ts',
    seed: 'src/seed/seed.cli.ts',
    admin: 'src/modules/students/promote-admin.cli.ts',
    // The formula renderer's worker thread (src/lib/math-pool.ts loads dist/math-worker.js).
    'math-worker': 'src/lib/math-worker.ts',
    // The result card's renderer (src/lib/card-pool.ts loads dist/card-worker.js).
    'card-worker': 'src/lib/card-worker.ts',
    // Web push's encryption and requests (src/providers/push/worker-push-sender.ts loads dist/push-worker.js).
    'push-worker': 'src/providers/push/push-worker.ts',
    // Run once below: PGlite's initdb, kept for first starts on a new data directory.
    'initdb-copy': 'src/db/initdb-copy.cli.ts',
    // Run once below: the demo seed's formulas, rendered for first starts (src/seed/demo-formulas.ts).
    'demo-formulas': 'src/seed/demo-formulas.cli.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  // Stack traces name the file and line; the sources themselves stay out of the map (~2 MiB of heap at run time, issue 31).
  sourcesContent: false,
  external,
  // Bundled CommonJS (dayjs, via the contract) may call require(); give ESM output one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
// The production entry (`npm start`): before main.js and its dependencies load, V8's compiled code
// is cached on disk between starts, and source maps map the app's own stack traces only (the
// `--enable-source-maps` flag parsed every dependency's map too: PGlite's alone is 0.8 MB, issue 31).
// `node dist/main.js` still runs the same server without them.
writeFileSync(
  path.join(root, 'dist/start.js'),
  `// Written by scripts/build.mjs: the production entry (apps/server's \`start\` script).
import module from 'node:module';
module.enableCompileCache();
module.setSourceMapsSupport(true, { nodeModules: false, generatedCode: false });
await import('./main.js');
`,
);
console.log('server compiled to apps/server/dist');
// A first start on a new embedded data directory loads this copy of initdb's output instead of running
// initdb beside the server (~300 MiB less at its peak, issue 31; src/db/client.ts PGLITE_INITDB_COPY).
const copy = spawnSync(process.execPath, ['dist/initdb-copy.js'], { cwd: root, stdio: 'inherit' });
if (copy.status !== 0) process.exit(copy.status ?? 1);
// The demo seed's formulas, so a first start seeds without the formula renderer's worker (issue 31).
const formulas = spawnSync(process.execPath, ['dist/demo-formulas.js'], { cwd: root, stdio: 'inherit' });
if (formulas.status !== 0) process.exit(formulas.status ?? 1);

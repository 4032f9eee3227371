// Compiles the server to plain JavaScript (apps/server/dist) so production runs it with `node`, no
// TypeScript loader: one ESM bundle per entry point. The workspace contract package (TypeScript
// sources) is bundled in; every npm dependency stays external and loads from node_modules.
// Migrations and assets are read from apps/server at run time (src/lib/server-root.ts).
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).flatMap((name) => [name, `${name}/*`]);

rmSync(path.join(root, 'dist'), { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'src/main.ts',
    seed: 'src/seed/seed.cli.ts',
    admin: 'src/modules/students/promote-admin.cli.ts',
    // The formula renderer's worker thread (src/lib/math-pool.ts loads dist/math-worker.js).
    'math-worker': 'src/lib/math-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  external,
  // Bundled CommonJS (dayjs, via the contract) may call require(); give ESM output one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
console.log('server compiled to apps/server/dist');

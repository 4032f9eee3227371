// The size budgets of issue 17: gzip JavaScript a screen needs before it is usable, from the
// build's manifest (apps/web/dist/.vite/manifest.json). For each screen: the entry (index.html's
// script) plus every chunk the screen's route modules load, followed through static imports.
// Dynamic imports a screen makes later (dialogs, the toaster, the service worker) are not counted:
// they are not needed to use the screen. e2e/pwa.spec.ts cross-checks these figures against the
// scripts a real page load fetches. Prints the figures; exits 1 when a screen is over budget.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync, constants } from 'node:zlib';

export const BUDGETS = [
  {
    screen: 'landing page',
    kb: 100,
    // The landing page boots on its own (apps/web/src/landing-main.tsx, ADR 013): React DOM and the
    // page, without the router, the query client or auth.
    routes: ['src/landing-main.tsx'],
  },
  {
    screen: 'quiz list (signed in)',
    kb: 150,
    routes: [
      'src/app-main.tsx',
      'src/app/layouts/signed-in-layout.tsx',
      'src/features/quizzes/components/quiz-list-page.tsx',
    ],
  },
  {
    screen: 'attempt screen',
    kb: 180,
    routes: [
      'src/app-main.tsx',
      'src/app/layouts/signed-in-layout.tsx',
      'src/features/quizzes/components/quiz-attempt-page.tsx',
    ],
  },
];

export function screenChunks(manifest, routes) {
  const files = new Set();
  const visit = (key) => {
    const entry = manifest[key];
    if (!entry)
      throw new Error(`${key} is not in the build manifest (renamed? update scripts/check-budgets.mjs)`);
    if (files.has(entry.file)) return;
    files.add(entry.file);
    for (const next of entry.imports ?? []) visit(next);
  };
  visit('index.html');
  for (const route of routes) visit(route);
  return [...files].filter((file) => file.endsWith('.js'));
}

export function gzipBytes(file) {
  return gzipSync(readFileSync(file), { level: constants.Z_BEST_COMPRESSION }).length;
}

function main() {
  const dist = path.resolve(process.argv[2] ?? 'apps/web/dist');
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) {
    console.error(`No build manifest at ${manifestFile}: run \`npm run build\` first.`);
    process.exit(1);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  let over = 0;
  console.log('JavaScript before the screen is usable (gzip):');
  for (const budget of BUDGETS) {
    const chunks = screenChunks(manifest, budget.routes);
    const bytes = chunks.reduce((sum, file) => sum + gzipBytes(path.join(dist, file)), 0);
    const kb = bytes / 1024;
    const ok = kb <= budget.kb;
    if (!ok) over += 1;
    console.log(
      `  ${ok ? 'ok  ' : 'OVER'} ${budget.screen.padEnd(24)} ${kb.toFixed(1).padStart(6)} KB / ${budget.kb} KB  (${chunks.length} files)`,
    );
  }
  if (over) {
    console.error(
      `\n${over} screen(s) over budget: split or drop code (see docs/decisions/013-pwa-compression-budgets.md).`,
    );
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();

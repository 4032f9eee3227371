// The size budgets of issue 17: gzip JavaScript a screen needs before it is usable, from the
// build's manifest (apps/web/dist/.vite/manifest.json). For each screen: the entry (index.html's
// script) plus every chunk the screen's route modules load, followed through static imports.
// Dynamic imports a screen makes later (dialogs, the toaster, the service worker) are not counted:
// they are not needed to use the screen. e2e/pwa.spec.ts cross-checks these figures against the
// scripts a real page load fetches. Prints the figures; exits 1 when a screen is over budget.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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
    // 150 KB until 2026-11-27; the practice entry (issue 27), the streak's slot (issue 28) and the
    // screen notices in the layout (issue 30) took it to 150.8 KB. 152 KB with a trim owed (ADR 013).
    kb: 152,
    routes: [
      'src/app-main.tsx',
      'src/app/layouts/signed-in-layout.tsx',
      // The quiz list with the streak composed in (issue 28).
      'src/app/routes/quiz-list-route.tsx',
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

/**
 * Strings only React's development build carries (its warnings and the JSX dev runtime): a build
 * made with NODE_ENV=development in the environment ships them (issue 30, defect 2). The web build is
 * always a production build (apps/web/vite.config.ts), whatever the server's mode.
 */
export const DEVELOPMENT_MARKERS = ["hasn't mounted yet", 'jsxDEV'];

/** The built scripts that carry React's development code (none in a production build). */
export function developmentScripts(dist) {
  const assets = path.join(dist, 'assets');
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .filter((file) => {
      const source = readFileSync(path.join(assets, file), 'utf8');
      return DEVELOPMENT_MARKERS.some((marker) => source.includes(marker));
    });
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
  const development = developmentScripts(dist);
  if (development.length) {
    console.error(
      `React's development build is in ${development.length} script(s) (${development.slice(0, 3).join(', ')}…): ` +
        'the web build must be a production build (apps/web/vite.config.ts).',
    );
    process.exit(1);
  }
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

// Prints a Mermaid flowchart of the server's imports, aggregated per folder: each module under
// apps/server/src/modules is a node, and so is each layer (plugins, lib, db, providers, jobs) and
// app.ts. An edge A --> B means some file in A imports some file in B. Tests and the seed data are
// left out, as in src/import-graph.test.ts. docs/ARCHITECTURE.md holds its output:
//
//   node scripts/module-graph.mjs
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/src');
const LAYERS = ['plugins', 'lib', 'db', 'providers', 'jobs'];

/** Every .ts file under `dir`, without tests and migrations. */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** The node a file belongs to: `modules/<name>`, a layer, `app` or null (left out). */
function nodeOf(file) {
  const parts = path.relative(SRC, file).split(path.sep);
  if (parts[0] === 'modules') return `modules/${parts[1]}`;
  if (LAYERS.includes(parts[0])) return parts[0];
  if (parts[0] === 'app.ts') return 'app';
  return null;
}

/** The relative specifiers a file imports (static imports, re-exports, `import()`). */
function relativeImports(text) {
  const found = [];
  const pattern = /(?:\bfrom\s+|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
  for (const match of text.matchAll(pattern)) found.push(match[1]);
  return found;
}

const edges = new Map(); // "from|to" → number of importing files
const nodes = new Set();
for (const file of sourceFiles(SRC)) {
  const from = nodeOf(file);
  if (!from) continue;
  nodes.add(from);
  const targets = new Set(
    relativeImports(readFileSync(file, 'utf8'))
      .map((spec) => nodeOf(path.resolve(path.dirname(file), spec)))
      .filter((to) => to && to !== from),
  );
  for (const to of targets) edges.set(`${from}|${to}`, (edges.get(`${from}|${to}`) ?? 0) + 1);
}

const id = (node) => node.replace(/[^a-z0-9]/gi, '_');
const label = (node) => node.replace(/^modules\//, '');
const modules = [...nodes].filter((n) => n.startsWith('modules/')).sort();
const layers = LAYERS.filter((n) => nodes.has(n));
// app.ts registers every module's routes: drawn once as a note rather than as 16 edges.
const shown = [...edges.keys()]
  .map((key) => key.split('|'))
  .filter(([from, to]) => !(from === 'app' && to.startsWith('modules/')))
  .sort(([a, b], [c, d]) => a.localeCompare(c) || b.localeCompare(d));

const lines = ['flowchart LR'];
lines.push('  app["app.ts (registers every module\'s routes)"]');
lines.push('  subgraph modules');
for (const m of modules) lines.push(`    ${id(m)}[${label(m)}]`);
lines.push('  end');
lines.push('  subgraph layers["lower layers"]');
for (const l of layers) lines.push(`    ${id(l)}[${l}]`);
lines.push('  end');
// Every module imports from the layers below (db, lib, …): one edge for all of them keeps it legible.
lines.push('  modules --> layers');
for (const [from, to] of shown) {
  if (from.startsWith('modules/') && LAYERS.includes(to)) continue;
  lines.push(`  ${id(from)} --> ${id(to)}`);
}
console.log(lines.join('\n'));

// Issue 14: a lazy route's own JavaScript (gzip) on top of the shared bundle must stay within budget.
// Usage: node scripts/check-route-budget.mjs <chunk-name-prefix> <budget-kb> [dist dir]
// "Its own" = the route chunk plus every chunk it statically imports that the shared bundle does not
// already load: index.html's entry script and, since the entry picks a boot (ADR 013: the landing page
// has its own), the signed-in app's boot chunk `app-main-*.js` with everything it imports. Exits 1 over budget or when the chunk is missing (build first).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Static imports of a built chunk: `import … from "./x.js"`, `import "./x.js"`, `export … from "./x.js"`. */
export function staticImports(code) {
  const found = new Set();
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g))
    found.add(path.basename(m[1]));
  return [...found];
}

export function closure(start, read) {
  const seen = new Set();
  const stack = [start];
  while (stack.length) {
    const file = stack.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...staticImports(read(file)));
  }
  return seen;
}

export function routeCost({ files, read, entries, route }) {
  const shared = new Set(entries.flatMap((e) => [...closure(e, read)]));
  const own = [...closure(route, read)].filter((f) => !shared.has(f));
  const bytes = own.reduce((sum, f) => sum + gzipSync(read(f)).length, 0);
  return { own, bytes, files };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [prefix, budgetKb, dist = 'apps/web/dist'] = process.argv.slice(2);
  const assets = path.join(dist, 'assets');
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const read = (f) => readFileSync(path.join(assets, f), 'utf8');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = html.match(/<script[^>]+src="\/assets\/([^"]+\.js)"/)?.[1];
  const route = files.find((f) => f.startsWith(`${prefix}-`));
  const boot = files.find((f) => f.startsWith('app-main-'));
  if (!entry || !route || !boot) {
    console.error(
      `route budget: ${!entry ? 'no entry script in index.html' : !route ? `no chunk "${prefix}-*.js"` : 'no app boot chunk "app-main-*.js"'} in ${dist} (build first)`,
    );
    process.exit(1);
  }
  const { own, bytes } = routeCost({ files, read, entries: [entry, boot], route });
  const kb = bytes / 1024;
  const ok = kb <= Number(budgetKb);
  console.log(
    `${ok ? 'ok' : 'OVER BUDGET'}: ${prefix} adds ${kb.toFixed(1)} KB gzip (budget ${budgetKb} KB): ${own.join(', ')}`,
  );
  process.exit(ok ? 0 : 1);
}

// Runs every bench/*.bench.ts scenario in turn (see bench/README.md for figures and how to reproduce them).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const scenarios = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => !only || f.includes(only))
  .sort();
if (!scenarios.length) {
  console.log('No benchmark scenarios yet.');
  process.exit(0);
}
let failed = 0;
for (const file of scenarios) {
  console.log(`\n━━ ${file} ━━`);
  const res = spawnSync('npx', ['tsx', path.join(here, file)], { stdio: 'inherit' });
  if (res.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);

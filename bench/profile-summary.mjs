// Summarises V8 CPU profiles (node --cpu-prof, BENCH_PROFILE=1): self time by function and by package.
//   node bench/profile-summary.mjs <file.cpuprofile|folder> [top]
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const target = process.argv[2];
const top = Number(process.argv[3] ?? 25);
const files = statSync(target).isDirectory()
  ? readdirSync(target)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => path.join(target, f))
  : [target];

const byFunction = new Map();
const byPackage = new Map();
let total = 0;
for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = new Map();
  profile.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  for (const [id, us] of dt) {
    const { callFrame } = nodes.get(id);
    const url = callFrame.url || '';
    const pkg = url.includes('node_modules/')
      ? url
          .split('node_modules/')
          .pop()
          .split('/')
          .slice(0, url.split('node_modules/').pop().startsWith('@') ? 2 : 1)
          .join('/')
      : url.startsWith('node:')
        ? 'node (core)'
        : url.includes('/dist/')
          ? 'app (dist)'
          : callFrame.functionName.startsWith('(')
            ? callFrame.functionName
            : url
              ? 'app'
              : '(native)';
    const fn = `${callFrame.functionName || '(anonymous)'} ${url ? `${url.split('/').slice(-2).join('/')}:${callFrame.lineNumber + 1}` : ''}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
    total += us;
  }
}
const show = (title, map, n) => {
  console.log(`\n${title}`);
  for (const [k, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n))
    console.log(`${((us / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
};
console.log(`${files.length} profile(s), ${(total / 1e6).toFixed(1)} s sampled`);
show('self time by package', byPackage, 20);
show('self time by function', byFunction, top);

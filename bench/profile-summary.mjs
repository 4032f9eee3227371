// Summarises V8 CPU profiles (node --cpu-prof, BENCH_PROFILE=1): self time by function and by package.
//   node bench/profile-summary.mjs <file.cpuprofile|folder> [top] [--phase=<text>] [--callers=<fn>]
// --phase keeps only the samples taken while a load call whose name contains <text> ran (the run
// folder's phases.json, written by run.mjs, holds each call's start and end on the profiles' clock).
// --callers=<fn> adds the stacks (6 frames outside Node's core) that spend the self time of functions named <fn>.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const phaseArg = args.find((a) => a.startsWith('--phase='))?.slice('--phase='.length);
const callersArg = args.find((a) => a.startsWith('--callers='))?.slice('--callers='.length);
const byStack = new Map();
const [target, topArg] = args.filter((a) => !a.startsWith('--'));
const top = Number(topArg ?? 25);
const files = statSync(target).isDirectory()
  ? readdirSync(target)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => path.join(target, f))
  : [target];

let windows = null;
if (phaseArg) {
  const phasesFile = path.join(path.dirname(path.resolve(files[0] ?? target)), '..', 'phases.json');
  if (!existsSync(phasesFile)) throw new Error(`--phase needs ${phasesFile} (written by bench/run.mjs)`);
  windows = JSON.parse(readFileSync(phasesFile, 'utf8')).filter((p) => p.call.includes(phaseArg));
  if (!windows.length) throw new Error(`no load call named like "${phaseArg}" in ${phasesFile}`);
  console.log(
    `phase: ${windows.map((w) => `${w.call} (${((w.to - w.from) / 1e6).toFixed(1)} s)`).join('; ')}`,
  );
}
const inWindow = (t) => !windows || windows.some((w) => t >= w.from && t <= w.to);

const byFunction = new Map();
const byPackage = new Map();
let total = 0;
for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parents.set(c, n.id);
  const dt = new Map();
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    t += delta;
    if (inWindow(t)) dt.set(id, (dt.get(id) ?? 0) + delta);
  });
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
    if (callersArg && callFrame.functionName === callersArg) {
      const frames = [];
      for (let p = parents.get(id); p !== undefined && frames.length < 6; p = parents.get(p)) {
        const f = nodes.get(p).callFrame;
        if (f.url.startsWith('node:')) continue; // Node's own stream plumbing: show who called it
        frames.push(
          `${f.functionName || '(anonymous)'}@${(f.url || '').split('/').slice(-1)[0]}:${f.lineNumber + 1}`,
        );
      }
      const key = frames.join(' < ');
      byStack.set(key, (byStack.get(key) ?? 0) + us);
    }
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
if (callersArg) show(`stacks under ${callersArg} (share of all samples)`, byStack, 12);

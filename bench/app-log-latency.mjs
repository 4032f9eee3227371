// Server-side time of one call's requests by their order of arrival, from an app log of a bench run
// (pino's "incoming request" / "request completed" lines, `responseTime` in ms): shows how much of a
// call's tail is its first requests after the app started (cold code, connections, plans).
//   node bench/app-log-latency.mjs <run>/<scenario>-app.log <url part> [window ends, e.g. 50,200,1000]
import { readFileSync } from 'node:fs';

const [file, part, windowArg] = process.argv.slice(2);
if (!file || !part) {
  console.error('usage: node bench/app-log-latency.mjs <app log> <url part> [50,200,1000]');
  process.exit(2);
}
const ends = (windowArg ?? '50,200,1000').split(',').map(Number);
const arrived = new Map();
const took = new Map();
for (const line of readFileSync(file, 'utf8').split('\n')) {
  if (!line.startsWith('{')) continue;
  const r = JSON.parse(line);
  if (r.msg === 'incoming request' && r.req?.url?.includes(part)) arrived.set(r.reqId, arrived.size);
  else if (r.msg === 'request completed' && arrived.has(r.reqId)) took.set(r.reqId, r.responseTime);
}
const times = [...arrived.keys()].map((id) => took.get(id)).filter((t) => t !== undefined);
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const line = (label, slice) => {
  const s = [...slice].sort((a, b) => a - b);
  console.log(
    `${label.padEnd(16)} ${String(s.length).padStart(6)} requests  p50 ${pct(s, 0.5).toFixed(0)} ms  p99 ${pct(s, 0.99).toFixed(0)} ms  max ${s[s.length - 1].toFixed(0)} ms`,
  );
};
console.log(`${file}: ${times.length} requests whose url has "${part}" (server-side time, arrival order)`);
let from = 0;
for (const end of [...ends.filter((e) => e < times.length), times.length]) {
  line(`#${from + 1}–${end}`, times.slice(from, end));
  from = end;
}
line('all', times);
line(`after #${ends[0]}`, times.slice(ends[0]));

// The load side of the benchmark harness (bench/run.mjs): every call, the hello-world included, is
// driven by the same generator: `parts` processes of bench/load.mjs (autocannon's API) running at
// once, the connections split between them, each sending its share of the requests (a learner's
// requests all from the same process, so a learner's autosave rounds keep their order).
//
// Why several processes: one generator process can be the limit. The hello-world answers faster
// than one autocannon process with per-request setup can ask (issue 31: 33,000/s from one
// bench/load.mjs against 60,000/s+ from autocannon's command line, same server), and a ratio to a
// generator-bound baseline flatters every route. `calibrate` proves the chosen number of processes
// is not the limit: doubling it must not raise the hello-world's rate by more than 5%.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuMs, databaseCpuMs } from './app-process.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Merges the parts' acknowledgement files: a number keeps the highest, anything else the first set. */
export function mergeAcks(parts) {
  const merged = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (!Array.isArray(value)) {
        merged[key] ??= value;
        continue;
      }
      const out = (merged[key] ??= []);
      value.forEach((v, i) => {
        if (v === null || v === undefined) return;
        out[i] = typeof v === 'number' && typeof out[i] === 'number' ? Math.max(out[i], v) : (out[i] ?? v);
      });
    }
  }
  return merged;
}

/**
 * Combines the parts' results: requests, failures and statuses add up; the rate is all requests over
 * the longest part (they start together); p50 is the parts' request-weighted mean, p99 and max the
 * highest part's (an upper bound: autocannon reports percentiles, not histograms).
 */
export function mergeResults(results) {
  const sum = (k) => results.reduce((s, r) => s + r[k], 0);
  const requests = sum('requests');
  const seconds = Math.max(...results.map((r) => r.seconds));
  const statuses = {};
  for (const r of results)
    for (const [code, n] of Object.entries(r.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
  return {
    requests,
    seconds,
    rps: requests / seconds,
    p50: requests ? Math.round(results.reduce((s, r) => s + r.p50 * r.requests, 0) / requests) : 0,
    p99: Math.max(...results.map((r) => r.p99)),
    max: Math.max(...results.map((r) => r.max)),
    non2xx: sum('non2xx'),
    errors: sum('errors'),
    timeouts: sum('timeouts'),
    statuses,
    parts: results.length,
  };
}

/** One call as `parts` generator processes at once; resolves to the merged result. */
export async function drive(runDir, jobNo, job, parts) {
  const runs = Array.from({ length: parts }, (_, part) => {
    const jobFile = path.join(runDir, `job-${jobNo}-${part}.json`);
    const out = path.join(runDir, `result-${jobNo}-${part}.json`);
    const acksOut = job.acks ? `${job.acks}.part${part}` : undefined;
    const connections = Math.floor(job.connections / parts) + (part < job.connections % parts ? 1 : 0);
    writeFileSync(jobFile, JSON.stringify({ ...job, connections, part, parts, out, acksOut }));
    const child = spawn(process.execPath, [path.join(here, 'load.mjs'), jobFile], { stdio: 'inherit' });
    return new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) => {
        if (code !== 0) reject(new Error(`load generator ${part + 1}/${parts} failed for ${job.kind}`));
        else resolve({ result: JSON.parse(readFileSync(out, 'utf8')), acksOut });
      });
    });
  });
  const done = await Promise.all(runs);
  if (job.acks && done.some((d) => existsSync(d.acksOut))) {
    const files = done.filter((d) => existsSync(d.acksOut));
    writeFileSync(
      job.acks,
      JSON.stringify(mergeAcks(files.map((d) => JSON.parse(readFileSync(d.acksOut, 'utf8'))))),
    );
  }
  return mergeResults(done.map((d) => d.result));
}

/**
 * The calls of one run, each reported against the strongest hello-world of the run (every hello-world
 * measurement, the calibration's included: the highest rate the machine showed is the baseline).
 */
export function loadRunner({ runDir, connections, phases }) {
  let jobNo = 0;
  let parts = 1;
  const rows = [];
  const hellos = [];
  let appPid = null;
  let database = null;

  async function load(call, job, { record = true, withParts = parts } = {}) {
    // CLOCK_MONOTONIC in µs, the clock of V8's CPU profiles: profile-summary.mjs --phase slices by it.
    const from = Number(process.hrtime.bigint() / 1000n);
    const cpuBefore = job.kind === 'hello' || !appPid ? null : cpuMs(appPid);
    const dbBefore = job.kind === 'hello' ? null : databaseCpuMs(database);
    const r = await drive(runDir, ++jobNo, { connections, ...job }, withParts);
    phases.push({
      call,
      from,
      to: Number(process.hrtime.bigint() / 1000n),
      endedAt: new Date().toISOString(),
    });
    writeFileSync(path.join(runDir, 'phases.json'), JSON.stringify(phases));
    r.call = call;
    r.cpuMsPerRequest = cpuBefore === null || !r.requests ? null : (cpuMs(appPid) - cpuBefore) / r.requests;
    const dbAfter = dbBefore === null ? null : databaseCpuMs(database);
    r.dbCpuMsPerRequest = dbAfter === null || !r.requests ? null : (dbAfter - dbBefore) / r.requests;
    r.failures = r.non2xx + r.errors; // autocannon counts a timeout among its errors too
    if (job.kind === 'hello') hellos.push(r.rps);
    console.log(
      `${call}: ${r.requests} requests from ${withParts} generator process(es), ${r.rps.toFixed(0)}/s, ` +
        `p50 ${r.p50} ms, p99 ${r.p99} ms, failures ${r.failures} ${JSON.stringify(r.statuses)}` +
        `${r.cpuMsPerRequest != null ? `, app CPU ${r.cpuMsPerRequest.toFixed(3)} ms/request` : ''}` +
        `${r.dbCpuMsPerRequest != null ? `, PostgreSQL CPU ${r.dbCpuMsPerRequest.toFixed(3)} ms/request` : ''}`,
    );
    if (record) rows.push(r);
    return r;
  }

  /** The bare node:http hello-world for 5 s, with the run's generator. */
  const hello = (url, label, options) =>
    load(`hello-world (node:http) ${label}`, { kind: 'hello', url, duration: 5 }, options);

  /**
   * Finds a number of generator processes that is not the limit: starting at `from`, measure the
   * hello-world with n and 2n processes; if 2n is more than 5% faster, take 2n and check again (up to
   * `max`). Returns what it measured, for the report.
   */
  async function calibrate(url, from = 1, max = 8) {
    const lines = [];
    let n = from;
    let rate = (await hello(url, `calibration, ${n} process(es)`, { record: false, withParts: n })).rps;
    for (;;) {
      const doubled = (
        await hello(url, `calibration, ${2 * n} processes`, { record: false, withParts: 2 * n })
      ).rps;
      const gain = doubled / rate - 1;
      lines.push(
        `${n} generator process(es) ${rate.toFixed(0)}/s, ${2 * n}: ${doubled.toFixed(0)}/s (${gain >= 0 ? '+' : ''}${(gain * 100).toFixed(1)}%)`,
      );
      if (gain <= 0.05) break;
      n *= 2;
      rate = doubled;
      if (2 * n > max) {
        lines.push(`stopped at ${n} processes (the maximum, BENCH_LOAD_MAX_PROCESSES): not proven`);
        break;
      }
    }
    parts = n;
    return { parts: n, lines };
  }

  return {
    load,
    hello,
    calibrate,
    rows,
    get parts() {
      return parts;
    },
    /** The scenario's app process, and its PostgreSQL database's name (null: PGlite). */
    setApp(pid, databaseName = null) {
      appPid = pid;
      database = databaseName;
    },
    /** The strongest hello-world of the run, and each row's ratio to it. */
    baseline() {
      const best = Math.max(...hellos);
      for (const r of rows) r.ratio = r.rps / best;
      return best;
    },
  };
}

// Issue 28's reminders bench, a scenario of bench/run.mjs (registered in bench/scenarios.mjs),
// PostgreSQL only (it switches reminders on in the database while the app runs):
//   BENCH_DATABASE_URL=$PG BENCH_STUDENTS=5000 npm run bench -- reminders
// `prepare` starts the push-service stand-in (bench/push-stand-in.mjs, https on loopback, trusted by
// the app through NODE_EXTRA_CA_CERTS), gives the app a VAPID key pair and, when the real clock is in
// or near quiet hours (22:00–07:00 IST), moves the app's wall clock to a daytime IST hour with the
// preload bench/shifted-clock.mjs (the app has no clock setting in production; the fixture seeds on
// the same moved clock). bench/reminders-fixture.ts seeds BENCH_REMINDER_PAIRS (3) pairs of herds and
// one group of BENCH_REMINDERS (10,000) learners per pair plus one, whose daily-five reminder is
// switched off. The calls, one after the other, with the app's own sweeper (every 15 s, production's
// settings):
//   1. the `alone` group switched on (one UPDATE): the time from the sweep's start (its clock reading,
//      stored as every claim's claimed_at) until the stand-in has received all of them;
//   2. each pair k: one herd's start, autosave and submit with nothing else running; the other herd's
//      start and autosave, then group `overlap<k>` switched on and, once the stand-in has its first
//      push, that herd's submit phase, then the wait for the rest. The pairs alternate which herd
//      goes first (alone first in odd pairs), so a drift of the machine over the run falls on both
//      sides. Submit during the sweep against submit alone, per pair, and their median, is the slowdown.
// Each reminder must reach the stand-in exactly once (its count per endpoint) and be claimed once
// (bench/fixture.ts verify).
import { execFileSync, fork } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import webpush from 'web-push';
import { cpuMs } from './app-process.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const REMINDERS = Number(env.BENCH_REMINDERS ?? 10_000);
const HOUR = 3_600_000;
const WAIT_MS = Number(env.BENCH_REMINDERS_WAIT_MS ?? 300_000);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

function istHour(ms) {
  const ist = new Date(ms + 330 * 60_000);
  return ist.getUTCHours() + ist.getUTCMinutes() / 60;
}

/**
 * How far the app's wall clock is moved (ms): 0 when the real clock is between 07:30 and 20:00 IST
 * (a run ends long before quiet hours), else whole hours to the 12:00 hour of the same IST day, so
 * minutes and seconds stay the real ones. BENCH_CLOCK_OFFSET_MS sets it (0: never move it).
 */
function clockOffsetMs(realNow) {
  if (env.BENCH_CLOCK_OFFSET_MS !== undefined) return Number(env.BENCH_CLOCK_OFFSET_MS);
  const hour = istHour(realNow);
  return hour >= 7.5 && hour < 20 ? 0 : (12 - Math.floor(hour)) * HOUR;
}

/** The stand-in, the app's VAPID keys and trust in the stand-in's certificate. */
async function prepare({ runDir, database }) {
  if (!database.fixtureEnv.BENCH_DB_URL) throw new Error('reminders: PostgreSQL only (BENCH_DATABASE_URL)');
  // Quiet hours are the product's rule, read from the app's clock; a run must end before 22:00 IST on
  // it. Production has no clock setting, so a run at night moves the app's process clock from outside
  // (bench/shifted-clock.mjs, a preload), and the fixture seeds on the same moved clock.
  const offsetMs = clockOffsetMs(Date.now());
  const hour = istHour(Date.now() + offsetMs);
  if (hour >= 21.5 || hour < 7)
    throw new Error(
      `reminders: the app's clock would be at ${hour.toFixed(2)} h IST, in or near quiet hours`,
    );
  const shifted = offsetMs ? { BENCH_CLOCK_OFFSET_MS: String(offsetMs) } : {};
  const cert = path.join(runDir, 'push-stand-in-cert.pem');
  const key = path.join(runDir, 'push-stand-in-key.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1']
      .concat(['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'])
      .concat(['-keyout', key, '-out', cert]),
    { stdio: 'ignore' },
  );
  const standIn = fork(path.join(here, 'push-stand-in.mjs'), [cert, key], { stdio: 'inherit' });
  const port = await new Promise((resolve, reject) => {
    standIn.once('message', (m) => resolve(m.port));
    standIn.once('exit', (code) => reject(new Error(`push stand-in exited with ${code}`)));
  });
  const stats = (prefix) =>
    new Promise((resolve) => {
      standIn.once('message', resolve);
      standIn.send({ type: 'stats', prefix });
    });
  const vapid = webpush.generateVAPIDKeys();
  return {
    seedEnv: {
      BENCH_PUSH_ORIGIN: `https://127.0.0.1:${port}`,
      BENCH_REMINDERS: String(REMINDERS),
      ...shifted,
    },
    appEnv: {
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      NODE_EXTRA_CA_CERTS: cert,
      ...shifted,
    },
    nodeArgs: offsetMs ? [`--import=${pathToFileURL(path.join(here, 'shifted-clock.mjs')).href}`] : [],
    offsetMs,
    stats,
    close: async () => {
      standIn.disconnect();
      await Promise.race([new Promise((r) => standIn.once('exit', r)), sleep(5000)]);
    },
  };
}

export async function remindersCalls({ load, url, fixture, acks, students, database, own, appPid, phase }) {
  const seeded = JSON.parse(readFileSync(fixture, 'utf8'));
  const client = new pg.Client({ connectionString: database.fixtureEnv.BENCH_DB_URL });
  await client.connect();
  const notes = [];
  const offsetMs = own.offsetMs ?? 0;
  notes.push(
    offsetMs
      ? `reminders: the app's clock moved by ${(offsetMs / HOUR).toFixed(0)} h (bench/shifted-clock.mjs): ` +
          `${new Date(Date.now() + offsetMs + 330 * 60_000).toISOString().slice(11, 16)} IST on it at the calls' start, ` +
          `${new Date(Date.now() + 330 * 60_000).toISOString().slice(11, 16)} IST really`
      : "reminders: the app's clock is the real one",
  );
  try {
    /** Switches a group's reminders on; resolves once its first push has arrived. */
    const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
    let cpuAt = 0;
    let fromUs = 0;
    const begin = async (group) => {
      cpuAt = cpuMs(appPid);
      fromUs = monotonicUs();
      const at = Date.now();
      await client.query('update reminder_settings set daily_five = true where user_id = any($1::uuid[])', [
        seeded.groups[group],
      ]);
      for (;;) {
        const s = await own.stats(group);
        if (s.received > 0) return at;
        if (Date.now() - at > WAIT_MS) throw new Error(`reminders: no push for ${group} in ${WAIT_MS} ms`);
        await sleep(50);
      }
    };
    /**
     * Waits for every push of a group; the sweep's start is its claims' earliest clock reading (the
     * app's clock: the real time is that less the offset; the stand-in's times are real).
     */
    const finish = async (group, switchedOnAt) => {
      let s;
      for (;;) {
        s = await own.stats(group);
        if (s.received >= REMINDERS || Date.now() - switchedOnAt > WAIT_MS) break;
        await sleep(50);
      }
      const {
        rows: [c],
      } = await client.query(
        `select count(*)::int as n, count(distinct claimed_at)::int as sweeps,
                extract(epoch from min(claimed_at)) * 1000 as start
         from reminder_claims where user_id = any($1::uuid[])`,
        [seeded.groups[group]],
      );
      const cpu = cpuMs(appPid) - cpuAt;
      phase(`reminders sweep (${group})`, fromUs, monotonicUs());
      const start = Number(c.start) - offsetMs;
      const all = s.received >= REMINDERS && s.ids === REMINDERS;
      const seconds = (s.last - start) / 1000;
      notes.push(
        `reminders (${group}): ${all ? 'all' : `ONLY ${s.ids} of`} ${REMINDERS} received by the stand-in ` +
          `${seconds.toFixed(1)} s after the sweep's start (first push +` +
          `${((s.first - start) / 1000).toFixed(1)} s, switched on → last ${((s.last - switchedOnAt) / 1000).toFixed(1)} s, ` +
          `${((REMINDERS / (s.last - s.first)) * 1000).toFixed(0)} pushes/s); ${c.n} claims over ${c.sweeps} sweep(s); ` +
          `app CPU ${(cpu / REMINDERS).toFixed(2)} ms a reminder (switch-on to last push, all the app did); ` +
          `${s.received - s.ids} duplicate pushes (${s.twice} endpoints twice), ${s.malformed} malformed; load average ${loadavg()}`,
      );
      return { ...s, start, seconds, all };
    };

    const alone = await begin('alone');
    const sweepAlone = await finish('alone', alone);

    const herd = (label, herdFixture, acksFile) => {
      const file = `${fixture}.${label.replace(/\W+/g, '-')}.json`;
      writeFileSync(file, JSON.stringify(herdFixture));
      const call = (what) => `reminders herd ${students} (${label}): ${what}`;
      return {
        start: () =>
          load(call('GET attend (start)'), {
            kind: 'herd-start',
            url,
            fixture: file,
            acks: acksFile,
            amount: students,
          }),
        save: () =>
          load(call('PUT answers (autosave ×3)'), {
            kind: 'herd-autosave',
            url,
            fixture: file,
            acks: acksFile,
            rounds: 3,
            amount: students * 3,
          }),
        submit: (what) =>
          load(call(`POST submit ${what}`), {
            kind: 'herd-submit',
            url,
            fixture: file,
            acks: acksFile,
            amount: students,
          }),
      };
    };

    // Each herd's acknowledgements in a file of its own; the run's acks file lists them for verify.
    const herdAcks = seeded.pairs.map((_, i) => ({
      alone: `${acks}.alone${i + 1}`,
      overlap: `${acks}.overlap${i + 1}`,
    }));
    writeFileSync(acks, JSON.stringify({ herds: herdAcks }));
    const pairs = [];
    for (const [i, pair] of seeded.pairs.entries()) {
      const k = i + 1;
      const result = {};
      const runAlone = async () => {
        const h = herd(`pair ${k}, alone`, pair.alone, herdAcks[i].alone);
        await h.start();
        await h.save();
        result.loadAlone = loadavg();
        result.alone = await h.submit('alone');
      };
      const runOverlap = async () => {
        const h = herd(`pair ${k}, sweep`, pair.overlap, herdAcks[i].overlap);
        await h.start();
        await h.save();
        const group = `overlap${k}`;
        const switchedOn = await begin(group);
        result.loadDuring = loadavg();
        const pushedBefore = (await own.stats(group)).received;
        const from = Date.now();
        result.during = await h.submit(`during a ${REMINDERS}-reminder sweep`);
        const to = Date.now();
        result.pushedDuring = (await own.stats(group)).received - pushedBefore;
        result.sweep = await finish(group, switchedOn);
        result.covered =
          Math.max(0, Math.min(to, result.sweep.last) - Math.max(from, result.sweep.start)) / (to - from);
        result.submitSeconds = (to - from) / 1000;
      };
      // Alternate the order, so a drift of the machine over the run falls on both sides.
      if (k % 2 === 1) {
        await runAlone();
        await runOverlap();
      } else {
        await runOverlap();
        await runAlone();
      }
      const ratio = result.during.rps / result.alone.rps;
      pairs.push(ratio);
      notes.push(
        `reminders pair ${k} (${k % 2 === 1 ? 'alone first' : 'sweep first'}): submit during the sweep ` +
          `${result.during.rps.toFixed(0)}/s against ${result.alone.rps.toFixed(0)}/s alone: ×${ratio.toFixed(3)} ` +
          `(${((1 - ratio) * 100).toFixed(1)}% slower; target ≤ 10%); app CPU ${result.during.cpuMsPerRequest?.toFixed(3)} ` +
          `against ${result.alone.cpuMsPerRequest?.toFixed(3)} ms a submit; the sweep covered ${(result.covered * 100).toFixed(0)}% ` +
          `of the ${result.submitSeconds.toFixed(1)} s submit phase, ${result.pushedDuring} pushes arrived during it ` +
          `(${(result.pushedDuring / result.submitSeconds).toFixed(0)}/s); load average ${result.loadAlone} (alone), ${result.loadDuring} (during)`,
      );
    }
    const sorted = [...pairs].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    notes.push(
      `reminders: SUMMARY: ${REMINDERS} alone ${sweepAlone.seconds.toFixed(1)} s after the sweep's start (target < 60 s); ` +
        `submit during a sweep ÷ alone per pair ${pairs.map((r) => `×${r.toFixed(3)}`).join(', ')}, ` +
        `median ×${median.toFixed(3)} (${((1 - median) * 100).toFixed(1)}% slower; target ≤ 10%)`,
    );
  } finally {
    await client.end();
  }
  return notes;
}

remindersCalls.prepare = prepare;

// Issue 28's reminders bench, a scenario of bench/run.mjs (registered in bench/scenarios.mjs),
// PostgreSQL only (it switches reminders on in the database while the app runs):
//   BENCH_DATABASE_URL=$PG BENCH_STUDENTS=2000 npm run bench -- reminders
// `prepare` starts the push-service stand-in (bench/push-stand-in.mjs, https on loopback, trusted by
// the app through NODE_EXTRA_CA_CERTS) and gives the app a VAPID key pair; bench/reminders-fixture.ts
// seeds two herds and two groups of BENCH_REMINDERS (10,000) learners whose daily-five reminder is
// switched off. The calls, one after the other, with the app's own sweeper (every 15 s, production's
// settings) and the real clock (refused in quiet hours, 22:00–07:00 IST):
//   1. the `alone` group switched on (one UPDATE): the time from the sweep's start (its clock reading,
//      stored as every claim's claimed_at) until the stand-in has received all of them;
//   2. herd 1: start, autosave, submit, nothing else running;
//   3. herd 2: start, autosave; the `overlap` group switched on; once the stand-in has its first push,
//      herd 2's submit phase, then the wait for the rest. Submit 2 against submit 1 is the slowdown.
// Each reminder must reach the stand-in exactly once (its count per endpoint) and be claimed once
// (bench/fixture.ts verify).
import { execFileSync, fork } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import webpush from 'web-push';
import { cpuMs } from './app-process.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const REMINDERS = Number(env.BENCH_REMINDERS ?? 10_000);
const WAIT_MS = Number(env.BENCH_REMINDERS_WAIT_MS ?? 300_000);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

function istHour(now = new Date()) {
  const ist = new Date(now.getTime() + 330 * 60_000);
  return ist.getUTCHours() + ist.getUTCMinutes() / 60;
}

/** The stand-in, the app's VAPID keys and trust in the stand-in's certificate. */
async function prepare({ runDir, database }) {
  if (!database.fixtureEnv.BENCH_DB_URL) throw new Error('reminders: PostgreSQL only (BENCH_DATABASE_URL)');
  // The app runs on the real clock (production has no clock to move); a run must end before 22:00 IST.
  const hour = istHour();
  if (hour >= 21.5 || hour < 7) throw new Error('reminders: the real clock is in or near quiet hours (IST)');
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
    seedEnv: { BENCH_PUSH_ORIGIN: `https://127.0.0.1:${port}`, BENCH_REMINDERS: String(REMINDERS) },
    appEnv: {
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      NODE_EXTRA_CA_CERTS: cert,
    },
    stats,
    close: async () => {
      standIn.disconnect();
      await Promise.race([new Promise((r) => standIn.once('exit', r)), sleep(5000)]);
    },
  };
}

export async function remindersCalls({ load, url, fixture, acks, students, database, own, appPid, phase }) {
  const seeded = JSON.parse(readFileSync(fixture, 'utf8'));
  const overlapFixture = `${fixture}.overlap.json`;
  writeFileSync(overlapFixture, JSON.stringify(seeded.overlapHerd));
  const client = new pg.Client({ connectionString: database.fixtureEnv.BENCH_DB_URL });
  await client.connect();
  const notes = [];
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
    /** Waits for every push of a group; the sweep's start is its claims' earliest clock reading. */
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
      const start = Number(c.start);
      const all = s.received >= REMINDERS && s.ids === REMINDERS;
      notes.push(
        `reminders (${group}): ${all ? 'all' : `ONLY ${s.ids} of`} ${REMINDERS} received by the stand-in ` +
          `${((s.last - start) / 1000).toFixed(1)} s after the sweep's start (first push +` +
          `${((s.first - start) / 1000).toFixed(1)} s, switched on → last ${((s.last - switchedOnAt) / 1000).toFixed(1)} s, ` +
          `${((REMINDERS / (s.last - s.first)) * 1000).toFixed(0)} pushes/s); ${c.n} claims over ${c.sweeps} sweep(s); ` +
          `app CPU ${(cpu / REMINDERS).toFixed(2)} ms a reminder (switch-on to last push, all the app did); ` +
          `${s.received - s.ids} duplicate pushes (${s.twice} endpoints twice), ${s.malformed} malformed; load average ${loadavg()}`,
      );
      return { ...s, start };
    };

    const alone = await begin('alone');
    await finish('alone', alone);

    const herd = (which, file, acksFile) => ({
      start: () =>
        load(`reminders herd ${students} (${which}): GET attend (start)`, {
          kind: 'herd-start',
          url,
          fixture: file,
          acks: acksFile,
          amount: students,
        }),
      save: () =>
        load(`reminders herd ${students} (${which}): PUT answers (autosave ×3)`, {
          kind: 'herd-autosave',
          url,
          fixture: file,
          acks: acksFile,
          rounds: 3,
          amount: students * 3,
        }),
      submit: () =>
        load(`reminders herd ${students} (${which}): POST submit`, {
          kind: 'herd-submit',
          url,
          fixture: file,
          acks: acksFile,
          amount: students,
        }),
    });
    const h1 = herd('nothing else running', fixture, acks);
    await h1.start();
    await h1.save();
    const loadBefore = loadavg();
    const submitAlone = await h1.submit();
    notes.push(
      `reminders: submit alone ${submitAlone.rps.toFixed(0)}/s (load average ${loadBefore} → ${loadavg()})`,
    );

    const h2 = herd(`a ${REMINDERS}-reminder sweep overlapping`, overlapFixture, `${acks}.overlap`);
    await h2.start();
    await h2.save();
    const switchedOn = await begin('overlap');
    const loadDuring = loadavg();
    const from = Date.now();
    const submitDuring = await h2.submit();
    const to = Date.now();
    const sweep = await finish('overlap', switchedOn);
    const covered = Math.max(0, Math.min(to, sweep.last) - Math.max(from, sweep.start)) / (to - from);
    notes.push(
      `reminders: submit during the sweep ${submitDuring.rps.toFixed(0)}/s against ${submitAlone.rps.toFixed(0)}/s ` +
        `alone: ×${(submitDuring.rps / submitAlone.rps).toFixed(3)} (${((1 - submitDuring.rps / submitAlone.rps) * 100).toFixed(1)}% slower; ` +
        `target ≤ 10%); app CPU ${submitDuring.cpuMsPerRequest?.toFixed(3)} against ${submitAlone.cpuMsPerRequest?.toFixed(3)} ms/request; ` +
        `the sweep covered ${(covered * 100).toFixed(0)}% of the submit phase (load average ${loadDuring} → ${loadavg()})`,
    );
  } finally {
    await client.end();
  }
  return notes;
}

remindersCalls.prepare = prepare;

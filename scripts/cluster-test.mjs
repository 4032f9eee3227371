// `npm run test:cluster`: three app instances on one PostgreSQL and one Redis, behind HAProxy (Debian's
// package; .ci/run installs it). A 2,000-student herd goes through the load balancer while the sweeper
// runs on every instance; one instance is killed with SIGKILL mid-herd and started again. Then:
//   - every autosave and submit that got a 2xx is in the database (bench/fixture.ts verify);
//   - exactly one attempt per student;
//   - results are published exactly once (one "results published" line across every instance's log,
//     every attempt ranked);
//   - rate limits are shared (an OTP limit of 5 per phone allows 5 sends in all, not 5 per instance);
//   - the only failed requests were in flight to the killed instance (frozen 0.4 s before the kill, so
//     there are always some; HAProxy's request log names the server each was sent to), and one
//     client retry made each of them succeed;
//   - a revocation never waits for a cache (issue 29): with Redis paused (half-open: SIGSTOP) and then
//     killed, a logout answered by one instance is refused by the other two within 1 s, and still
//     after Redis is started again.
// Needs: PostgreSQL (TEST_DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres),
// redis-server and haproxy on PATH (the test runs its own Redis). Ports 3150–3199.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { answersForRound } from '../bench/herd-shape.mjs';
import {
  AUTOSAVES,
  CONCURRENCY,
  INSTANCE_PORTS,
  LB_PORT,
  PG_SERVER,
  STUDENTS,
  SUBMITTERS,
  call,
  check,
  children,
  instanceLogs,
  log,
  problems,
  root,
  secret,
  sleep,
  sql,
  startHaproxy,
  startInstance,
  startRedis,
  waitHealthy,
  work,
} from './cluster/harness.mjs';

async function main() {
  if (spawnSync('haproxy', ['-v']).status !== 0)
    throw new Error('haproxy is not installed (apt-get install haproxy)');
  log(`work folder ${work}; balancer :${LB_PORT}, instances :${INSTANCE_PORTS.join(', :')}`);
  const build = spawnSync('npm', ['--workspace', '@quizcast/server', 'run', 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('server build failed');

  const dbName = `quizcast_cluster_${randomBytes(4).toString('hex')}`;
  await sql(PG_SERVER, `create database ${dbName}`);
  const dbUrl = new URL(PG_SERVER);
  dbUrl.pathname = `/${dbName}`;
  const databaseUrl = dbUrl.toString();
  try {
    // ── data: one live quiz, STUDENTS students with tokens (bench/fixture.ts, which also migrates) ──
    const fixture = path.join(work, 'fixture.json');
    const seeded = spawnSync(
      path.join(root, 'node_modules/.bin/tsx'),
      [path.join(root, 'bench/fixture.ts'), 'seed', 'herd', fixture],
      {
        stdio: 'inherit',
        env: {
          ...process.env,
          BENCH_DB_URL: databaseUrl,
          BENCH_STUDENTS: String(STUDENTS),
          BENCH_JWT_SECRET: secret,
        },
      },
    );
    if (seeded.status !== 0) throw new Error('seeding failed');
    const { quizId, questions, tokens } = JSON.parse(readFileSync(fixture, 'utf8'));

    // ── the test's own Redis, then three instances behind HAProxy ──
    let redis = await startRedis();
    const instances = INSTANCE_PORTS.map((_, i) => startInstance(i, databaseUrl));
    await Promise.all(
      instances.map((c, i) => waitHealthy(`http://127.0.0.1:${INSTANCE_PORTS[i]}/api/health`, c)),
    );
    startHaproxy();
    await waitHealthy(`http://127.0.0.1:${LB_PORT}/api/health`);
    await sleep(1500); // every server passed its first checks
    log('3 instances up behind HAProxy');

    // ── the herd: each student starts, autosaves 3 times (one answer changed each time), submits ──
    const acks = { started: [], savedRound: [], submitted: [] };
    const failures = [];
    let requests = 0;
    let retriedOk = 0;
    let killedAt = null;
    let done = 0;
    const steps = (i) => {
      const list = [{ kind: 'start', method: 'GET', url: `/api/quizzes/participant/attend/${quizId}` }];
      for (let r = 1; r <= AUTOSAVES; r++)
        list.push({
          kind: 'save',
          round: r,
          method: 'PUT',
          url: `/api/quizzes/participant/attend/${quizId}/answers`,
          body: { answers: answersForRound(questions, r) },
        });
      if (i < SUBMITTERS)
        list.push({
          kind: 'submit',
          method: 'POST',
          url: '/api/quizzes/participant/submit',
          body: { quizId, answers: [] },
        });
      return list;
    };
    const ok = (step, res) =>
      (res.status >= 200 && res.status < 300) ||
      // A submit that was committed just before its instance died: the retry is told so (409);
      // the attempt is stored and submitted, which the checks below confirm from the database.
      (step.kind === 'submit' && res.status === 409 && res.text.includes('Already Submitted'));
    const student = async (i) => {
      for (const step of steps(i)) {
        let res = await call(step.method, step.url, tokens[i], step.body);
        requests += 1;
        if (!(res.status >= 200 && res.status < 300)) {
          failures.push({
            id: res.id,
            student: i,
            step: step.kind,
            status: res.status,
            text: res.text.slice(0, 120),
            server: res.server,
            started: res.started,
            ended: res.ended,
          });
          await sleep(1000); // the client's one retry, a second later (as the app's client backs off)
          res = await call(step.method, step.url, tokens[i], step.body);
          requests += 1;
          if (!ok(step, res)) {
            problems.push(
              `student ${i} ${step.kind}: the retry failed too (${res.status} ${res.text.slice(0, 120)})`,
            );
            return;
          }
          retriedOk += 1;
        }
        if (res.status >= 200 && res.status < 300) {
          if (step.kind === 'start') acks.started[i] = true;
          if (step.kind === 'save') acks.savedRound[i] = Math.max(acks.savedRound[i] ?? 0, step.round);
          if (step.kind === 'submit') acks.submitted[i] = true;
        } else if (step.kind === 'submit') {
          acks.submitted[i] = true; // stored by the killed instance (409 on retry), verified below
        }
      }
    };
    let next = 0;
    const started = Date.now();
    let killer;
    const workers = Array.from({ length: CONCURRENCY }, async () => {
      while (next < STUDENTS) {
        const i = next++;
        await student(i);
        done += 1;
        if (!killer && done >= STUDENTS * 0.35) {
          killer = (async () => {
            // Frozen first, so that the kill is sure to catch requests in flight: the balancer still
            // counts it up (its health checks need 3 s to give up) and sends it every third request.
            instances[1].kill('SIGSTOP');
            await sleep(400);
            killedAt = Date.now();
            log(`kill -9 instance 2 (pid ${instances[1].pid}) with ${done} of ${STUDENTS} students done`);
            instances[1].kill('SIGKILL');
            await sleep(2000);
            instances[1] = startInstance(1, databaseUrl);
            await waitHealthy(`http://127.0.0.1:${INSTANCE_PORTS[1]}/api/health`, instances[1]);
            log('instance 2 restarted');
          })();
        }
      }
    });
    await Promise.all(workers);
    await killer;
    const seconds = (Date.now() - started) / 1000;
    log(
      `herd done: ${requests} requests in ${seconds.toFixed(1)} s (${(requests / seconds).toFixed(0)}/s), ${failures.length} failed once, ${retriedOk} retried ok`,
    );

    // ── results: the window closes now; every instance's sweeper races to publish ──
    // (An attempt's deadline is min(start + duration, quiz end): the open ones end with the window.
    // One transaction, so no sweeper sees the window closed while those deadlines are still open.)
    await sql(
      databaseUrl,
      `with closed as (update quizzes set end_at = now() - interval '1 second' where id = $1 returning end_at)
       update attempts set deadline_at = least(deadline_at, (select end_at from closed)) where quiz_id = $1`,
      [quizId],
    );
    const until = Date.now() + 60_000;
    let published = [];
    while (Date.now() < until) {
      published = await sql(
        databaseUrl,
        `select results_published_at, participant_count from quizzes where id = $1 and results_published_at is not null`,
        [quizId],
      );
      if (published.length) break;
      await sleep(500);
    }
    await sleep(3000); // every sweeper ran again after publication

    // ── rate limits are shared: 5 OTP sends per phone per hour across all instances ──
    const phone = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    const otpStatuses = [];
    const otpServers = new Set();
    for (let k = 0; k < 9; k++) {
      const res = await call('POST', '/api/students/signup-send-otp', null, { phNo: phone });
      otpStatuses.push(res.status);
      otpServers.add(res.server);
    }

    // ── revocation (issue 29): Redis paused (half-open), then killed; a logout on instance 1 ──
    const direct = async (i, method, url, token) => {
      const res = await fetch(`http://127.0.0.1:${INSTANCE_PORTS[i]}${url}`, {
        method,
        headers: { authorization: `Bearer ${token}` },
      }).catch(() => null);
      return res ? res.status : 0;
    };
    const revocation = async (token, disturb) => {
      const warm = [];
      for (let i = 0; i < 3; i++) warm.push(await direct(i, 'GET', '/api/students/me', token));
      await disturb();
      const out = await direct(0, 'POST', '/api/students/logout-all', token);
      const answeredAt = Date.now();
      const refusedAfter = [null, null];
      while (Date.now() - answeredAt < 1000 && refusedAfter.includes(null)) {
        for (const i of [1, 2])
          if (refusedAfter[i - 1] === null && (await direct(i, 'GET', '/api/students/me', token)) === 401)
            refusedAfter[i - 1] = Date.now() - answeredAt;
        await sleep(20);
      }
      return { warm, out, refusedAfter };
    };
    const paused = await revocation(tokens[0], async () => {
      redis.kill('SIGSTOP');
      await sleep(100);
    });
    redis.kill('SIGCONT');
    await sleep(2000); // every bus answered again and dropped its caches
    const killed = await revocation(tokens[1], async () => {
      redis.kill('SIGKILL');
      await new Promise((r) =>
        redis.exitCode === null && redis.signalCode === null ? redis.once('exit', r) : r(),
      );
    });
    redis = await startRedis();
    await sleep(3000); // every instance reconnected
    const afterRestart = [];
    for (let i = 0; i < 3; i++)
      for (const token of [tokens[0], tokens[1]])
        afterRestart.push(await direct(i, 'GET', '/api/students/me', token));
    const fresh = [];
    for (let i = 0; i < 3; i++) fresh.push(await direct(i, 'GET', '/api/students/me', tokens[2]));

    // ── stop everything, then read the logs and the database ──
    for (const c of instances) c.kill('SIGTERM');
    await Promise.all(
      instances.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)),
    );

    console.log('\nchecks:');
    check(problems.length === 0, `every failed request succeeded on its client retry (${retriedOk} retried)`);
    // A failure is the kill's when it ended at the kill and no other instance took it. HAProxy logs
    // every request a server answered, with that server; a request sent to app2 on a fresh
    // connection comes back as a logged 502 naming app2, and one sent on a reused keep-alive
    // connection that then died is answered by closing the client's connection, unlogged (so the
    // client may retry; checked by hand against HAProxy 2.6). The freeze guarantees some, so the
    // retry path runs every time.
    const sentTo = new Map();
    for (const line of readFileSync(path.join(work, 'haproxy.log'), 'utf8').split('\n')) {
      const [id, server] = line.split(' ');
      if (id && server) sentTo.set(id, server);
    }
    for (const f of failures) f.server = f.server ?? sentTo.get(f.id) ?? null;
    const outside = failures.filter(
      (f) => (f.server !== null && f.server !== 'app2') || f.ended < killedAt || f.ended > killedAt + 2000,
    );
    check(
      failures.length > 0 && outside.length === 0,
      `only requests in flight to the killed instance failed: ${failures.length} failed (${[...new Set(failures.map((f) => (f.server ? `${f.status || f.text} for ${f.server}` : `${f.text}, connection closed unlogged`)))].join('; ') || 'none'}), ${outside.length} not`,
    );
    for (const f of outside.slice(0, 5)) console.log(`        ${JSON.stringify(f)}`);
    check(killedAt !== null, 'an instance was killed mid-herd and restarted');

    const perStudent = await sql(
      databaseUrl,
      `select count(*)::int as n, count(distinct user_id)::int as users, max(c)::int as most from (select user_id, count(*) over (partition by user_id) as c from attempts where quiz_id = $1) t`,
      [quizId],
    );
    check(
      perStudent[0].n === STUDENTS && perStudent[0].users === STUDENTS && perStudent[0].most === 1,
      `exactly one attempt per student (${perStudent[0].n} attempts, ${perStudent[0].users} students)`,
    );

    const acksFile = path.join(work, 'acks.json');
    writeFileSync(acksFile, JSON.stringify(acks));
    const verified = spawnSync(
      path.join(root, 'node_modules/.bin/tsx'),
      [path.join(root, 'bench/fixture.ts'), 'verify', fixture, acksFile],
      {
        stdio: 'inherit',
        env: { ...process.env, BENCH_DB_URL: databaseUrl },
      },
    );
    check(verified.status === 0, 'every 2xx autosave and submit is in the database');

    const states = await sql(
      databaseUrl,
      `select status, count(*)::int as n, count(rank)::int as ranked from attempts where quiz_id = $1 group by status order by status`,
      [quizId],
    );
    const by = Object.fromEntries(states.map((s) => [s.status, s]));
    check(
      published.length === 1 && published[0].participant_count === STUDENTS,
      `results published, ${published[0]?.participant_count} participants`,
    );
    check(
      by.submitted?.n === SUBMITTERS && by.auto_submitted?.n === STUDENTS - SUBMITTERS && !by.in_progress,
      `${SUBMITTERS} submitted, ${STUDENTS - SUBMITTERS} auto-submitted at publication (${JSON.stringify(states)})`,
    );
    check(
      states.every((s) => s.ranked === s.n),
      'every attempt ranked',
    );
    const publishLines = instanceLogs
      .flatMap((f) => readFileSync(f, 'utf8').split('\n'))
      .filter((line) => line.includes('"results published"') && line.includes(quizId));
    check(
      publishLines.length === 1,
      `published exactly once across ${instanceLogs.length} instance runs (${publishLines.length} "results published" lines)`,
    );
    const sweeping = instanceLogs.filter((f) => readFileSync(f, 'utf8').includes('Quizcast is running'));
    check(
      sweeping.length === instanceLogs.length,
      `the sweeper ran on every instance (${sweeping.length} started)`,
    );

    const sent = otpStatuses.filter((s) => s === 200).length;
    check(
      sent === 5 && otpStatuses.slice(5).every((s) => s === 429) && otpServers.size === 3,
      `rate limits shared: ${sent} of 9 OTP sends allowed across ${otpServers.size} instances (${otpStatuses.join(' ')}; ${[...otpServers].join(', ')})`,
    );
    for (const [name, r] of [
      ['paused (SIGSTOP, half-open)', paused],
      ['killed', killed],
    ])
      check(
        r.warm.every((s) => s === 200) && r.out === 200 && r.refusedAfter.every((ms) => ms !== null),
        `Redis ${name}: a logout on instance 1 refused by instances 2 and 3 ${r.refusedAfter.map((ms) => (ms === null ? 'never' : `${ms} ms`)).join(' and ')} after it answered (limit 1 s; warm ${r.warm.join(' ')}, logout ${r.out})`,
      );
    check(
      afterRestart.every((s) => s === 401) && fresh.every((s) => s === 200),
      `after Redis restarted, both revoked tokens still refused everywhere (${afterRestart.join(' ')}), another learner's answered (${fresh.join(' ')})`,
    );
  } finally {
    for (const c of children) c.kill('SIGKILL');
    await sleep(300);
    await sql(PG_SERVER, `drop database if exists ${dbName} with (force)`).catch(() => undefined);
  }
  if (problems.length) {
    for (const p of problems) console.error(`  - ${p}`);
    console.error(`\ncluster test FAILED (${problems.length}); logs in ${work}`);
    process.exit(1);
  }
  console.log('\ncluster test passed');
}

main().catch((err) => {
  console.error(err);
  for (const c of children) c.kill('SIGKILL');
  process.exit(1);
});

// Issue 27's drill benchmark, a scenario of bench/run.mjs (`npm run bench -- drill`, registered in
// bench/scenarios.mjs): on the seed of bench/drill-fixture.ts (10,000 published questions over 200
// topics, 10,000 learners), four calls, each learner at most once per call, after a warm-up:
//   0. the warm-up: BENCH_DRILL_WARMUP (1,000) drills of the learners after the measured ones, the
//      app's first requests after its start (reported as their own row: the cold start);
//   1. POST /api/practice/drills: a 20-question drill over three topics (the figure: p99 < 100 ms at
//      50 connections, as a ratio to the run's hello-world; run it with BENCH_CONNECTIONS=50);
//   2. GET attend on a live contest of 20 questions (the contest's start);
//   3. POST submit of that contest with all 20 answers in the body;
//   4. POST /api/practice/attempts/:id/submit of each drill with all 20 answers.
// 3 and 4 are the pair of the second target: a practice submission costs no more app CPU than a
// contest submission (app CPU per request from /proc, same run, same app process).
const env = process.env;

export async function drillCalls({ load, url, fixture, acks, students, CONNECTIONS: connections }) {
  const drills = Math.min(students, Number(env.BENCH_DRILLS ?? students));
  const notes = [];
  if (connections !== 50)
    notes.push(
      `drill: measured at ${connections} connections (issue 27's target is at 50: BENCH_CONNECTIONS=50)`,
    );
  // The app is measured warm, as the hello-world is (the calibration runs before it): its first
  // drills after a start run cold code and fill PostgreSQL's caches. Those are the warm-up's, drawn by
  // learners after the measured ones and reported as their own row (the cold start's figure).
  const warmUp = Math.max(0, Math.min(Number(env.BENCH_DRILL_WARMUP ?? 1000), students - drills));
  const cold = warmUp
    ? await load(`drill: warm-up, POST /practice/drills ×${warmUp} (other learners, first after the start)`, {
        kind: 'drill-warm-up',
        url,
        fixture,
        acks,
        offset: drills,
        amount: warmUp,
      })
    : undefined;
  if (!warmUp) notes.push('drill: no warm-up (no learner left over: BENCH_STUDENTS - BENCH_DRILLS is 0)');
  const drill = await load(`drill: POST /practice/drills (20 questions, 3 topics) ×${drills}`, {
    kind: 'drill-start',
    url,
    fixture,
    acks,
    amount: drills,
  });
  await load(`drill: contest GET attend ×${drills}`, {
    kind: 'herd-start',
    url,
    fixture,
    acks,
    amount: drills,
  });
  const contest = await load(`drill: contest POST submit (20 answers) ×${drills}`, {
    kind: 'contest-submit',
    url,
    fixture,
    acks,
    amount: drills,
  });
  const practice = await load(`drill: practice POST submit (20 answers) ×${drills}`, {
    kind: 'practice-submit',
    url,
    fixture,
    acks,
    amount: drills,
  });
  notes.push(
    `drill: p99 ${drill.p99} ms (target < 100 ms)` +
      (cold ? `, the ${warmUp} first after the start (warm-up) ${cold.p99} ms` : '') +
      `; practice submission ${practice.cpuMsPerRequest.toFixed(3)} ms ` +
      `app CPU against the contest's ${contest.cpuMsPerRequest.toFixed(3)} ms ` +
      `(${((practice.cpuMsPerRequest / contest.cpuMsPerRequest - 1) * 100).toFixed(1)}%)`,
  );
  return notes;
}

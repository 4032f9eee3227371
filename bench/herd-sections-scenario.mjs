// Issue 26's sectional herd, a scenario of bench/run.mjs (registered in bench/scenarios.mjs):
// `npm run bench -- herd herd-sections` runs the plain herd and this one back to back in one run, so
// both are ratios to the same hello-world. The same three phases as the herd (bench/run.mjs) on the
// locked two-section quiz of bench/herd-sections-fixture.ts: every learner starts, BENCH_AUTOSAVES
// rounds of autosaves of the open section's answers, every learner submits.
const env = process.env;

export async function herdSectionsCalls({ load, url, fixture, acks, students }) {
  const rounds = Number(env.BENCH_AUTOSAVES ?? 3);
  const call = (what) => `herd-sections ${students}: ${what}`;
  const start = await load(call('GET attend (start)'), {
    kind: 'herd-start',
    url,
    fixture,
    acks,
    amount: students,
  });
  const save = await load(call(`PUT answers (autosave ×${rounds}, the open section's 5)`), {
    kind: 'herd-autosave',
    url,
    fixture,
    acks,
    rounds,
    amount: students * rounds,
  });
  const submit = await load(call('POST submit'), {
    kind: 'herd-submit',
    url,
    fixture,
    acks,
    amount: students,
  });
  return [
    `herd-sections: start ${start.rps.toFixed(0)}/s, autosave ${save.rps.toFixed(0)}/s, submit ` +
      `${submit.rps.toFixed(0)}/s (compare with the herd's rows of the same run: within 10% is the target)`,
  ];
}

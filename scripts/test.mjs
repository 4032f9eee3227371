// One gate: typecheck, lint, unit, API (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), hostile
// suite, size budgets, browser. The two single-threaded static checks run side by side (each in its
// own process, its output kept in a file and printed whole when it ends); every suite with workers of
// its own runs alone. The app is built once, and the size budgets and the browser suite use that build. Prints each phase's time, then `N passed, N failed`.
// QUIZCAST_PHASE_TIMES=<file>: each phase's time is also appended there (.ci/run prints them all at
// the end, with npm ci and the cluster test). QUIZCAST_FAILURES=<file>: each failed test's name and the
// head of its error go there too (.ci/run prints them last, where a CI log's tail still shows them:
// a flaky browser test that failed once in CI left only its name).
import { spawn } from 'node:child_process';
import { appendFileSync, createWriteStream, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const reports = mkdtempSync(path.join(tmpdir(), 'quizcast-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const results = [];
const startedAll = Date.now();

const seconds = (ms) => (ms / 1000).toFixed(1);

/**
 * Runs one phase. `buffered`: its output goes to a file, printed in one piece when it ends (phases
 * running at the same time never interleave their logs); otherwise it is streamed.
 */
function run(name, command, args, { env = {}, report, buffered = false } = {}) {
  const started = Date.now();
  if (!buffered) console.log(`\n━━ ${name} ━━`);
  else console.log(`\n━━ ${name}: started (its output follows when it ends) ━━`);
  const logFile = path.join(reports, `${name.replace(/\W+/g, '-')}.log`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    let log;
    if (buffered) {
      log = createWriteStream(logFile);
      child.stdout.pipe(log, { end: false });
      child.stderr.pipe(log, { end: false });
    }
    child.on('close', async (code, signal) => {
      if (log) {
        await new Promise((done) => log.end(done));
        console.log(`\n━━ ${name} ━━`);
        process.stdout.write(readFileSync(logFile));
      }
      const ok = code === 0;
      if (!ok) console.log(`(${name}: exit ${code ?? signal})`);
      if (report && existsSync(report.file)) {
        let json;
        try {
          json = JSON.parse(readFileSync(report.file, 'utf8'));
        } catch (error) {
          failures.push(`(${name}: its report could not be read: ${error.message})`);
        }
        if (json) {
          const counts = report.read(json);
          totals.passed += counts.passed;
          totals.failed += counts.failed;
          totals.skipped += counts.skipped;
          try {
            report.failures(json);
          } catch (error) {
            // The digest only helps to read a failure: a report of another shape must not fail the run.
            failures.push(`(${name}: its failures could not be listed: ${error.message})`);
          }
        } else {
          totals.failed += 1;
        }
      } else if (!ok && report) {
        totals.failed += 1;
      }
      const result = { name, ok, seconds: seconds(Date.now() - started) };
      results.push(result);
      resolve(ok);
    });
  });
}

/** Phases side by side: resolves when all have ended; `label` names the group's wall time. */
async function together(label, phases) {
  const started = Date.now();
  const oks = await Promise.all(phases.map((phase) => phase()));
  results.push({ name: label, ok: oks.every(Boolean), seconds: seconds(Date.now() - started), group: true });
  return oks.every(Boolean);
}

/** Each failed test's name and the head of its first error, for the digest at the end. */
const failures = [];
// Colour codes: the escape character, then `[…m`.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const headOf = (text) => (text ?? '').replace(ANSI, '').split('\n').slice(0, 14).join('\n').slice(0, 1500);

const vitestReport = (file) => ({
  file,
  read: (json) => ({
    passed: json.numPassedTests ?? 0,
    failed: (json.numFailedTests ?? 0) + (json.numRuntimeErrorTestSuites ?? 0),
    skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
  }),
  failures: (json) => {
    for (const suite of json.testResults ?? []) {
      const at = path.relative(process.cwd(), suite.name ?? '');
      const failed = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failed) failures.push(`${at} › ${t.fullName}\n${headOf(t.failureMessages?.[0])}`);
      // A file that failed before its tests ran (an import, a hook) has no failed test to name.
      if (!failed.length && suite.status === 'failed') failures.push(`${at}\n${headOf(suite.message)}`);
    }
  },
});
const vitest = (projects, file) => [
  'vitest',
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${file}`,
];

// Static checks: each is one single-threaded process, so two fit the machine's two cores.
await together('static checks (typecheck ‖ lint)', [
  () => run('typecheck', 'npm', ['run', '--silent', 'typecheck'], { buffered: true }),
  () => run('lint', 'npm', ['run', '--silent', 'lint'], { buffered: true }),
]);

// The unit suite alone: its component tests (jsdom) keep vitest's 5 s timeout, which three suites
// beside them on two busy cores pushed past (admin-screens.test.tsx, seen once).
const unitFile = path.join(reports, 'unit.json');
await run('unit (contract, web)', 'npx', vitest(['contract', 'web'], unitFile), {
  report: vitestReport(unitFile),
});

// The server suites, one after another: each already keeps both cores busy (two workers), and side
// by side they took longer than in turn (measured on the 2-core machine: 500 s together, 451 s in
// turn), the three suites' six workers fighting for two cores.
const apiFile = path.join(reports, 'api-pglite.json');
const pgFile = path.join(reports, 'api-postgres.json');
const hostileFile = path.join(reports, 'hostile.json');
if (process.env.TEST_DATABASE_URL) {
  await run('API on PostgreSQL', 'npx', vitest(['server'], pgFile), { report: vitestReport(pgFile) });
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the API suite runs on PGlite only.)');
}
await run('API on PGlite', 'npx', vitest(['server'], apiFile), {
  env: { TEST_DATABASE_URL: '' },
  report: vitestReport(apiFile),
});
// The hostile suite (docs/security.md): on PostgreSQL when TEST_DATABASE_URL is set, else PGlite
// (where its race figure is labelled as not a race proof).
await run(
  `hostile suite on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
  'npx',
  vitest(['hostile'], hostileFile),
  { report: vitestReport(hostileFile) },
);

// One build for the size budgets and the browser suite (npm run check:budgets and npm run test:e2e,
// run alone, each build first).
await run('Chromium present', 'node', ['scripts/check-chromium.mjs']);
const built = await run('build', 'npm', ['run', '--silent', 'build']);
// Size budgets (issue 17): gzip JS each screen needs before it is usable.
await run('size budgets', 'node', ['scripts/check-budgets.mjs']);
const e2eFile = path.join(reports, 'e2e.json');
/**
 * What the page showed when the test failed: the head of the aria snapshot Playwright writes beside a
 * failure (its `error-context` attachment). A CI log keeps only its tail and the machine is gone after:
 * this says whether a screen that never came was still loading, showed an error, or was another one.
 */
function onScreen(result) {
  try {
    const context = result?.attachments?.find?.((a) => a.name === 'error-context' && a.path);
    if (!context || !existsSync(context.path)) return '';
    const text = readFileSync(context.path, 'utf8');
    const at = text.indexOf('```yaml');
    if (at < 0) return '';
    let yaml = text.slice(at).split('\n').slice(1);
    const end = yaml.indexOf('```');
    if (end >= 0) yaml = yaml.slice(0, end);
    // The screen's own content, past the menus, where the page has a main region.
    const main = yaml.findIndex((line) => /^\s*- main\b/.test(line));
    const lines = yaml.slice(Math.max(0, main), Math.max(0, main) + 20).map((l) => l.slice(0, 160));
    return lines.length
      ? `\n  on screen (aria snapshot, head):\n${lines.map((l) => `    ${l}`).join('\n')}`
      : '';
  } catch {
    // Only a help to read the failure: never the reason the digest loses the failures after it.
    return '';
  }
}

/** Playwright's JSON report: suites hold specs and further suites; a spec's tests, one per project. */
function playwrightFailures(suites) {
  for (const suite of suites ?? []) {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected') continue;
        const result = t.results?.at(-1);
        const errors = (result?.errors ?? [])
          .map((e) => {
            const at = e.location
              ? `\n  at ${path.relative(process.cwd(), e.location.file)}:${e.location.line}`
              : '';
            return headOf(e.message ?? e.value) + at;
          })
          .join('\n');
        failures.push(
          `[${t.projectName}] ${spec.file}:${spec.line} › ${spec.title} (${seconds(result?.duration ?? 0)} s)\n${errors}${onScreen(result)}`,
        );
      }
    }
    playwrightFailures(suite.suites);
  }
}
const e2eReport = {
  file: e2eFile,
  read: (json) => ({
    passed: (json.stats?.expected ?? 0) + (json.stats?.flaky ?? 0),
    failed: json.stats?.unexpected ?? 0,
    skipped: json.stats?.skipped ?? 0,
  }),
  failures: (json) => {
    // Errors outside any test (global setup, a worker that could not start).
    for (const e of json.errors ?? []) failures.push(`[browser suite] ${headOf(e.message ?? e.value)}`);
    playwrightFailures(json.suites);
  },
};
if (built) {
  await run('browser (Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eFile },
    report: e2eReport,
  });
} else {
  console.log('\n(the build failed: the browser suite did not run)');
  totals.failed += 1;
}
// Issue 14: the progress route's own JavaScript stays within 30 KB gzip (uses the same build).
await run('progress route budget', 'node', ['scripts/check-route-budget.mjs', 'progress-route', '30']);

const total = seconds(Date.now() - startedAll);
console.log('\n━━ summary ━━');
for (const r of results) {
  console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.group ? '[wall] ' : ''}${r.name} (${r.seconds}s)`);
}
console.log(`npm test: ${total}s`);
if (process.env.QUIZCAST_PHASE_TIMES) {
  appendFileSync(
    process.env.QUIZCAST_PHASE_TIMES,
    results.map((r) => `${r.group ? '[wall] ' : ''}${r.name}\t${r.seconds}\n`).join(''),
  );
}
if (failures.length) {
  // The first 25: a database that went away fails hundreds of tests, each with the same cause.
  const shown = failures.slice(0, 25);
  const more = failures.length > shown.length ? `\n\n(and ${failures.length - shown.length} more)` : '';
  const digest = `━━ failed tests: the head of each error ━━\n${shown.join('\n\n')}${more}\n`;
  if (process.env.QUIZCAST_FAILURES) appendFileSync(process.env.QUIZCAST_FAILURES, digest);
  else console.log(`\n${digest}`);
}
const allOk = results.every((r) => r.ok);
console.log(
  `\ntests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(allOk && totals.failed === 0 ? 0 : 1);

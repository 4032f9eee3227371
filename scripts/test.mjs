// One gate: typecheck, lint, unit, API (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), hostile
// suite, size budgets, browser.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const reports = mkdtempSync(path.join(tmpdir(), 'quizcast-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const results = [];

function run(name, command, args, { env = {}, report } = {}) {
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const res = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = res.status === 0;
  if (report && existsSync(report.file)) {
    const counts = report.read(JSON.parse(readFileSync(report.file, 'utf8')));
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped;
  } else if (!ok && report) {
    totals.failed += 1;
  }
  results.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  return ok;
}

const vitestReport = (file) => ({
  file,
  read: (json) => ({
    passed: json.numPassedTests ?? 0,
    failed: (json.numFailedTests ?? 0) + (json.numRuntimeErrorTestSuites ?? 0),
    skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
  }),
});
const vitest = (projects, file) => [
  'vitest',
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${file}`,
];

run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
run('lint', 'npm', ['run', '--silent', 'lint']);
const unitFile = path.join(reports, 'unit.json');
run('unit (contract, web)', 'npx', vitest(['contract', 'web'], unitFile), { report: vitestReport(unitFile) });
const apiFile = path.join(reports, 'api-pglite.json');
run('API on PGlite', 'npx', vitest(['server'], apiFile), {
  env: { TEST_DATABASE_URL: '' },
  report: vitestReport(apiFile),
});
if (process.env.TEST_DATABASE_URL) {
  const pgFile = path.join(reports, 'api-postgres.json');
  run('API on PostgreSQL', 'npx', vitest(['server'], pgFile), { report: vitestReport(pgFile) });
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the API suite ran on PGlite only.)');
}
// The hostile suite (docs/security.md): on PostgreSQL when TEST_DATABASE_URL is set, else PGlite
// (where its race figure is labelled as not a race proof).
const hostileFile = path.join(reports, 'hostile.json');
run(
  `hostile suite on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
  'npx',
  vitest(['hostile'], hostileFile),
  { report: vitestReport(hostileFile) },
);
// Size budgets (issue 17): build, then gzip JS each screen needs before it is usable.
run('size budgets', 'npm', ['run', '--silent', 'check:budgets']);
const e2eFile = path.join(reports, 'e2e.json');
run('browser (Chromium)', 'npm', ['run', '--silent', 'test:e2e', '--', '--reporter=list,json'], {
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eFile },
  report: {
    file: e2eFile,
    read: (json) => ({
      passed: (json.stats?.expected ?? 0) + (json.stats?.flaky ?? 0),
      failed: json.stats?.unexpected ?? 0,
      skipped: json.stats?.skipped ?? 0,
    }),
  },
});
// Issue 14: the progress route's own JavaScript stays within 30 KB gzip (uses the e2e step's build).
run('progress route budget', 'node', ['scripts/check-route-budget.mjs', 'progress-page', '30']);

console.log('\n━━ summary ━━');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.seconds}s)`);
const allOk = results.every((r) => r.ok);
console.log(
  `\ntests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(allOk && totals.failed === 0 ? 0 : 1);

// `npm run lighthouse`: Lighthouse (mobile configuration: Moto G Power class phone, simulated slow
// 4G, 4x CPU slowdown) against the app as `npm start` runs it, for the landing page, login, the
// signed-in quiz list and the attempt screen. Drives Debian's Chromium through chrome-launcher (no
// browser download) with the flags of e2e/support/chromium.ts, and writes the scores to
// docs/performance.md between its LIGHTHOUSE markers. Not part of `npm test`.
//
// Environment: LIGHTHOUSE_PORT (3107), CHROMIUM_PATH (/usr/bin/chromium); LIGHTHOUSE_JSON_DIR=<dir>
// also saves each page's full report there (landing.json, login.json, …) to study the critical path;
// LIGHTHOUSE_PAGES=landing,login measures only those pages (and then leaves docs/performance.md
// alone: the table is for a run of all four); LIGHTHOUSE_NO_WRITE=1 prints without writing the docs;
// LIGHTHOUSE_NO_BUILD=1 serves the existing build (`npm run start:server`, WEB_DIST honoured) instead
// of `npm start`, to compare two builds in the same minute on a busy machine.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { navigation } from 'lighthouse';
import prettier from 'prettier';
import puppeteer from 'puppeteer-core';

const port = Number(process.env.LIGHTHOUSE_PORT ?? 3107);
const origin = `http://127.0.0.1:${port}`;
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const QUIZ = 'UPSC Prelims: Indian Polity Basics';
const jsonDir = process.env.LIGHTHOUSE_JSON_DIR ? path.resolve(process.env.LIGHTHOUSE_JSON_DIR) : null;
const PAGES = ['landing', 'login', 'quizzes', 'attempt'];
const pages = process.env.LIGHTHOUSE_PAGES ? process.env.LIGHTHOUSE_PAGES.split(',') : PAGES;
const unknownPage = pages.find((p) => !PAGES.includes(p));
if (unknownPage) throw new Error(`LIGHTHOUSE_PAGES: unknown page ${unknownPage} (${PAGES.join(', ')})`);
const writeDocs = !process.env.LIGHTHOUSE_NO_WRITE && PAGES.every((p) => pages.includes(p));

async function waitForHealth(deadline = Date.now() + 180_000) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the app did not answer on ${origin}/api/health`);
}

async function registerLearner() {
  const phNo = `7${String(Date.now()).slice(-9)}`;
  const post = (url, init) => fetch(`${origin}${url}`, { method: 'POST', ...init });
  await post('/api/students/signup-send-otp', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phNo }),
  });
  const { otp } = await (await fetch(`${origin}/api/dev/outbox?phNo=${phNo}`)).json();
  const form = new FormData();
  for (const [k, v] of Object.entries({
    phNo,
    otp,
    name: 'Lighthouse Learner',
    place: 'Pune',
    class: 'Higher Secondary',
  }))
    form.set(k, v);
  const res = await post('/api/students/signup', { body: form });
  if (!res.ok) throw new Error(`signup: ${res.status} ${await res.text()}`);
  const { accessToken, ...user } = await res.json();
  return { accessToken, user };
}

function summarise(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const lcp = lhr.audits['largest-contentful-paint']?.numericValue ?? NaN;
  return {
    error: lhr.runtimeError?.code ?? null,
    warnings: lhr.runtimeWarnings ?? [],
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpS: (lcp / 1000).toFixed(2),
    fcpS: ((lhr.audits['first-contentful-paint']?.numericValue ?? NaN) / 1000).toFixed(2),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN),
    cls: (lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3),
    failing: Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 0.9 &&
          a.scoreDisplayMode !== 'informative' &&
          a.scoreDisplayMode !== 'manual',
      )
      .map((a) => a.id)
      .slice(0, 8),
  };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'quizcast-lighthouse-'));
  // `npm start` as a user runs it: a production build of the web app, the server's defaults
  // (development mode, so the dev outbox gives this script a sign-in code), a fresh data directory.
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  };
  delete env.NODE_ENV;
  const script = process.env.LIGHTHOUSE_NO_BUILD ? 'start:server' : 'start';
  const server = spawn('npm', ['run', script], {
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
    env,
  });
  let chrome;
  try {
    await waitForHealth();
    const session = await registerLearner();
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    const results = [];
    const run = async (name, label, requestor, flags = {}) => {
      const result = await navigation(page, requestor, {
        flags: { onlyCategories: ['performance', 'accessibility', 'best-practices'], ...flags },
      });
      const summary = summarise(result.lhr);
      console.log(label, JSON.stringify(summary), `load ${loadavg()[0].toFixed(1)}`);
      results.push({ label, ...summary });
      if (jsonDir) {
        mkdirSync(jsonDir, { recursive: true });
        writeFileSync(path.join(jsonDir, `${name}.json`), JSON.stringify(result.lhr));
      }
    };

    // Cold loads, storage cleared as Lighthouse does by default: a first visit.
    if (pages.includes('landing')) await run('landing', 'landing (/)', `${origin}/`);
    if (pages.includes('login')) await run('login', 'login (/login)', `${origin}/login`);

    // Signed in: the token in local storage as the app keeps it (storage not reset for these two).
    await page.goto(`${origin}/`);
    await page.evaluate(
      ({ user, token }) => {
        localStorage.setItem('USER_PARTICIPANT', JSON.stringify(user));
        localStorage.setItem('ACCESS_TOKEN_PARTICIPANT', token);
      },
      { user: session.user, token: session.accessToken },
    );
    if (pages.includes('quizzes'))
      await run('quizzes', 'quiz list, signed in (/quizzes)', `${origin}/quizzes`, {
        disableStorageReset: true,
      });

    // The attempt screen gets its quiz through navigation state: open it, then measure a reload.
    await page.goto(`${origin}/quizzes`);
    await page.locator('input[type="search"]').fill(QUIZ);
    await page.locator(`a[aria-label="Start ${QUIZ}"]`).click();
    await page.locator('::-p-text(Start Quiz Now)').click();
    await page.waitForFunction("location.pathname === '/quizzes/attend'");
    page.on('dialog', (dialog) => void dialog.accept());
    if (pages.includes('attempt'))
      await run('attempt', 'attempt screen (/quizzes/attend)', () => page.reload(), {
        disableStorageReset: true,
      });

    const cdp = await page.createCDPSession();
    await page.goto(`${origin}/quizzes`);
    // The manifest is fetched after the load event: ask until it has been read (up to 10 s).
    let installabilityErrors = [];
    for (let i = 0; i < 20; i += 1) {
      ({ installabilityErrors } = await cdp.send('Page.getInstallabilityErrors'));
      if (!installabilityErrors.some((e) => e.errorId === 'no-manifest')) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await browser.disconnect();

    const installable =
      installabilityErrors.length === 0
        ? 'yes'
        : `no: ${installabilityErrors.map((e) => e.errorId).join(', ')}`;
    console.log('installable:', installable);
    if (writeDocs) await writeReport(results, installable);
    else console.log('docs/performance.md left as it was (a partial run, or LIGHTHOUSE_NO_WRITE)');
  } finally {
    if (chrome) await chrome.kill();
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

async function writeReport(results, installable) {
  const file = path.resolve('docs/performance.md');
  const rows = results.map((r) =>
    r.error
      ? `| ${r.label} | error: ${r.error} | | | | | | | ${r.warnings.join('; ')} |`
      : `| ${r.label} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.lcpS} s | ${r.fcpS} s | ${r.tbtMs} ms | ${r.cls} | ${r.failing.join(', ') || '—'} |`,
  );
  const block = [
    '<!-- LIGHTHOUSE:START (written by `npm run lighthouse`) -->',
    `Lighthouse 13.5.0, mobile configuration (simulated throttling), Debian Chromium, ${new Date().toISOString().slice(0, 16)}Z, ` +
      `machine load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores (CPU contention inflates TBT and the simulated times).`,
    `Goals: performance ≥ 95, accessibility 100, best practices ≥ 95, LCP ≤ 1.5 s on the landing page.`,
    '',
    '| page | performance | accessibility | best practices | LCP | FCP | TBT | CLS | audits under 0.9 |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Installable (Chromium's Page.getInstallabilityErrors on /quizzes): ${installable}.`,
    '<!-- LIGHTHOUSE:END -->',
  ].join('\n');
  const text = readFileSync(file, 'utf8');
  const next = text.includes('<!-- LIGHTHOUSE:START')
    ? text.replace(/<!-- LIGHTHOUSE:START[\s\S]*<!-- LIGHTHOUSE:END -->/, block)
    : `${text.trimEnd()}\n\n${block}\n`;
  // Written as prettier formats it, so `npm run lint` (prettier --check) stays green after a run.
  const options = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(file, await prettier.format(next, { ...options, filepath: file }));
  console.log(`scores written to ${path.relative(process.cwd(), file)}`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});

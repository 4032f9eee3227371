import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/support/chromium';

/** Real Chromium from Debian (/usr/bin/chromium): no browser download. */
const chromium = chromiumLaunchOptions();

/**
 * No shared server: each worker starts its own built server, with its own data and dev clock
 * (e2e/support/fixtures.ts), so specs run side by side. Run `npm run build` first (npm run test:e2e
 * does). E2E_WORKERS sets how many (2 by default: the CI machine has 2 cores); E2E_PORT, when set,
 * is the first worker's port (the next worker takes the next one), else global-setup.ts picks a free
 * range below the ephemeral ports (an OS-picked port could be taken by an outgoing connection before
 * the server bound it).
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // 120 s: on this 2-core machine the whole suite runs its tests 2–3× slower than alone (quizzes.spec:39
  // took 21 s alone and 59–66 s in the suite, at the old 60 s limit); a real hang still fails.
  timeout: 120_000,
  // 20 s: CI's machines differ. The same suite's browser phase took 588 s on one and 1,962–2,126 s on
  // others (2026-11-29), where a cold admin page under the suite's load missed the old 10 s once
  // (analytics.spec.ts:117, the details page's first heading); waits are for what the page shows, so a
  // slower machine only waits longer, and a screen that never comes still fails.
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    // A trace records every action's DOM snapshot and a screencast, and costs the suite a third of its
    // CPU (e2e/accounts.spec.ts, alternated: 75–87 CPU-seconds without, 101–130 with). CI keeps only
    // its log (the failure digest names what was on screen, scripts/test.mjs), so it records none;
    // locally a failed test keeps its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    // The service worker precaches every asset on a context's first page: most tests never go
    // offline, and blocking it saves a quarter of the suite's time. The specs about the worker
    // (pwa-*, reminders, review-offline, the offline drill) allow it (`test.use`).
    serviceWorkers: 'block',
    launchOptions: chromium,
  },
  projects: [
    // Every test runs on a phone.
    { name: 'mobile', use: { ...devices['Pixel 7'], launchOptions: chromium } },
    // Only the tests tagged @desktop run on a wide screen too: the layouts that really differ there
    // (the sidebar, the attempt's side palette, admin tables, charts).
    {
      name: 'desktop',
      grep: /@desktop/,
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
  ],
});

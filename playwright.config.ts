import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromiumLaunchOptions } from './e2e/support/chromium';

const port = Number(process.env.E2E_PORT ?? 3999);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'quizcast-e2e-'));

/** Real Chromium from Debian (/usr/bin/chromium): no browser download. */
const chromium = chromiumLaunchOptions();

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: chromium,
  },
  projects: [
    { name: 'mobile', use: { ...devices['Pixel 7'], launchOptions: chromium } },
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromium } },
  ],
  webServer: {
    command: 'npm run start:server',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      DEV_CLOCK_CONTROL: 'true',
      // e2e/admin.spec.ts: one admin number per project (mobile, desktop).
      ADMIN_PHONES: '5550000001,5550000002',
      // Every browser test registers users from 127.0.0.1: lift the hourly send quotas here
      // (the API suite proves the defaults of 5 per phone and 20 per IP).
      OTP_PHONE_LIMIT_PER_HOUR: '1000',
      OTP_IP_LIMIT_PER_HOUR: '100000',
    },
  },
});

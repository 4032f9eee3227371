import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { freePortRange, PID_DIR_ENV, startServer, TEMPLATE_ENV } from './server';

/**
 * Before the browser tests: one server is started on an empty data directory (it migrates and seeds
 * the demo data) and stopped; that directory is the template each spec file's server copies
 * (e2e/support/fixtures.ts), which then starts in about a second instead of several. Workers inherit
 * the environment set here.
 *
 * After them: every server writes its pid into a directory made here and removes it when stopped;
 * whatever is still listed (a worker that crashed or was killed before its teardown) is killed, so
 * no server outlives the run.
 */
export default async function globalSetup(config: FullConfig) {
  // One port per worker slot for the run, unless the caller chose (E2E_PORT): workers inherit it.
  if (!process.env.E2E_PORT) process.env.E2E_PORT = String(await freePortRange(Math.max(1, config.workers)));
  const pidDir = mkdtempSync(path.join(tmpdir(), 'quizcast-e2e-pids-'));
  process.env[PID_DIR_ENV] = pidDir;
  const template = mkdtempSync(path.join(tmpdir(), 'quizcast-e2e-template-'));
  // Migrating and seeding an empty directory is the slowest start of the run (seconds on a quiet
  // machine, more than a minute on a loaded one); it happens once, so it may take up to 5 minutes.
  // The first worker's port: this server stops before any worker starts.
  const server = await startServer(Number(process.env.E2E_PORT), template, { healthyWithinMs: 300_000 });
  // Stopped cleanly (SIGTERM): the directory holds the migrated, seeded database, closed.
  await server.stop({ keepData: true });
  process.env[TEMPLATE_ENV] = template;
  return () => {
    for (const name of readdirSync(pidDir)) {
      try {
        process.kill(Number(name), 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    rmSync(pidDir, { recursive: true, force: true });
    rmSync(template, { recursive: true, force: true });
  };
}

import { test as base, expect } from '@playwright/test';
import { freePort, freshDataDir, startServer, type RunningServer } from './server';

/**
 * Every browser test imports `test` and `expect` from here. Each spec file gets its own built server
 * (apps/server/dist/main.js), on a copy of the seeded template database (global-setup.ts), with its
 * own port and dev clock: what one spec leaves behind (quizzes, attempts, a moved clock) never
 * reaches another, whatever the order or the worker, and specs run side by side. `baseURL` points
 * the test's pages and requests at it. A worker keeps its server while it runs tests of the same
 * file and stops it at its teardown.
 */

interface ServerPerFile {
  /** The server for this spec file: the running one, or a fresh one in its place. */
  forFile(file: string): Promise<string>;
}

export const test = base.extend<object, { serverPerFile: ServerPerFile }>({
  serverPerFile: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      // E2E_PORT + the worker's slot when E2E_PORT is set, else a free port the OS picks.
      const base = Number(process.env.E2E_PORT ?? 0);
      let current: { file: string; server: RunningServer } | undefined;
      try {
        await use({
          async forFile(file) {
            if (current?.file === file) return current.server.baseURL;
            const previous = current;
            current = undefined;
            await previous?.server.stop();
            const port = base ? base + workerInfo.parallelIndex : await freePort();
            current = { file, server: await startServer(port, freshDataDir()) };
            return current.server.baseURL;
          },
        });
      } finally {
        await current?.server.stop();
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  // A file's first test starts its server (stopping the previous file's): that start has its own
  // time, not the test's.
  baseURL: [
    async ({ serverPerFile }, use, testInfo) => {
      await use(await serverPerFile.forFile(testInfo.file));
    },
    { scope: 'test', timeout: 120_000 },
  ],
});

export { expect };
export type { APIRequestContext, Locator, Page, Response, TestInfo } from '@playwright/test';

import { test as base, expect, type BrowserContext } from '@playwright/test';
import { freshDataDir, startServer, type RunningServer } from './server';

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

/**
 * What went wrong in the browser during a test (issue 30's gate): an uncaught page error, a console
 * error (Chromium also logs one for every same-origin response of 400 or more), or a same-origin
 * request that failed on the network. Any of them fails the test, unless the test says it expects it:
 * `pageProblems.allow(/pattern/, 'why it is expected here')`, matched against lines like
 * `console error: Failed to load resource: … status of 409 (Conflict) [http://…/api/…]`,
 * `page error: …`, `request failed: POST http://…/api/… (net::ERR_INTERNET_DISCONNECTED)`.
 */
export interface PageProblems {
  /** Expects the problems matching `pattern` in this test only; `reason` says why (for the reader). */
  allow(pattern: RegExp, reason: string): void;
}

/**
 * Problems a whole spec file or `describe` expects, with the reason for each: the same as
 * `pageProblems.allow` in each of its tests. `test.use({ expectedPageProblems: [{ pattern, reason }] })`.
 */
export interface ExpectedPageProblem {
  pattern: RegExp;
  reason: string;
}

/** Every page of the test's context reports here; checked when the test ends. */
class ProblemLog implements PageProblems {
  readonly seen: string[] = [];
  private readonly allowed: RegExp[] = [];
  constructor(private readonly origin: string) {}

  allow(pattern: RegExp, reason: string) {
    if (!reason.trim()) throw new Error('pageProblems.allow needs the reason the problem is expected');
    this.allowed.push(pattern);
  }

  watch(context: BrowserContext) {
    context.on('weberror', (error) => this.seen.push(`page error: ${error.error().message}`));
    context.on('console', (message) => {
      if (message.type() !== 'error') return;
      const at = message.location().url;
      this.seen.push(`console error: ${message.text()}${at ? ` [${at}]` : ''}`);
    });
    context.on('requestfailed', (request) => {
      const failure = request.failure()?.errorText ?? '';
      // A request the page itself gave up (it left the screen, or cancelled a fetch) did not fail.
      if (failure === 'net::ERR_ABORTED') return;
      if (new URL(request.url()).origin !== this.origin) return;
      this.seen.push(`request failed: ${request.method()} ${request.url()} (${failure})`);
    });
  }

  unexpected() {
    return this.seen.filter((problem) => !this.allowed.some((pattern) => pattern.test(problem)));
  }
}

export const test = base.extend<
  { pageProblems: PageProblems; expectedPageProblems: ExpectedPageProblem[] },
  { serverPerFile: ServerPerFile }
>({
  // Nothing is expected unless a spec says so (`test.use`).
  expectedPageProblems: [[], { option: true }],
  serverPerFile: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      // E2E_PORT + the worker's slot: E2E_PORT is set by the caller or by global-setup.ts (a free range
      // below the ephemeral ports). Each file's server takes its worker's port again (the previous
      // one has stopped: Node listens with SO_REUSEADDR).
      const base = Number(process.env.E2E_PORT ?? 0);
      let current: { file: string; server: RunningServer } | undefined;
      try {
        await use({
          async forFile(file) {
            if (current?.file === file) return current.server.baseURL;
            const previous = current;
            current = undefined;
            await previous?.server.stop();
            if (!base)
              throw new Error('E2E_PORT is not set: run the browser tests through playwright.config.ts');
            const port = base + workerInfo.parallelIndex;
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
  pageProblems: async ({ baseURL, expectedPageProblems }, use) => {
    const log = new ProblemLog(new URL(baseURL!).origin);
    for (const { pattern, reason } of expectedPageProblems) log.allow(pattern, reason);
    await use(log);
    expect(log.unexpected(), 'page errors, console errors or failed requests in the browser').toEqual([]);
  },
  // Every page a test opens through Playwright's own context reports its problems.
  context: async ({ context, pageProblems }, use) => {
    (pageProblems as ProblemLog).watch(context);
    await use(context);
  },
});

export { expect };
export type { APIRequestContext, Locator, Page, Response, TestInfo } from '@playwright/test';

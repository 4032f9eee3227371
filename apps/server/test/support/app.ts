import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers';

/**
 * The calling test file's app. A live binding: useTestApp's beforeAll sets it, and every test file
 * runs in a module graph of its own, so each file (or describe calling useTestApp) has its own app.
 */
export let t: TestApp;

/** Builds one app (and database) before the calling file's or describe's tests; closes it after. */
export function useTestApp(options: Parameters<typeof buildTestApp>[0] = {}): void {
  beforeAll(async () => {
    t = await buildTestApp(options);
  });
  afterAll(async () => {
    await t?.close();
  });
}

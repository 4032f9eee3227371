import { expect, type Page } from '@playwright/test';

/**
 * The landing page is prerendered and its code starts only after the first paint (ADR 013), so its
 * buttons work a moment after it is on screen. This waits for that moment: the page marks its root
 * `data-ready` when React has committed it (apps/web/src/landing-main.tsx). Waiting for the network to
 * go quiet instead raced the first paint on a loaded machine: the network could be idle for 500 ms
 * before the boot script had even asked for the code, and the language switch, a link until the code
 * upgrades it, then reloaded the page instead of switching it (CI, pwa.spec: the hydration check failed).
 */
export async function landingReady(page: Page): Promise<void> {
  await expect(page.locator('#root[data-ready="true"]')).toBeAttached({ timeout: 30_000 });
}

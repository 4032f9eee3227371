import { expect, type Page } from './fixtures';

export const LANGUAGE_KEY = 'QUIZCAST_LANGUAGE';

/** Nothing sticks out sideways at this width (long Hindi words must wrap, not overflow). */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Opens the app in Hindi, as a learner who chose it on this device. */
export async function inHindi(page: Page) {
  await page.addInitScript((key) => window.localStorage.setItem(key, 'hi'), LANGUAGE_KEY);
}

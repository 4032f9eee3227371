import { expect, type Locator, type Page } from './fixtures';

/**
 * Keyboard only (issue 26's screen-reader run): Tab (or Shift+Tab) through the page until `target`
 * has the focus, as a keyboard or screen-reader user moves, then press `key` on it. Fails when the
 * target is not reachable within `max` presses. No clicks, no CSS selectors.
 */
export async function tabToAndPress(
  page: Page,
  target: Locator,
  key: 'Enter' | 'Space' | null = 'Enter',
  { backwards = false, max = 60 }: { backwards?: boolean; max?: number } = {},
): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i <= max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) {
      if (key) await page.keyboard.press(key);
      return;
    }
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`not reachable by Tab in ${max} presses: ${target.toString()}`);
}

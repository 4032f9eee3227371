import type { Page } from '@playwright/test';

/** Below Tailwind's `md` breakpoint the sidebar sits behind "Open menu" (a drawer). */
const MD_BREAKPOINT_PX = 768;

/**
 * On a phone, open the menu drawer (waiting for the screen to show its button); on a wide screen the
 * sidebar is always there. Decided by the viewport, never by whether the button happens to be visible
 * yet: a lazy screen still loading would otherwise skip the tap.
 */
export async function openMenuOnPhone(page: Page): Promise<void> {
  if ((page.viewportSize()?.width ?? MD_BREAKPOINT_PX) >= MD_BREAKPOINT_PX) return;
  await page.getByRole('button', { name: 'Open menu' }).click();
}

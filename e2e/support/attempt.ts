import type { Locator, Page } from '@playwright/test';

/**
 * The attempt's question palette, opened: on phones it is a drawer behind a "Question palette" button,
 * on wide screens a side panel that is always open.
 */
export async function openPalette(page: Page): Promise<Locator> {
  const palette = page.getByRole('navigation', { name: 'Question palette' });
  // Wait for the palette itself: checking the toggle before the screen has rendered would skip it.
  await palette.waitFor();
  const toggle = palette.getByRole('button', { name: /^Question palette/ });
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false')
    await toggle.click();
  return palette;
}

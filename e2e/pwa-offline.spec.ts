import { expect, test } from './support/fixtures';
import { registerViaApi, signIn } from './support/session';
import { openPalette } from './support/attempt';
import { expectAccessible } from './support/axe';
import { POLITY, serviceWorkerReady, startPolity } from './support/pwa';

// This spec is about the service worker, which the config blocks for the rest of the suite.
test.use({
  serviceWorkers: 'allow',
  // Each test here takes the phone offline: the browser logs the requests that cannot reach the server.
  expectedPageProblems: [
    { pattern: /net::ERR_INTERNET_DISCONNECTED/, reason: 'the tests take the phone offline' },
  ],
});

// With no network: an attempt reloads from the device; a screen never opened shows the offline page.
const seconds = (countdown: string) =>
  countdown
    .split(':')
    .map(Number)
    .reduce((t, p) => t * 60 + p, 0);

test.describe('fast and installable (issue 17)', () => {
  test('a reload with no network mid-attempt opens the attempt with its answers and deadline', async ({
    page,
  }) => {
    await signIn(page, await registerViaApi(page.request));
    await startPolity(page);
    const progress = page.getByRole('heading', { name: /^Question \d+ of \d+$/ });
    const radios = page.getByRole('radio');
    await radios.nth(2).check();
    await expect(page.getByText('All answers saved')).toBeVisible();
    const before = seconds((await page.getByTestId('countdown').textContent())!);

    // The connection drops; the next answer stays on the device, then the learner reloads.
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Save & Next' }).click();
    await expect(progress).toHaveText(/^Question 2 of \d+$/);
    await radios.nth(1).check();
    await expect(page.getByText('Saved on this device', { exact: true })).toBeVisible();
    // The page would normally warn before leaving an attempt; the reload is the test.
    page.on('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: POLITY })).toBeVisible();
    await expect(progress).toHaveText(/^Question 2 of \d+$/);
    await expect(radios.nth(1)).toBeChecked();
    const palette = await openPalette(page);
    await expect(palette.getByRole('button', { name: 'Question 1, Answered' })).toBeVisible();
    const after = seconds((await page.getByTestId('countdown').textContent())!);
    expect(after).toBeLessThanOrEqual(before);
    expect(after).toBeGreaterThan(before - 30);
    await page.context().setOffline(false);
  });
});

test.describe('offline, install and press feedback (issue 17)', () => {
  test('a screen never opened on this device shows the plain offline page; one opened before still opens', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: /Start Practicing/ }).first()).toBeVisible();
    await serviceWorkerReady(page);
    await page.context().setOffline(true);
    try {
      // /progress was never opened here: the service worker answers with the offline page.
      await page.goto('/progress');
      await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
      await expect(page.getByText('This screen has not been opened on this device yet')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        page.viewportSize()!.width,
      );
      await expectAccessible(page, 'offline page');
      // Try again, still offline: the same page again, not the browser's error page.
      await page.getByRole('link', { name: 'Try again' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
      // The landing page was opened before: it opens from the device (the app shell).
      await page.getByRole('link', { name: 'Home' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('link', { name: /Start Practicing/ }).first()).toBeVisible();
    } finally {
      await page.context().setOffline(false);
    }
    // Back online, the never-opened screen loads from the network as usual.
    await page.goto('/progress');
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/login/);
  });
});

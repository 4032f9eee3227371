import { expect, test } from './support/fixtures';

test.describe('landing page', () => {
  test('shows every section and no console errors', { tag: '@desktop' }, async ({ page }, testInfo) => {
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(msg.text());
    });
    page.on('pageerror', (err) => problems.push(err.message));

    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Quizcast home' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Start Practicing' })).toHaveAttribute('href', '/quizzes');

    await expect(page.getByText('Up rocket your skills')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Master Every Quiz With Confidence');

    for (const card of [
      'Audio-First Quizzes',
      'Active Recall System',
      'Performance Analytics',
      'Exam-Specific Prep',
    ]) {
      await expect(page.getByRole('heading', { name: card })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Why Audio Quizzes Work Better' })).toBeVisible();
    for (const point of [
      'Faster absorption',
      'Better retention',
      'Efficient multitasking',
      'Verbal exam prep',
    ]) {
      await expect(page.getByText(point, { exact: true })).toBeVisible();
    }

    const footer = page.getByRole('contentinfo');
    const quick = footer.getByRole('navigation', { name: 'Quick Links' });
    await expect(quick.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(quick.getByRole('link', { name: 'Quizzes' })).toHaveAttribute('href', '/quizzes');
    await expect(quick.getByRole('link', { name: 'About Us' })).toBeVisible();
    for (const legal of ['Privacy Policy', 'Terms of Service', 'Cookies']) {
      await expect(footer.getByRole('link', { name: legal })).toBeVisible();
    }
    await expect(
      footer.getByRole('list', { name: 'Quizcast on social media' }).getByRole('link'),
    ).toHaveCount(4);
    await expect(footer.getByText('hello@quizcast.example')).toBeVisible();

    // Nothing overflows sideways on a phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);

    if (process.env.UPDATE_SCREENSHOTS && testInfo.project.name === 'desktop') {
      await page.screenshot({ path: 'docs/screenshots/landing.png' });
    }
  });

  test('a deep link reloads into the app, and the signed-in area sends a visitor to login', async ({
    page,
  }) => {
    await page.goto('/quizzes/summary/some-quiz');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fquizzes%2Fsummary%2Fsome-quiz$/);
    await page.reload();
    await expect(page).toHaveURL(/\/login/);
    const res = await page.request.get('/api/health');
    expect(await res.json()).toEqual({ status: 'ok', db: 'up' });
  });

  test('an unknown page shows a clear 404', async ({ page }) => {
    await page.goto('/definitely/not/here');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go home' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Master Every Quiz With Confidence');
  });
});

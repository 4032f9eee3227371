import { expect, test, type Locator, type Page } from './support/fixtures';
import sharp from 'sharp';
import { registerViaApi, signIn } from './support/session';
import { POLITY, startPolity } from './support/pwa';

// This spec is about the service worker, which the config blocks for the rest of the suite.
test.use({ serviceWorkers: 'allow' });

// On the phone itself: buttons that answer a press, pages that fit 360 px, camera photos made smaller.
/** Visible text smaller than 14 px on the page, as "13px \"text\"" lines. */
function smallText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const text = walker.currentNode.textContent?.trim();
      const element = walker.currentNode.parentElement;
      if (!text || !element || element.closest('.sr-only, [aria-hidden="true"]')) continue;
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      const px = parseFloat(style.fontSize);
      if (px < 14) found.push(`${px}px "${text.slice(0, 40)}"`);
    }
    return found;
  });
}

test.describe('offline, install and press feedback (issue 17)', () => {
  test('the main buttons and links visibly change while pressed', async ({ page }) => {
    // Transitions off, so the pressed colour is there at once (the test reads it, no waiting).
    const noTransitions = () => page.addStyleTag({ content: '*{transition:none!important}' });
    const look = (target: Locator) =>
      target.evaluate((el) => {
        const s = getComputedStyle(el);
        return [s.backgroundColor, s.color, s.filter, s.boxShadow].join(' | ');
      });
    const pressed: string[] = [];
    const expectPressFeedback = async (name: string, target: Locator) => {
      await target.scrollIntoViewIfNeeded();
      const box = (await target.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      const before = await look(target);
      await page.mouse.down();
      const during = await look(target);
      // Let go elsewhere: no click, nothing navigates.
      await page.mouse.move(1, 1);
      await page.mouse.up();
      expect(during, `${name} looks the same while pressed`).not.toBe(before);
      pressed.push(name);
    };

    await page.goto('/');
    await noTransitions();
    await expectPressFeedback(
      'hero Start Practicing',
      page.getByRole('main').getByRole('link', { name: /Start Practicing/ }),
    );
    await expectPressFeedback(
      'header Start Practicing',
      page.getByRole('banner').getByRole('link', { name: /Start Practicing/ }),
    );
    await expectPressFeedback('language switch', page.getByRole('button', { name: 'हिन्दी' }));
    await expectPressFeedback('How it works', page.getByRole('link', { name: 'How it works' }));

    await page.goto('/login');
    await noTransitions();
    await page.getByRole('textbox', { name: 'Phone Number' }).fill('9876543210');
    await expectPressFeedback('Send OTP', page.getByRole('button', { name: 'Send OTP' }));

    await signIn(page, await registerViaApi(page.request));
    await page.goto('/quizzes');
    await expect(page.getByTestId('quiz-row').first()).toBeVisible();
    await noTransitions();
    await page.getByRole('searchbox', { name: 'Search quizzes' }).fill(POLITY);
    await expect(page.getByTestId('quiz-row')).toHaveCount(1);
    await expectPressFeedback('Start (quiz row)', page.getByRole('link', { name: `Start ${POLITY}` }));
    await expectPressFeedback('User menu', page.getByRole('button', { name: /User menu/ }));
    await page.getByRole('link', { name: `Start ${POLITY}` }).click();
    await expect(page.getByRole('button', { name: 'Start Quiz Now' })).toBeVisible();
    await noTransitions();
    await expectPressFeedback('Start Quiz Now', page.getByRole('button', { name: 'Start Quiz Now' }));
    expect(pressed).toHaveLength(8);
  });
});

test.describe('small screens (issue 17)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the landing page fits 360 px and has no text under 14 px', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: /Start Practicing/ }).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await smallText(page)).toEqual([]);
  });

  test('a long name never pushes the page wider than 360 px, and no text is under 14 px (quiz list, attempt)', async ({
    page,
  }) => {
    await signIn(
      page,
      await registerViaApi(page.request, { name: 'Resilience Holdout 7441 Venkataramanan' }),
    );
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    await startPolity(page);
    await expect(page.getByText(/^Hi, Resilience Holdout/)).toBeVisible();
    expect(await width()).toBeLessThanOrEqual(360);
    expect(await smallText(page)).toEqual([]);
    await expect(page.getByRole('button', { name: /User menu/ })).toBeInViewport();
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto('/quizzes');
    await expect(page.getByRole('heading', { level: 1, name: 'Quizzes' })).toBeVisible();
    await expect(page.getByTestId('quiz-row').first()).toBeVisible();
    expect(await width()).toBeLessThanOrEqual(360);
    expect(await smallText(page)).toEqual([]);
    await expect(page.getByRole('button', { name: /User menu/ })).toBeInViewport();
  });
});

test.describe('photos (issue 17)', () => {
  test('a camera photo over 2 MB is made smaller on the device (≤ 1280 px), not refused', async ({
    page,
  }) => {
    // A 12-megapixel "camera photo" with sensor-like noise: well over the 2 MB limit.
    const photo = await sharp({
      create: {
        width: 4000,
        height: 3000,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 30 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);

    await page.goto('/register');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: photo });
    const preview = page.getByRole('img', { name: 'Selected profile photo' });
    await expect(preview).toBeVisible();
    await expect(page.getByText('Image must be less than 2MB')).toHaveCount(0);
    const size = await preview.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return { width: img.naturalWidth, height: img.naturalHeight };
    });
    expect(size).toEqual({ width: 1280, height: 960 });
  });
});

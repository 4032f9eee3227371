import { expect, test } from './support/fixtures';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { registerViaApi, signIn } from './support/session';
import { POLITY, serviceWorkerReady, startPolity } from './support/pwa';

// This spec is about the service worker, which the config blocks for the rest of the suite.
test.use({ serviceWorkers: 'allow' });

// Installing the app and updating it: the install offer, the manifest and service worker, a new version.
const UPDATE_PROMPT = 'A new version is available';

test.describe('fast and installable (issue 17)', () => {
  test("an install offer the browser makes before the landing page's code has run is kept", async ({
    page,
  }) => {
    // The landing page's code starts after its first paint; Chrome may offer installing sooner.
    await page.addInitScript(() => {
      // Right after the landing boot script has run, before the app's code is requested.
      const sent = { done: false };
      document.addEventListener(
        'load',
        (event) => {
          const src = (event.target as HTMLScriptElement).src ?? '';
          if (sent.done || !src.includes('/assets/landing-boot-')) return;
          sent.done = true;
          const offer = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
            prompt(): Promise<void>;
            userChoice: Promise<{ outcome: string }>;
          };
          offer.prompt = async () => {};
          offer.userChoice = Promise.resolve({ outcome: 'dismissed' });
          // No module script yet: the app's own listener cannot have heard this offer.
          (window as unknown as { __appCodeThen: boolean }).__appCodeThen =
            document.querySelector('script[type="module"]') !== null;
          window.dispatchEvent(offer);
        },
        true,
      );
    });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Install app' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __appCodeThen: boolean }).__appCodeThen)).toBe(
      false,
    );
  });

  test('the manifest is linked and complete, and the service worker is registered', async ({ page }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const res = await page.request.get(href!);
    expect(res.ok()).toBe(true);
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      short_name: 'Quizcast',
      start_url: '/quizzes',
      display: 'standalone',
      theme_color: '#4c1d95',
    });
    expect(manifest.name).toContain('Quizcast');
    const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons) {
      const image = await page.request.get(icon.src);
      expect(image.headers()['content-type'], icon.src).toBe('image/png');
    }
    expect(await serviceWorkerReady(page)).toMatch(/\/sw\.js$/);
    const sw = await page.request.get('/sw.js');
    expect(sw.headers()['cache-control']).toBe('no-cache');
  });

  test('a new version never interrupts an attempt; the prompt waits until the learner leaves it', async ({
    page,
  }) => {
    await signIn(page, await registerViaApi(page.request));
    await startPolity(page);
    await page.getByRole('radio').nth(0).check();
    await expect(page.getByText('All answers saved')).toBeVisible();
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));

    // Deploy a "new version": the same service worker with one byte more, as the server sends it.
    const dist = path.resolve('apps/web/dist');
    const original = readFileSync(path.join(dist, 'sw.js'));
    const originals = ['sw.js.br', 'sw.js.gz'].map((f) => [f, readFileSync(path.join(dist, f))] as const);
    try {
      const next = Buffer.concat([original, Buffer.from(`\n// e2e ${Date.now()}\n`)]);
      writeFileSync(path.join(dist, 'sw.js'), next);
      writeFileSync(path.join(dist, 'sw.js.br'), brotliCompressSync(next));
      writeFileSync(path.join(dist, 'sw.js.gz'), gzipSync(next));
      const state = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        await registration.update();
        const worker = registration.installing ?? registration.waiting;
        if (!worker) return 'no new worker';
        if (worker.state !== 'installed')
          await new Promise((resolve) => worker.addEventListener('statechange', resolve));
        return worker.state;
      });
      expect(state).toBe('installed');
    } finally {
      writeFileSync(path.join(dist, 'sw.js'), original);
      for (const [file, body] of originals) writeFileSync(path.join(dist, file), body);
    }

    // Waiting, not installed over the attempt: same page, same answer, no prompt over the questions.
    await expect(page.getByRole('heading', { level: 1, name: POLITY })).toBeVisible();
    await expect(page.getByRole('radio').nth(0)).toBeChecked();
    await expect(page.getByText(UPDATE_PROMPT)).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);

    // Leaving the attempt for the list: now the prompt shows, and Reload installs the new version.
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto('/quizzes');
    await expect(page.getByText(UPDATE_PROMPT)).toBeVisible();
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByText(UPDATE_PROMPT)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Quizzes' })).toBeVisible();
  });
});

test.describe('offline, install and press feedback (issue 17)', () => {
  for (const screen of ['landing page', 'quiz list'] as const) {
    test(`"Install app" on the ${screen} appears when the browser offers installing, and asks it`, async ({
      page,
    }) => {
      if (screen === 'quiz list') {
        await signIn(page, await registerViaApi(page.request));
        await page.goto('/quizzes');
        await expect(page.getByRole('heading', { level: 1, name: 'Quizzes' })).toBeVisible();
      } else {
        await page.goto('/');
        await expect(page.getByRole('link', { name: /Start Practicing/ }).first()).toBeVisible();
      }
      const install = page.getByRole('button', { name: 'Install app' });
      await expect(install).toHaveCount(0);
      // What Chrome sends when the app may be installed (not in every browser; never on iOS).
      await page.evaluate(() => {
        const offer = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
          prompt(): Promise<void>;
          userChoice: Promise<{ outcome: string }>;
        };
        const w = window as unknown as { __prompts: number };
        w.__prompts = 0;
        offer.prompt = async () => {
          w.__prompts += 1;
        };
        offer.userChoice = Promise.resolve({ outcome: 'accepted' });
        window.dispatchEvent(offer);
      });
      await expect(install).toBeVisible();
      await install.click();
      expect(await page.evaluate(() => (window as unknown as { __prompts: number }).__prompts)).toBe(1);
      // An offer is used once: the button goes until the browser offers again.
      await expect(install).toHaveCount(0);
    });
  }
});

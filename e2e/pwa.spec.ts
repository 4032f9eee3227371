import { expect, test, type Locator, type Page } from './support/fixtures';
import { landingReady } from './support/landing';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { registerViaApi, signIn } from './support/session';
import { openPalette } from './support/attempt';
import { expectAccessible } from './support/axe';

/** A live, free demo quiz (apps/server/src/seed/demo.ts). */
const POLITY = 'UPSC Prelims: Indian Polity Basics';
const UPDATE_PROMPT = 'A new version is available';

/** The service worker is installed and active (its precache of the app shell is complete). */
async function serviceWorkerReady(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active!.scriptURL;
  });
}

async function startPolity(page: Page): Promise<void> {
  await page.goto('/quizzes');
  await expect(page.getByRole('heading', { level: 1, name: 'Quizzes' })).toBeVisible();
  await serviceWorkerReady(page);
  await page.getByRole('searchbox', { name: 'Search quizzes' }).fill(POLITY);
  await expect(page.getByTestId('quiz-row')).toHaveCount(1);
  await page.getByRole('link', { name: `Start ${POLITY}` }).click();
  await page.getByRole('button', { name: 'Start Quiz Now' }).click();
  await expect(page).toHaveURL(/\/quizzes\/attend$/);
  await expect(page.getByRole('heading', { level: 1, name: POLITY })).toBeVisible();
}

const seconds = (countdown: string) =>
  countdown
    .split(':')
    .map(Number)
    .reduce((t, p) => t * 60 + p, 0);

test.describe('fast and installable (issue 17)', () => {
  test('the landing page arrives compressed: every script, style and the page itself', async ({ page }) => {
    type Finished = { url: string; type: string; encoding?: string; bytes: number };
    // Each finished request is read asynchronously (its response, its sizes): every read is kept and
    // awaited before the figures are taken, so none is missed however late it settles.
    const reads: Promise<Finished | undefined>[] = [];
    page.on('requestfinished', (request) => {
      reads.push(
        (async () => {
          const response = await request.response();
          if (!response) return undefined;
          const sizes = await request.sizes();
          return {
            url: request.url(),
            type: request.resourceType(),
            encoding: (await response.allHeaders())['content-encoding'],
            bytes: sizes.responseBodySize + sizes.responseHeadersSize,
          };
        })(),
      );
    });
    await page.goto('/');
    await expect(page.getByRole('link', { name: /Start Practicing/ }).first()).toBeVisible();
    await landingReady(page);
    await page.waitForLoadState('networkidle');
    // The landing screen's chunks are announced with the entry (apps/web/route-preload.ts), not found
    // only after the entry has run. (Vite's own preload helper may add a second link for the same
    // chunk once the lazy route loads, so this asks for at least one.)
    await expect(
      page.locator('link[rel="modulepreload"][href*="/assets/landing-page-"]').first(),
    ).toBeAttached();

    const responses = (await Promise.all(reads)).filter((r) => r !== undefined);
    const own = responses.filter((r) => new URL(r.url).pathname.match(/^\/($|assets\/)/));
    const scripts = own.filter((r) => r.type === 'script');
    expect(scripts.length).toBeGreaterThan(3);
    for (const r of own) expect(r.encoding, r.url).toBe('br');
    const kb = (n: number) => Math.round(n / 1024);
    const total = own.reduce((sum, r) => sum + r.bytes, 0);
    const js = scripts.reduce((sum, r) => sum + r.bytes, 0);
    console.log(
      `/ transferred: ${kb(total)} KB in ${own.length} responses (JavaScript ${kb(js)} KB, brotli)`,
    );
    // Before issue 17 the phone received ~827 KB uncompressed for `/`; brotli and splitting bring it
    // under 175 KB including what loads right after the first paint (the toaster, the service
    // worker's registration); scripts/check-budgets.mjs counts what the screen needs before it is usable.
    // 175 → 185 KB with the language switch and the i18n runtime (issue 18: measured 178 KB);
    // 185 → 150 KB once the landing page had its own boot and was prerendered (measured 127 KB).
    expect(total).toBeLessThan(150 * 1024);
  });

  test('the landing page is prerendered: it is on screen and its links work before any script runs', async ({
    browser,
    page,
  }) => {
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    try {
      const bare = await noScript.newPage();
      await bare.goto('/');
      await expect(bare.getByRole('heading', { level: 1 })).toHaveText('Master Every Quiz With Confidence');
      await expect(bare.getByRole('main').getByRole('link', { name: /Start Practicing/ })).toHaveAttribute(
        'href',
        '/quizzes',
      );
      await expect(
        bare.getByRole('heading', { name: 'Practice built for the way you actually study' }),
      ).toBeVisible();
    } finally {
      await noScript.close();
    }
    // With scripts, the same markup is hydrated, not replaced: the element the parser put in the
    // root is still there after the page has changed language and back, and no error was logged.
    await page.addInitScript(() => {
      const w = window as unknown as { __prerendered?: Element };
      new MutationObserver((_, observer) => {
        const first = document.getElementById('root')?.firstElementChild;
        if (first) {
          w.__prerendered = first;
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    // The landing page's code starts after its first paint (scripts/prerender-landing.mjs): wait for
    // it to have arrived and hydrated the page before using a button that needs it.
    await landingReady(page);
    await page.getByRole('button', { name: 'हिन्दी' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Master Every Quiz With Confidence');
    expect(
      await page.evaluate(
        () =>
          (window as unknown as { __prerendered?: Element }).__prerendered ===
          document.getElementById('root')!.firstElementChild,
      ),
    ).toBe(true);
    expect(errors).toEqual([]);
  });

  test('the landing page paints from its HTML alone: its own CSS inlined lays it out as the stylesheet does', async ({
    browser,
    request,
  }) => {
    // Nothing to wait for before the first paint (Lighthouse: LCP ≤ 1.5 s): no stylesheet, no module
    // script, no modulepreload in the HTML; one small async script starts them after the paint.
    const html = await (await request.get('/')).text();
    expect(html).toContain('<style>');
    expect(html).not.toMatch(/<link rel="stylesheet"|<script type="module"|rel="modulepreload"/);
    expect(html).toMatch(/<script src="\/assets\/landing-boot-[\w-]+\.js" async><\/script>/);
    const stylesheet = (await (await request.get('/quizzes')).text()).match(
      /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"/,
    )?.[1];
    expect(stylesheet).toBeTruthy();
    const css = await (await request.get(stylesheet!)).text();

    // Without scripts only the inlined rules apply; adding the whole stylesheet moves nothing (a rule
    // the inliner dropped would show here as a layout shift when the stylesheet arrives).
    for (const width of [360, 412, 1280]) {
      const noScript = await browser.newContext({
        javaScriptEnabled: false,
        viewport: { width, height: 823 },
      });
      try {
        const bare = await noScript.newPage();
        await bare.goto('/');
        // (Playwright's addStyleTag waits on a script event: with scripts off, a <style> is added directly.)
        const addStyle = (css: string) =>
          bare.evaluate((text) => {
            const style = document.createElement('style');
            style.textContent = text;
            document.head.append(style);
          }, css);
        await addStyle('*,*::before,*::after{animation:none!important}');
        const layout = () =>
          bare.evaluate(() =>
            [...document.querySelectorAll('#root *')].map((element) => {
              const r = element.getBoundingClientRect();
              const style = getComputedStyle(element);
              return [
                element.tagName,
                element.getAttribute('class'),
                r.x,
                r.y,
                r.width,
                r.height,
                style.color,
                style.backgroundColor,
                style.fontSize,
                style.fontWeight,
              ].join(' ');
            }),
          );
        const inlined = await layout();
        expect(inlined.length).toBeGreaterThan(100);
        await addStyle(css);
        expect(await layout(), `at ${width} px`).toEqual(inlined);
      } finally {
        await noScript.close();
      }
    }
  });

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

  test('no screen breaks its own Content-Security-Policy (zod never probes eval)', async ({
    page,
    request,
  }) => {
    // Lighthouse's "inspector-issues" (best practices 96 on login and the attempt screen) was zod 4
    // trying `new Function` under our 'self'-only script policy.
    await page.addInitScript(() => {
      const w = window as unknown as { __violations: string[] };
      w.__violations = [];
      document.addEventListener('securitypolicyviolation', (event) =>
        w.__violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`),
      );
    });
    const violations = () =>
      page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
    for (const path of ['/', '/login', '/register']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Use the form: validation builds and runs the schemas.
      if (path !== '/') {
        await page.getByLabel('Phone Number').first().fill('98765');
        await page.getByLabel('Phone Number').first().blur();
      }
      expect(await violations(), path).toEqual([]);
    }
    await signIn(page, await registerViaApi(request));
    await startPolity(page);
    expect(await violations(), 'attempt').toEqual([]);
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

  test('a reload with no network mid-attempt opens the attempt with its answers and deadline', async ({
    page,
    pageProblems,
  }) => {
    pageProblems.allow(/net::ERR_INTERNET_DISCONNECTED/, 'the test takes the phone offline');
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
  test('a screen never opened on this device shows the plain offline page; one opened before still opens', async ({
    page,
    pageProblems,
  }) => {
    pageProblems.allow(/net::ERR_INTERNET_DISCONNECTED/, 'the test takes the phone offline');
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

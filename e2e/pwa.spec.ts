import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { adminSession, registerViaApi, signIn } from './support/session';
import { createQuizViaApi, retireQuiz, serverNow } from './support/quizzes';
import { openPalette } from './support/attempt';
import { expectAccessible } from './support/axe';

/** A live, free demo quiz (apps/server/src/seed/demo.ts). */
const POLITY = 'UPSC Prelims: Indian Polity Basics';
const UPDATE_PROMPT = 'A new version is available';
/** Issue 17: a learner named like this made the attempt page 440 px wide on a 360 px phone. */
const LONG_NAME = 'Resilience Holdout 7441 Ramachandran';

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
    const responses: { url: string; type: string; encoding?: string; bytes: number }[] = [];
    page.on('requestfinished', async (request) => {
      const response = await request.response();
      if (!response) return;
      const sizes = await request.sizes();
      responses.push({
        url: request.url(),
        type: request.resourceType(),
        encoding: (await response.allHeaders())['content-encoding'],
        bytes: sizes.responseBodySize + sizes.responseHeadersSize,
      });
    });
    await page.goto('/');
    await expect(page.getByRole('link', { name: /Start Practicing/ }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The landing screen's chunks are announced with the entry (apps/web/route-preload.ts), not found
    // only after the entry has run. (Vite's own preload helper may add a second link for the same
    // chunk once the lazy route loads, so this asks for at least one.)
    await expect(
      page.locator('link[rel="modulepreload"][href*="/assets/landing-page-"]').first(),
    ).toBeAttached();

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

test.describe('every screen at 360 px (issue 17)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('no screen is wider than 360 px with a long learner name and a long quiz title with an unbroken word', async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000);
    const admin = await adminSession(page.request, testInfo);
    const now = await serverNow(page.request);
    const endAt = now + 10 * 60_000;
    const title = `Panchayati-Raj-Constitutional-Amendment-Seventy-Third-Comprehensive-Revision ${testInfo.project.name} ${now}`;
    const quiz = await createQuizViaApi(page.request, admin, {
      name: title,
      desc: 'Supercalifragilisticexpialidocious-Panchayati-Raj-Institutions-Devolution-Checklist, for a narrow screen.',
      exam: 'UPSC',
      class: 'Preparing for Competitive exams',
      duration: 5,
      startTimeStamp: new Date(now - 60_000).toISOString(),
      endTimeStamp: new Date(endAt).toISOString(),
      price: 0,
      published: true,
      markingScheme: { correct: 2, wrong: 0 },
      questions: [
        {
          qn: 'Which amendment gave constitutional status to Panchayati-Raj-Institutions-Everywhere?',
          choices: [
            '73rd',
            '74th',
            '42nd',
            'Forty-Fourth-Constitutional-Amendment-Act-Nineteen-Seventy-Eight',
          ],
          ansIndex: 0,
          topic: 'Local-Self-Government-And-Decentralisation',
        },
        {
          qn: 'Which Schedule lists the 29 subjects of the Panchayats?',
          choices: ['Eleventh', 'Twelfth', 'Seventh', 'Ninth'],
          ansIndex: 0,
          topic: 'Schedules',
        },
      ],
    });
    const learner = await registerViaApi(page.request, { name: LONG_NAME });
    const auth = { authorization: `Bearer ${learner.accessToken}` };
    const checked: string[] = [];
    /** Waits for the screen, then checks its width (soft: one run lists every screen that overflows). */
    const fits = async (screen: string, ready: Locator) => {
      await expect(ready.first(), screen).toBeVisible();
      await page.waitForLoadState('networkidle');
      const { width, sticking } = await page.evaluate(() => {
        // The innermost elements past the right edge, to name in the failure.
        const out = [...document.body.querySelectorAll('*')].filter(
          (el) =>
            el.getBoundingClientRect().right > 361 &&
            ![...el.children].some((child) => child.getBoundingClientRect().right > 361),
        );
        return {
          width: document.documentElement.scrollWidth,
          sticking: out
            .slice(0, 5)
            .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}">`),
        };
      });
      expect.soft(width, `${screen} is ${width} px wide: ${sticking.join(' ')}`).toBeLessThanOrEqual(360);
      checked.push(screen);
    };
    const h1 = () => page.getByRole('heading', { level: 1 });
    try {
      await page.goto('/');
      await fits('landing', page.getByRole('link', { name: /Start Practicing/ }));
      await page.goto('/login');
      await fits('login', h1());
      await page.goto('/register');
      await fits('register', h1());

      await signIn(page, learner);
      await page.goto('/quizzes');
      await expect(h1()).toHaveText('Quizzes');
      await page.getByRole('searchbox', { name: 'Search quizzes' }).fill(`${testInfo.project.name} ${now}`);
      await fits('quiz list', page.getByTestId('quiz-row').getByText(title));
      await page.getByRole('link', { name: `Start ${title}` }).click();
      await fits('intro', page.getByRole('button', { name: 'Start Quiz Now' }));
      await page.getByRole('button', { name: 'Start Quiz Now' }).click();
      await expect(page).toHaveURL(/\/quizzes\/attend$/);
      await fits('attempt', page.getByRole('heading', { level: 1, name: title }));
      await expect(page.getByText(/^Hi, Resilience Holdout/)).toBeVisible();

      // Submitted through the API (the attempt screen's own tests cover its buttons); the results
      // open once the window closes.
      const attend = await page.request.get(`/api/quizzes/participant/attend/${quiz._id}`, { headers: auth });
      expect(attend.ok(), await attend.text()).toBe(true);
      const { questions, startedAt } = (await attend.json()) as {
        questions: { _id: string; choices: string[] }[];
        startedAt: string;
      };
      const submitted = await page.request.post('/api/quizzes/participant/submit', {
        headers: auth,
        data: {
          quizId: quiz._id,
          startedAt,
          answers: questions.map((q) => ({ qnId: q._id, selectedOption: q.choices[0] })),
        },
      });
      expect(submitted.status(), await submitted.text()).toBe(201);
      const advanceMs = endAt - (await serverNow(page.request)) + 31_000;
      const moved = await page.request.post('/api/dev/clock', { data: { advanceMs } });
      expect(moved.ok()).toBe(true);
      page.on('dialog', (dialog) => void dialog.accept());
      await page.goto('/quizzes');
      await page.clock.setSystemTime(new Date(((await moved.json()) as { now: string }).now));
      await page.goto(`/quizzes/summary/${quiz._id}`);
      await fits('results summary', page.getByRole('region', { name: 'Rank' }));
      for (const tab of ['Questions', 'Leaderboard', 'Analysis']) {
        await page.getByRole('tab', { name: tab }).click();
        await fits(`results ${tab.toLowerCase()}`, page.getByRole('tabpanel'));
      }
      await page.goto('/profile');
      await fits('profile', page.getByText(LONG_NAME));
      await page.goto('/profile/edit');
      await fits('edit profile', h1());
      await page.goto('/progress');
      await fits('progress', h1());
      await page.goto('/review');
      await fits('review', h1());

      // The admin's screens, with the same quiz and learner.
      await page.evaluate(
        ([user, token]) => {
          localStorage.setItem('USER_PARTICIPANT', user!);
          localStorage.setItem('ACCESS_TOKEN_PARTICIPANT', token!);
        },
        [JSON.stringify(admin.user), admin.accessToken],
      );
      await page.goto('/admin/quizzes');
      await fits('admin quizzes', h1());
      await page.goto(`/quizzes/details/${quiz._id}`);
      await fits('admin quiz details', page.getByText(title));
      await page.goto(`/quizzes/edit/${quiz._id}`);
      await fits('admin edit quiz', h1());
      await page.goto('/quizzess/create');
      await fits('admin create quiz', h1());
      await page.goto('/participants');
      await fits('admin participants', h1());
      await page.goto(`/participants/${learner.user._id}`);
      await fits('admin participant', page.getByText(LONG_NAME));
      await page.goto('/admin/audit-log');
      await fits('admin audit log', h1());
      expect(checked).toHaveLength(21);
    } finally {
      await retireQuiz(page.request, admin.accessToken, quiz._id);
    }
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

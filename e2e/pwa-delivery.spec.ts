import { expect, test } from './support/fixtures';
import { landingReady } from './support/landing';
import { registerViaApi, signIn } from './support/session';
import { startPolity } from './support/pwa';

// This spec is about the service worker, which the config blocks for the rest of the suite.
test.use({ serviceWorkers: 'allow' });

// How the app arrives: compressed, prerendered, painted from its HTML, within its own CSP.
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
});

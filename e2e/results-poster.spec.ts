import { expect, test } from './support/fixtures';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { signIn, type Session } from './support/session';
import { collectConsoleErrors, demoEndedQuiz, demoLogin } from './support/results';

// The result poster: its download, and what a learner sees when it fails.

/** The demo learner, logged in once per run. */
const loginAsDemo = demoLogin();

test.describe('results', () => {
  test('the poster downloads as a PNG of the template size, with the picture in its circle and the name', async ({
    page,
  }, testInfo) => {
    const problems = collectConsoleErrors(page);
    const session = await loginAsDemo(page.request);
    const auth = { authorization: `Bearer ${session.accessToken}` };
    const quiz = await demoEndedQuiz(page.request, session);
    // A solid green, non-square picture: the circle must show it, cover-cropped.
    const green = { r: 0, g: 176, b: 80 };
    const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: green } })
      .png()
      .toBuffer();
    const profile = {
      name: String(session.user.name),
      place: String(session.user.place),
      school: String(session.user.school ?? ''),
      class: String(session.user.class),
    };
    const updated = await page.request.put('/api/students/update-profile', {
      headers: auth,
      multipart: { ...profile, profilePicture: { name: 'me.png', mimeType: 'image/png', buffer: picture } },
    });
    expect(updated.ok(), await updated.text()).toBe(true);
    const user = ((await updated.json()) as { data: Session['user'] }).data;
    expect(user.profilePicUrl).toBeTruthy();

    try {
      await signIn(page, { accessToken: session.accessToken, user });
      await page.goto(`/quizzes/summary/${quiz._id}`);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download poster' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('quiz-poster.png');
      const file = testInfo.outputPath('quiz-poster.png');
      await download.saveAs(file);
      await expect(page.getByText('Poster downloaded')).toBeVisible();

      const templateRes = await page.request.get('/api/assets/poster-template');
      const template = sharp(await templateRes.body());
      const poster = sharp(await readFile(file));
      const [templateMeta, posterMeta] = await Promise.all([template.metadata(), poster.metadata()]);
      expect(posterMeta.format).toBe('png');
      expect([posterMeta.width, posterMeta.height]).toEqual([templateMeta.width, templateMeta.height]);
      const width = posterMeta.width!;
      const templatePixels = await template.removeAlpha().raw().toBuffer();
      const posterPixels = await poster.removeAlpha().raw().toBuffer();
      const pixel = (buf: Buffer, x: number, y: number) => {
        const i = (y * width + x) * 3;
        return [buf[i]!, buf[i + 1]!, buf[i + 2]!];
      };
      const near = (p: number[], q: number[], tolerance: number) =>
        p.every((v, k) => Math.abs(v - q[k]!) <= tolerance);
      const isGreen = (x: number, y: number) =>
        near(pixel(posterPixels, x, y), [green.r, green.g, green.b], 16);

      // The 660 px circle at (280, 380) holds the picture, edge to edge; just outside it, the template.
      const r = 330;
      const cx = 280 + r;
      const cy = 380 + r;
      for (const [dx, dy] of [
        [0, 0],
        [0, -(r - 8)],
        [-(r - 8), 0],
        [r - 8, 0],
        [0, r - 8],
        [200, 200],
      ]) {
        expect(isGreen(cx + dx!, cy + dy!), `picture pixel at ${cx + dx!},${cy + dy!}`).toBe(true);
      }
      for (const [x, y] of [
        [280 + 10, 380 + 10], // inside the square, outside the circle
        [cx, cy - r - 30],
        [20, 20],
        [cx, 1600],
      ]) {
        expect(isGreen(x!, y!), `pixel at ${x},${y}`).toBe(false);
        expect(
          near(pixel(posterPixels, x!, y!), pixel(templatePixels, x!, y!), 24),
          `template at ${x},${y}`,
        ).toBe(true);
      }
      // The name in white on its line, 100 px below the circle (the template has no white there).
      const baseline = 380 + 660 + 100;
      let whiteInPoster = 0;
      let whiteInTemplate = 0;
      const isWhite = (p: number[]) => p.every((v) => v > 235);
      for (let y = baseline - 45; y <= baseline; y += 2) {
        for (let x = 200; x < width - 200; x += 2) {
          if (isWhite(pixel(posterPixels, x, y))) whiteInPoster += 1;
          if (isWhite(pixel(templatePixels, x, y))) whiteInTemplate += 1;
        }
      }
      expect(whiteInTemplate).toBe(0);
      expect(whiteInPoster).toBeGreaterThan(300);
      expect(problems).toEqual([]);
    } finally {
      const restored = await page.request.put('/api/students/update-profile', {
        headers: auth,
        multipart: { ...profile, removeProfilePicture: 'true' },
      });
      expect(restored.ok()).toBe(true);
    }
  });

  test('a poster failure shows the error box, and Dismiss closes it', async ({ page, pageProblems }) => {
    pageProblems.allow(
      /status of 404 .*\/api\/assets\/poster-template\]$/,
      'the poster template is missing on purpose',
    );
    const session = await loginAsDemo(page.request);
    const quiz = await demoEndedQuiz(page.request, session);
    await page.route('**/api/assets/poster-template', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 404, message: 'Not Found', error: 'Not Found' }),
      }),
    );
    await signIn(page, session);
    await page.goto(`/quizzes/summary/${quiz._id}`);
    await page.getByRole('button', { name: 'Download poster' }).click();
    const alert = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Error' }) });
    await expect(alert).toContainText('File not found in storage');
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await expect(alert).toHaveCount(0);
  });
});

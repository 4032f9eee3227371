import { expect, test, type Page } from './support/fixtures';
import { signIn } from './support/session';
import { lastSpoken, recordingSpeech } from './support/speech';
import { cleanUp, dueNow, learnerWithAMistake, WRONG_PICK } from './support/review';

// This spec is about the service worker, which the config blocks for the rest of the suite.
test.use({ serviceWorkers: 'allow' });

// Reviewing with no network: reviews wait on the device and sync; a question's recording still plays.
/** One second of silence as MPEG-1 Layer III frames (128 kbps, 44.1 kHz): a real, playable MP3. */
function silentMp3(): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat(Array.from({ length: 40 }, () => frame));
}

/** Records every media element the page plays: its source and what became of it. */
function recordingPlayback() {
  const plays: { src: string; events: string[] }[] = [];
  (window as unknown as { __plays: typeof plays }).__plays = plays;
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    const entry = { src: this.currentSrc || this.src, events: [] as string[] };
    plays.push(entry);
    for (const type of ['playing', 'ended', 'error']) {
      this.addEventListener(type, () => entry.events.push(type));
    }
    const started = play.call(this);
    started.then(
      () => entry.events.push('started'),
      (err: Error) => entry.events.push(`refused: ${err.name}`),
    );
    return started;
  };
}

const playsOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __plays: { src: string; events: string[] }[] }).__plays);

/** The service worker is active (the app shell is precached, so the page reloads with no network). */
async function serviceWorkerReady(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

test.describe('review (spaced repetition)', () => {
  test('a review made offline waits on the device and is sent on reconnect', async ({
    page,
    pageProblems,
    context,
  }) => {
    pageProblems.allow(
      /net::ERR_INTERNET_DISCONNECTED|An unknown error occurred when fetching the script/,
      'the test takes the phone offline',
    );
    test.setTimeout(120_000);
    let made: Awaited<ReturnType<typeof learnerWithAMistake>> | undefined;
    try {
      made = await learnerWithAMistake(page, 'offline');
      await signIn(page, made.learner);
      await page.goto('/review');
      await expect(page.getByText('1 card is due')).toBeVisible();

      await context.setOffline(true);
      await page.getByRole('button', { name: 'Start review' }).click();
      await page.keyboard.press('b');
      await page.keyboard.press('Enter');
      await page.keyboard.press('3');
      await expect(page.getByText('Session complete: 1 card reviewed.')).toBeVisible();
      await expect(
        page.getByText('You are offline: reviewing the cards saved on this device.'),
      ).toBeVisible();
      await expect(page.getByText('1 review waiting to be sent')).toBeVisible();
      expect(await dueNow(page, made.learner)).toBe(1);

      // Back online: the waiting review is sent (once) and the screen says so.
      await context.setOffline(false);
      await expect(page.getByText(/waiting to be sent/)).toHaveCount(0);
      await expect.poll(() => dueNow(page, made!.learner)).toBe(0);
      await expect(page.getByRole('heading', { name: 'Nothing due' })).toBeVisible();
    } finally {
      await context.setOffline(false);
      await cleanUp(page, made?.quizId, made?.adminToken);
    }
  });

  test('a question recording kept on the device plays with no network, and the offline review syncs', async ({
    page,
    pageProblems,
    context,
  }) => {
    pageProblems.allow(
      /net::ERR_INTERNET_DISCONNECTED|An unknown error occurred when fetching the script/,
      'the test takes the phone offline',
    );
    test.setTimeout(120_000);
    await page.addInitScript(recordingSpeech);
    await page.addInitScript(recordingPlayback);
    let made: Awaited<ReturnType<typeof learnerWithAMistake>> | undefined;
    try {
      made = await learnerWithAMistake(page, 'offline audio', { recording: silentMp3() });
      await signIn(page, made.learner);
      await page.goto('/review');
      await expect(page.getByText('1 card is due')).toBeVisible();
      await serviceWorkerReady(page);
      // The deck's recording is stored on the device (Cache Storage), under its own URL.
      await expect
        .poll(() =>
          page.evaluate(async () => {
            const cache = await caches.open('quizcast-review-audio');
            return (await cache.keys()).map((r) => new URL(r.url).pathname);
          }),
        )
        .toEqual([made.audioUrl]);

      // No network from here: the page is reloaded and the card read aloud from the device.
      await context.setOffline(true);
      await page.reload();
      await expect(
        page.getByText('You are offline: reviewing the cards saved on this device.'),
      ).toBeVisible();
      await expect(page.getByText('1 card is due')).toBeVisible();
      const audio = page.getByRole('checkbox', { name: 'Audio mode' });
      await audio.check();
      await page.getByRole('button', { name: 'Start review' }).click();
      await expect(page.getByRole('heading', { name: 'Card 1 of 1' })).toBeVisible();
      await expect
        .poll(() => playsOf(page))
        .toEqual([
          {
            src: expect.stringMatching(/^blob:/),
            events: expect.arrayContaining(['playing', 'started', 'ended']),
          },
        ]);
      // The recording played, so the question was not read by the speech engine instead.
      expect(await lastSpoken(page, 10)).toEqual([]);

      // The learner answers by key (wrongly) and moves on; the review waits on the device.
      const shown = await page.getByRole('group', { name: 'Choices' }).getByRole('button').allTextContents();
      const wrongLetter = String.fromCharCode(
        65 + shown.map((t) => t.replace(/^[A-F]\./, '').trim()).indexOf(WRONG_PICK),
      );
      await page.keyboard.press(wrongLetter.toLowerCase());
      await expect(page.getByRole('status').filter({ hasText: /The answer is/ })).toBeAttached();
      await page.keyboard.press('Enter');
      await expect(page.getByText('Session complete: 1 card reviewed.')).toBeVisible();
      await expect(page.getByText('1 review waiting to be sent')).toBeVisible();
      expect(await dueNow(page, made.learner)).toBe(1);

      // Back online: the review is sent once and the card is rescheduled.
      await context.setOffline(false);
      await expect(page.getByText(/waiting to be sent/)).toHaveCount(0);
      await expect.poll(() => dueNow(page, made!.learner)).toBe(0);
    } finally {
      await context.setOffline(false);
      await cleanUp(page, made?.quizId, made?.adminToken);
    }
  });
});

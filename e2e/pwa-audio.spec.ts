import { expect, test } from './support/fixtures';
import { adminSession, registerViaApi, signIn, type Session } from './support/session';
import { createRecordableQuiz, retireQuiz } from './support/quizzes';
import { recordingSpeech } from './support/speech';

// This spec is about the service worker, which the config blocks for the rest of the suite.
test.use({ serviceWorkers: 'allow' });

/**
 * Issue 17: "caches question audio at run time with range-request support, so playback seeks
 * offline". A learner plays a question's recording once online; with no network, a player that
 * seeks past the middle of it is answered from the service worker's cache, with the range it asked for.
 */

const bearer = (session: Session) => ({ authorization: `Bearer ${session.accessToken}` });

/**
 * A constant-bitrate MP3 of silence: MPEG-1 layer III frames at 128 kbit/s, 44.1 kHz, whose side
 * information and main data are all zero (every decoder plays them as silence). ~38 frames a second.
 */
function silentMp3(seconds: number): Buffer {
  const FRAME_BYTES = 417; // 144 × 128000 / 44100, no padding
  const frame = Buffer.alloc(FRAME_BYTES);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  const frames = Math.ceil((seconds * 44_100) / 1152);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

test.describe('question audio offline (issue 17)', () => {
  let cleanup: (() => Promise<void>) | undefined;
  test.afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });

  test('a recording played once online seeks and plays offline, its ranges served from the cache', async ({
    page,
    request,
  }, testInfo) => {
    const admin = await adminSession(request, testInfo);
    const quiz = await createRecordableQuiz(request, admin, {
      name: `Offline audio ${testInfo.project.name} ${Date.now()}`,
      desc: 'Made for the offline audio test.',
    });
    cleanup = () => retireQuiz(request, admin.accessToken, quiz._id);
    const mp3 = silentMp3(20);
    const upload = await request.post(`/api/quizzes/${quiz._id}/questions/${quiz.questions[0]!._id}/audio`, {
      headers: bearer(admin),
      multipart: { audio: { name: 'question-1.mp3', mimeType: 'audio/mpeg', buffer: mp3 } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const saved = (await (
      await request.get(`/api/quizzes/admin-get-one/${quiz._id}`, { headers: bearer(admin) })
    ).json()) as { questions: { audioUrl: string | null }[] };
    const audioUrl = saved.questions[0]!.audioUrl!;
    expect(audioUrl).toMatch(/^\/api\/files\/audio\/[0-9a-f-]+\.mp3$/);

    // The learner's page is controlled by the service worker (it takes over from the next load).
    await page.addInitScript(recordingSpeech);
    await signIn(page, await registerViaApi(request, { name: 'Offline Listener' }));
    await page.goto('/quizzes');
    await expect(page.getByRole('heading', { level: 1, name: 'Quizzes' })).toBeVisible();
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Quizzes' })).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // Online: Listen plays question 1's recording once.
    await page.goto(`/quizzes/intro/${quiz._id}`);
    await page.getByRole('button', { name: /Start Quiz Now|Resume/ }).click();
    await expect(page.getByRole('heading', { name: 'Question 1 of 2' })).toBeVisible();
    await expect(page.getByText('Recorded audio · the text below is the transcript')).toBeVisible();
    await page.getByRole('button', { name: 'Listen', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeVisible();
    // The whole file is now in the worker's audio cache.
    await expect
      .poll(() =>
        page.evaluate(async (url) => {
          const cached = await (await caches.open('question-audio')).match(url);
          return cached ? (await cached.arrayBuffer()).byteLength : 0;
        }, audioUrl),
      )
      .toBe(mp3.length);
    await page.getByRole('button', { name: 'Stop', exact: true }).click();

    // Offline, every answer for the recording must come from the service worker's cache: the
    // browser's HTTP cache (which the first play went through) is emptied, so nothing else has it.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    const offlineAnswers: { status: number; fromWorker: boolean; range: string | null }[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname !== audioUrl) return;
      offlineAnswers.push({
        status: response.status(),
        fromWorker: response.fromServiceWorker(),
        range: response.headers()['content-range'] ?? null,
      });
    });
    await page.context().setOffline(true);
    try {
      // A byte range past the middle, as a seeking player asks for it: 206 from the cache.
      const half = Math.floor(mp3.length / 2);
      const ranged = await page.evaluate(
        async ({ url, from }) => {
          const res = await fetch(url, { headers: { range: `bytes=${from}-` } });
          return {
            status: res.status,
            contentRange: res.headers.get('content-range'),
            bytes: (await res.arrayBuffer()).byteLength,
          };
        },
        { url: audioUrl, from: half },
      );
      expect(ranged).toEqual({
        status: 206,
        contentRange: `bytes ${half}-${mp3.length - 1}/${mp3.length}`,
        bytes: mp3.length - half,
      });

      // A player with no network: seek past the middle, and it plays on from there.
      const played = await page.evaluate(async (url) => {
        const audio = new Audio();
        audio.muted = true; // no user gesture needed to play
        audio.preload = 'auto';
        audio.src = url;
        await new Promise((resolve, reject) => {
          audio.addEventListener('loadedmetadata', resolve, { once: true });
          audio.addEventListener('error', () => reject(new Error(`audio error ${audio.error?.code}`)), {
            once: true,
          });
        });
        const duration = audio.duration;
        const target = duration * 0.6;
        audio.currentTime = target;
        await new Promise((resolve) => audio.addEventListener('seeked', resolve, { once: true }));
        await audio.play();
        const start = audio.currentTime;
        await new Promise((resolve) => setTimeout(resolve, 1500));
        const end = audio.currentTime;
        audio.pause();
        return { duration, target, start, end, error: audio.error?.code ?? null };
      }, audioUrl);
      expect(played.error).toBeNull();
      expect(played.duration).toBeGreaterThan(19);
      expect(played.start).toBeGreaterThanOrEqual(played.target - 0.5);
      expect(played.end).toBeGreaterThan(played.start + 0.2);
      // What the page saw: byte ranges, answered by the worker.
      console.log('offline answers for the recording:', JSON.stringify(offlineAnswers));
      expect(offlineAnswers.length).toBeGreaterThan(0);
      for (const answer of offlineAnswers) {
        expect(answer).toEqual({
          status: 206,
          fromWorker: true,
          range: expect.stringMatching(/^bytes \d+-\d+\/\d+$/),
        });
      }
    } finally {
      await page.context().setOffline(false);
    }
  });
});

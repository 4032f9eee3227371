import { expect, test, type Page } from './support/fixtures';
import { adminSession, registerViaApi, signIn, type Session } from './support/session';
import { expectAccessible } from './support/axe';
import { chromiumLaunchOptions } from './support/chromium';
import { createRecordableQuiz, retireQuiz, type RecordableQuiz } from './support/quizzes';
import { lastSpoken, questionText, recordingSpeech } from './support/speech';

/**
 * Recording a question in the browser. Chromium's fake microphone (a beep) stands in for the real
 * one, and its fake permission prompt accepts: the same Debian Chromium and flags as
 * playwright.config.ts, plus the two media-stream flags.
 */
test.use({
  launchOptions: chromiumLaunchOptions([
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
  ]),
  permissions: ['microphone'],
});

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];

const bearer = (session: Session) => ({ authorization: `Bearer ${session.accessToken}` });

function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  return problems;
}

test.describe('recording a question', () => {
  let cleanup: (() => Promise<void>) | undefined;
  test.afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });

  test('an admin records question 1 with the microphone, previews it and uses it; participants hear it', async ({
    page,
    request,
    browser,
    baseURL,
  }, testInfo) => {
    // The editor (with sections and patterns now) and an axe pass over it, then a participant's attempt.
    test.setTimeout(120_000);
    const problems = collectProblems(page);
    const admin = await adminSession(request, testInfo);
    const quiz = await createRecordableQuiz(request, admin, {
      name: `Recorded ${testInfo.project.name} ${Date.now()}`,
      desc: 'Made for the recording test.',
    });
    cleanup = () => retireQuiz(request, admin.accessToken, quiz._id);
    const questionId = quiz.questions[0]!._id;

    await signIn(page, admin);
    await page.goto(`/quizzes/edit/${quiz._id}`);
    await expect(page.getByRole('heading', { name: 'Edit quiz' })).toBeVisible();
    const first = page.getByRole('group', { name: 'Question 1', exact: true });
    await expect(first.getByText('None: participants hear the question read aloud.')).toBeVisible();

    // Record: the live region says so once; a timer counts while the fake microphone captures real audio.
    await first.getByRole('button', { name: 'Record question 1' }).click();
    const status = first.getByRole('status');
    const stop = first.getByRole('button', { name: 'Stop recording question 1' });
    await expect(stop).toBeFocused();
    await expect(status).toHaveAttribute('aria-live', 'polite');
    // At least a second of real audio (the count goes on, so match 0:01 or any later second).
    await expect(status).toHaveText('Recording…');
    await expect(first.getByRole('timer', { name: 'Recording time' })).toHaveText(/^0:(0[1-9]|[1-5]\d)$/);
    await expectAccessible(page, 'editor recording');
    // Uploading a file waits while the microphone is in use.
    await expect(
      first.getByLabel('Upload the recording of question 1 (mp3, m4a, ogg or webm, up to 5 MB)'),
    ).toBeDisabled();

    // Stop, then the take is previewed before anything is sent.
    await stop.click();
    await expect(status).toContainText(/New recording ready \(\d:\d\d\)/);
    const preview = first.getByLabel('New recording of question 1 (not saved yet)');
    await expect(preview).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => preview.evaluate((el: HTMLAudioElement) => el.readyState)).toBeGreaterThan(0);
    const use = first.getByRole('button', { name: 'Use this recording for question 1' });
    await expect(use).toBeFocused();
    await expectAccessible(page, 'editor recording');

    const uploaded = page.waitForResponse(
      (res) => res.url().endsWith(`/questions/${questionId}/audio`) && res.request().method() === 'POST',
    );
    await use.click();
    expect((await uploaded).status()).toBe(201);
    await expect(page.getByText('Recording attached to question 1')).toBeVisible();
    const player = first.getByLabel('Recording of question 1', { exact: true });
    await expect(player).toHaveAttribute('src', /^\/api\/files\/audio\/[0-9a-f-]+\.webm$/);
    await expect(preview).toHaveCount(0);
    await expect(first.getByRole('button', { name: 'Record question 1' })).toBeFocused();
    await expectAccessible(page, 'editor recording');

    // The admin API lists it, and the stored file is the browser's WebM (EBML header), not empty.
    const adminQuiz = await request.get(`/api/quizzes/admin-get-one/${quiz._id}`, { headers: bearer(admin) });
    const saved = (await adminQuiz.json()) as RecordableQuiz;
    const audioUrl = saved.questions.find((q) => q._id === questionId)?.audioUrl;
    expect(audioUrl).toBe(await player.getAttribute('src'));
    expect(saved.questions.find((q) => q._id !== questionId)?.audioUrl).toBeNull();
    const file = await request.get(audioUrl!);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('audio/webm');
    const bytes = await file.body();
    expect(bytes.length).toBeGreaterThan(EBML_MAGIC.length);
    expect([...bytes.subarray(0, 4)]).toEqual(EBML_MAGIC);

    // A participant's attempt carries the recording for that question.
    const learner = await registerViaApi(request, { name: 'Lata Listener' });
    const attend = await request.get(`/api/quizzes/participant/attend/${quiz._id}`, {
      headers: bearer(learner),
    });
    expect(attend.status(), await attend.text()).toBe(200);
    const attempt = (await attend.json()) as RecordableQuiz;
    expect(attempt.questions.find((q) => q._id === questionId)?.audioUrl).toBe(audioUrl);
    expect(problems).toEqual([]);

    // In the learner's browser, Listen plays the recording instead of speech; the text stays as
    // the transcript. Question 2 has none, so it is read aloud.
    const learnerContext = await browser.newContext({ baseURL });
    try {
      const learnerPage = await learnerContext.newPage();
      await learnerPage.addInitScript(recordingSpeech);
      await signIn(learnerPage, learner);
      await learnerPage.goto(`/quizzes/intro/${quiz._id}`);
      await learnerPage.getByRole('button', { name: /Start Quiz Now|Resume/ }).click();
      await expect(learnerPage.getByRole('heading', { name: 'Question 1 of 2' })).toBeVisible();
      await expect(learnerPage.getByText('Recorded audio · the text below is the transcript')).toBeVisible();
      expect(await questionText(learnerPage)).toBe('Which planet is called the red planet?');
      const fetched = learnerPage.waitForRequest((req) => req.url().endsWith(audioUrl!));
      await learnerPage.getByRole('button', { name: 'Listen', exact: true }).click();
      await fetched;
      await expect(learnerPage.getByRole('button', { name: 'Stop', exact: true })).toBeVisible();
      expect(await lastSpoken(learnerPage, 10)).toEqual([]);

      await learnerPage.getByRole('button', { name: 'Save & Next' }).click();
      await expect(learnerPage.getByRole('heading', { name: 'Question 2 of 2' })).toBeVisible();
      await expect(learnerPage.getByText('Recorded audio · the text below is the transcript')).toHaveCount(0);
      await learnerPage.getByRole('button', { name: 'Listen', exact: true }).click();
      await expect
        .poll(async () => (await lastSpoken(learnerPage, 3)).map((u) => u.text))
        .toEqual(['Which is the largest ocean?', 'Option A: Atlantic', 'Option B: Pacific']);
    } finally {
      await learnerContext.close();
    }
  });
});

import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './support/fixtures';
import { expectAccessible } from './support/axe';
import { adminSession, registerViaApi, signIn, type Session } from './support/session';
import { lastSpoken, recordingSpeech } from './support/speech';
import { advancePastGrace, createQuizViaApi, retireQuiz, serverNow } from './support/quizzes';
import { openMenuOnPhone } from './support/menu';

/** Two questions: every learner here gets the first wrong (picks "Mumbai") and the second right. */
const QUESTIONS = [
  {
    qn: 'Which city is the capital of India?',
    choices: ['New Delhi', 'Mumbai', 'Kolkata', 'None of the above'],
    ansIndex: 0,
    explanation: 'New Delhi has been the capital since 1931.',
    lang: 'en',
  },
  { qn: 'How many days are in a leap year?', choices: ['365', '366'], ansIndex: 1, lang: 'en' },
] as const;
const WRONG_PICK = 'Mumbai';

const auth = (s: Session) => ({ authorization: `Bearer ${s.accessToken}` });

/**
 * An admin's live quiz; the learner takes it through the API (first answer wrong); the server clock
 * moves past the end + grace, the sweeper publishes the results, and the wrong answer becomes a card.
 * The caller resets the clock (in `finally`).
 */
async function learnerWithAMistake(page: Page, label: string, options: { recording?: Buffer } = {}) {
  const admin = await adminSession(page.request, test.info());
  const now = await serverNow(page.request);
  const endAt = now + 10 * 60_000;
  const quiz = await createQuizViaApi<{ _id: string; questions: { _id: string; qn: string }[] }>(
    page.request,
    admin,
    {
      name: `Review drill ${label} ${test.info().project.name} ${now}`,
      desc: 'Two questions for the review journey.',
      exam: 'SSC',
      class: 'Preparing for Competitive exams',
      duration: 5,
      startTimeStamp: new Date(now - 60_000).toISOString(),
      endTimeStamp: new Date(endAt).toISOString(),
      price: 0,
      published: true,
      questions: QUESTIONS,
    },
  );
  let audioUrl: string | null = null;
  if (options.recording) {
    // The admin attaches a recording to the question the learner will get wrong.
    const question = quiz.questions.find((q) => q.qn === QUESTIONS[0].qn)!;
    const uploaded = await page.request.post(`/api/quizzes/${quiz._id}/questions/${question._id}/audio`, {
      headers: auth(admin),
      multipart: { audio: { name: 'question-1.mp3', mimeType: 'audio/mpeg', buffer: options.recording } },
    });
    expect(uploaded.ok(), await uploaded.text()).toBe(true);
    audioUrl = ((await uploaded.json()) as { audioUrl: string }).audioUrl;
  }
  const learner = await registerViaApi(page.request, { name: 'Recall Learner' });
  const attempt = await page.request.get(`/api/quizzes/participant/attend/${quiz._id}`, {
    headers: auth(learner),
  });
  expect(attempt.ok(), await attempt.text()).toBe(true);
  const { questions, startedAt } = (await attempt.json()) as {
    questions: { _id: string; qn: string; choices: string[] }[];
    startedAt: string;
  };
  const submitted = await page.request.post('/api/quizzes/participant/submit', {
    headers: auth(learner),
    data: {
      quizId: quiz._id,
      startedAt,
      answers: questions.map((q) => ({
        qnId: q._id,
        selectedOption: q.qn === QUESTIONS[0].qn ? WRONG_PICK : '366',
      })),
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const moved = await page.request.post('/api/dev/clock', {
    data: { advanceMs: await advancePastGrace(page.request, endAt) },
  });
  expect(moved.ok()).toBe(true);
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/review/queue', { headers: auth(learner) });
      return ((await res.json()) as { counts: { dueNow: number } }).counts.dueNow;
    })
    .toBe(1);
  return { learner, quizId: quiz._id, adminToken: admin.accessToken, audioUrl };
}

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

async function dueNow(page: Page, learner: Session) {
  const res = await page.request.get('/api/review/queue', { headers: auth(learner) });
  return ((await res.json()) as { counts: { dueNow: number } }).counts.dueNow;
}

async function cleanUp(page: Page, quizId?: string, adminToken?: string) {
  await page.request.post('/api/dev/clock', { data: { reset: true } });
  if (quizId && adminToken) await retireQuiz(page.request, adminToken, quizId);
}

test.describe('review (spaced repetition)', () => {
  test('a learner reviews a published mistake by touch', { tag: '@desktop' }, async ({ page }) => {
    test.setTimeout(120_000);
    let made: Awaited<ReturnType<typeof learnerWithAMistake>> | undefined;
    try {
      made = await learnerWithAMistake(page, 'touch');
      await signIn(page, made.learner);
      await page.goto('/quizzes');
      // The sidebar (behind the menu on a phone) shows Review with the count due.
      await openMenuOnPhone(page);
      const reviewLink = page.getByRole('link', { name: /^Review/ });
      await expect(reviewLink).toHaveAccessibleName('Review 1 due');
      await reviewLink.click();

      await expect(page).toHaveURL(/\/review$/);
      await expect(page.getByText('1 card is due')).toBeVisible();
      await expect(page.getByRole('img', { name: /^Cards due: today 1/ })).toBeVisible();
      await expectAccessible(page, 'review summary');
      await page.getByRole('button', { name: 'Start review' }).click();

      await expect(page.getByRole('heading', { name: 'Card 1 of 1' })).toBeVisible();
      await expect(page.getByText(QUESTIONS[0].qn)).toBeVisible();
      const choices = page.getByRole('group', { name: 'Choices' }).getByRole('button');
      await expect(choices).toHaveCount(4);
      await expect(choices.last()).toContainText('None of the above');
      await expectAccessible(page, 'review card');
      await choices.filter({ hasText: 'New Delhi' }).click();
      await expect(choices.filter({ hasText: 'New Delhi' })).toHaveAttribute('aria-pressed', 'true');
      await page.getByRole('button', { name: /Check answer/ }).click();

      await expect(page.getByText('Correct!')).toBeVisible();
      await expect(page.getByText(QUESTIONS[0].explanation)).toBeVisible();
      const grades = page.getByRole('group', { name: 'How well did you remember?' });
      await expect(grades.getByRole('button')).toHaveCount(4);
      await expect(grades.getByRole('button', { name: /^1\. Again 10 min/ })).toBeVisible();
      await expect(grades.getByRole('button', { name: /Suggested/ })).toContainText('Good');
      await expectAccessible(page, 'review revealed');
      await grades.getByRole('button', { name: /^3\. Good/ }).click();

      await expect(page.getByText('Session complete: 1 card reviewed.')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Nothing due' })).toBeVisible();
      await expect(page.getByText(/Your next card is due/)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Review a quiz' })).toBeVisible();
      await expect.poll(() => dueNow(page, made!.learner)).toBe(0);
      await expect(page.getByText(/waiting to be sent/)).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Nothing due' })).toBeVisible();
      await expect(page.locator('dl > div').filter({ hasText: 'Done today' })).toContainText('1');
      await expectAccessible(page, 'review nothing due');

      // From the published review, the learner adds the question they got right; then removes it.
      await page.goto(`/quizzes/summary/${made.quizId}`);
      await page.getByRole('tab', { name: 'Questions' }).click();
      const second = page.getByRole('listitem', { name: 'Question 2' });
      await second.getByRole('button', { name: 'Add to my review' }).click();
      await expect(second.getByText('Added to your review')).toBeVisible();
      await expect.poll(() => dueNow(page, made!.learner)).toBe(1);
      await page.goto('/review');
      await page.getByRole('button', { name: 'Start review' }).click();
      await expect(page.getByText(QUESTIONS[1].qn)).toBeVisible();
      await page.getByRole('button', { name: 'Remove from review' }).click();
      await expect(page.getByText('Session complete: 0 cards reviewed.')).toBeVisible();
      await expect.poll(() => dueNow(page, made!.learner)).toBe(0);
    } finally {
      await cleanUp(page, made?.quizId, made?.adminToken);
    }
  });

  test('the same kind of learner reviews by keyboard in audio mode, hearing everything', async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript(recordingSpeech);
    let made: Awaited<ReturnType<typeof learnerWithAMistake>> | undefined;
    try {
      made = await learnerWithAMistake(page, 'audio');
      await signIn(page, made.learner);
      await page.goto('/review');
      await expect(page.getByText('1 card is due')).toBeVisible();
      const audio = page.getByRole('checkbox', { name: 'Audio mode' });
      await audio.focus();
      await page.keyboard.press('Space');
      await expect(audio).toBeChecked();
      await page.getByRole('button', { name: 'Start review' }).focus();
      await page.keyboard.press('Enter');

      // The card is read: the question, then each choice under the letter it is shown with.
      await expect(page.getByRole('heading', { name: 'Card 1 of 1' })).toBeVisible();
      const shown = await page.getByRole('group', { name: 'Choices' }).getByRole('button').allTextContents();
      const texts = shown.map((t) => t.replace(/^[A-F]\./, '').trim());
      await expect
        .poll(() => lastSpoken(page, 5))
        .toEqual([
          { text: QUESTIONS[0].qn, lang: 'en-IN' },
          ...texts.map((t, i) => ({ text: `Option ${String.fromCharCode(65 + i)}: ${t}`, lang: 'en-IN' })),
        ]);

      // The learner answers by key (wrongly again) and hears the answer, the explanation, the next review.
      const wrongLetter = String.fromCharCode(65 + texts.indexOf(WRONG_PICK));
      const rightLetter = String.fromCharCode(65 + texts.indexOf('New Delhi'));
      await page.keyboard.press(wrongLetter.toLowerCase());
      const feedback = `The answer is ${rightLetter}: New Delhi. ${QUESTIONS[0].explanation} Next review in 10 min. Press Enter for the next card.`;
      await expect.poll(() => lastSpoken(page, 1)).toEqual([{ text: feedback, lang: 'en-IN' }]);
      await expect(page.getByRole('status').filter({ hasText: feedback })).toBeAttached();
      await expectAccessible(page, 'review audio feedback');
      await page.keyboard.press('Enter');
      await expect(page.getByText('Session complete: 1 card reviewed.')).toBeVisible();
      // Graded Again: it comes back in 10 minutes, so nothing is due now.
      await expect.poll(() => dueNow(page, made!.learner)).toBe(0);
    } finally {
      await cleanUp(page, made?.quizId, made?.adminToken);
    }
  });

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

  test('a leech links to its question on the results page, scrolled to its review and explanation', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    let made: Awaited<ReturnType<typeof learnerWithAMistake>> | undefined;
    try {
      made = await learnerWithAMistake(page, 'leech');
      const learner = made.learner;
      const res = await page.request.get('/api/review/queue', { headers: auth(learner) });
      const { cards } = (await res.json()) as { cards: { cardId: string; questionId: string; qn: string }[] };
      const card = cards.find((c) => c.qn === QUESTIONS[0].qn)!;
      // Eight lapses through the API, the server clock moved to each due time: the card becomes a leech.
      const gradeAt = async (rating: number) => {
        const graded = await page.request.post(`/api/review/cards/${card.cardId}/reviews`, {
          headers: auth(learner),
          data: {
            reviewId: randomUUID(),
            rating,
            selectedOption: null,
            reviewedAt: new Date(await serverNow(page.request)).toISOString(),
            durationMs: 4000,
          },
        });
        expect(graded.ok(), await graded.text()).toBe(true);
        const body = (await graded.json()) as { due: string; lapses: number; suspended: boolean };
        const wait = new Date(body.due).getTime() - (await serverNow(page.request)) + 1000;
        if (wait > 0) await page.request.post('/api/dev/clock', { data: { advanceMs: wait } });
        return body;
      };
      let last = await gradeAt(3);
      for (let lapse = 1; lapse <= 8; lapse += 1) {
        last = await gradeAt(1);
        expect(last.lapses).toBe(lapse);
        if (lapse < 8) await gradeAt(3);
      }
      expect(last.suspended).toBe(true);

      await signIn(page, learner);
      await page.goto('/review');
      const leeches = page.getByRole('region', { name: 'Needs a different approach' });
      await leeches.getByRole('link', { name: QUESTIONS[0].qn }).click();
      // The summary's Questions tab, with that question brought into view and focused (its review
      // and explanation), not the top of the summary.
      await expect(page).toHaveURL(new RegExp(`[?&]question=${card.questionId}`));
      await expect(page.getByRole('tab', { name: 'Questions' })).toHaveAttribute('aria-selected', 'true');
      const question = page.getByRole('listitem').filter({ hasText: QUESTIONS[0].qn }).first();
      await expect(question).toBeFocused();
      await expect(question).toBeInViewport();
      await expect(question).toContainText(QUESTIONS[0].explanation);
      await expectAccessible(page, 'results page focused on a leech question');
    } finally {
      await cleanUp(page, made?.quizId, made?.adminToken);
    }
  });

  test('the profile sets the target exam, its date and the review pace', async ({ page, pageProblems }) => {
    pageProblems.allow(
      /status of 400 .*\/api\/review\/settings\]$/,
      'an exam date in the past is refused: part of this test',
    );
    const learner = await registerViaApi(page.request, { name: 'Exam Planner' });
    await signIn(page, learner);
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Review and exam' });
    await expect(section.getByLabel('Desired retention (%)')).toHaveValue('90');
    await expect(section.getByLabel('New cards per day')).toHaveValue('20');
    await expectAccessible(page, 'profile with review settings');

    // Every problem is listed at once.
    await section.getByLabel('Desired retention (%)').fill('99');
    await section.getByLabel('Exam date').fill('2020-01-01');
    await section.getByRole('button', { name: 'Save review settings' }).click();
    const problems = section.getByRole('alert');
    await expect(problems).toContainText('Desired retention must be between 0.80 and 0.97');
    await expect(problems).toContainText('Exam date cannot be in the past');

    const examDay = new Date((await serverNow(page.request)) + 60 * 86_400_000).toISOString().slice(0, 10);
    await section.getByLabel('Target exam').fill('SSC CGL Tier 1');
    await section.getByLabel('Exam date').fill(examDay);
    await section.getByLabel('Desired retention (%)').fill('95');
    await section.getByRole('button', { name: 'Save review settings' }).click();
    await expect(page.getByText('Review settings saved')).toBeVisible();
    const saved = await page.request.get('/api/review/settings', { headers: auth(learner) });
    expect(await saved.json()).toMatchObject({
      examName: 'SSC CGL Tier 1',
      examDate: examDay,
      desiredRetention: 0.95,
    });
    await page.reload();
    await expect(page.getByRole('region', { name: 'Review and exam' }).getByLabel('Exam date')).toHaveValue(
      examDay,
    );
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

import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { adminSession, registerViaApi, signIn, type Session } from './support/session';
import { lastSpoken, recordingSpeech } from './support/speech';
import { createQuizViaApi, retireQuiz, serverNow } from './support/quizzes';
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
async function learnerWithAMistake(page: Page, label: string) {
  const admin = await adminSession(page.request, test.info());
  const now = await serverNow(page.request);
  const endAt = now + 10 * 60_000;
  const quiz = await createQuizViaApi(page.request, admin, {
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
  });
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
  const moved = await page.request.post('/api/dev/clock', { data: { advanceMs: endAt - now + 31_000 } });
  expect(moved.ok()).toBe(true);
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/review/queue', { headers: auth(learner) });
      return ((await res.json()) as { counts: { dueNow: number } }).counts.dueNow;
    })
    .toBe(1);
  return { learner, quizId: quiz._id, adminToken: admin.accessToken };
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
  test('a learner reviews a published mistake by touch', async ({ page }) => {
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

  test('a review made offline waits on the device and is sent on reconnect', async ({ page, context }) => {
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

  test('the profile sets the target exam, its date and the review pace', async ({ page }) => {
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
});

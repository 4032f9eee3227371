import { expect, test, type Page } from './support/fixtures';
import { registerViaApi, signIn, type Session } from './support/session';
import { expectAccessible } from './support/axe';
import { openPalette } from './support/attempt';

/** Live, free demo quizzes (apps/server/src/seed/demo.ts: live for weeks after seeding). */
const POLITY = 'UPSC Prelims: Indian Polity Basics';
const HISTORY = 'UPSC Prelims: Indian History and Culture';
/** Live and paid. */
const GEOGRAPHY = 'UPSC Prelims: Geography and Environment';
const OFFLINE_NOTICE = 'You are offline — answers are saved on this device';

async function newLearner(page: Page): Promise<Session> {
  const session = await registerViaApi(page.request);
  await signIn(page, session);
  return session;
}

/** Opens the intro of a quiz found through the list's search box; returns the quiz id. */
async function openIntro(page: Page, name: string): Promise<string> {
  await page.goto('/quizzes');
  await expect(page.getByRole('heading', { level: 1, name: 'Quizzes' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search quizzes' }).fill(name);
  const row = page.getByTestId('quiz-row').filter({ hasText: name });
  await expect(page.getByTestId('quiz-row')).toHaveCount(1);
  await expect(row.getByText('Not Attended')).toBeVisible();
  await row.getByRole('link', { name: `Start ${name}` }).click();
  await expect(page).toHaveURL(/\/quizzes\/intro\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return page.url().split('/').pop()!;
}

function seconds(countdown: string): number {
  const parts = countdown.split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

test.describe('quizzes for participants', () => {
  test(
    'take a live quiz: answer, reload, go offline and back, submit; the list shows it attended',
    { tag: '@desktop' },
    async ({ page, pageProblems }) => {
      pageProblems.allow(
        /status of 409 .*\/api\/quizzes\/participant\//,
        'the intro of a quiz already attended answers 409: the page shows "Already attended"',
      );
      // An autosave in flight when the phone goes offline fails on the network (when one is in
      // flight depends on timing); the answers stay on the device and go out on reconnect.
      pageProblems.allow(/net::ERR_INTERNET_DISCONNECTED/, 'the test takes the phone offline');
      const session = await newLearner(page);
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.type());
        void dialog.accept();
      });

      const quizId = await openIntro(page, POLITY);
      await expect(page.getByRole('heading', { name: 'Instructions' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Pro tips' })).toBeVisible();
      await expectAccessible(page, 'quizzes', { include: '#main', strict: true });
      await page.getByRole('button', { name: 'Start Quiz Now' }).click();

      await expect(page).toHaveURL(/\/quizzes\/attend$/);
      await expect(page.getByRole('heading', { level: 1, name: POLITY })).toBeVisible();
      const progress = page.getByRole('heading', { name: /^Question \d+ of \d+$/ });
      await expect(progress).toHaveText(/^Question 1 of \d+$/);
      const total = Number((await progress.textContent())!.split(' of ')[1]);
      const countdown = page.getByTestId('countdown');
      await expect(countdown).toHaveText(/^1[45]:\d\d$/);
      // Line breaks in statement questions are kept.
      const statement = page.getByText(/^Consider the following statements:/);
      await expect(statement).toBeVisible();
      expect(await statement.innerText()).toMatch(/statements:\n1\. /);

      const radios = page.getByRole('radio');
      await expect(page.getByText('Not Answered', { exact: true })).toBeVisible();
      await radios.nth(2).check();
      await expect(page.getByText('Answered', { exact: true })).toBeVisible();
      await expectAccessible(page, 'quizzes', { include: '#main', strict: true });
      await page.getByRole('button', { name: 'Save & Next' }).click();
      await expect(progress).toHaveText(`Question 2 of ${total}`);
      await radios.nth(1).check();
      await expect(page.getByText('All answers saved')).toBeVisible();

      // Two minutes pass on the server; a reload keeps the answers, the question and the server's deadline.
      await page.request.post('/api/dev/clock', { data: { advanceMs: 120_000 } });
      await page.reload();
      expect(dialogs).toContain('beforeunload');
      await expect(progress).toHaveText(`Question 2 of ${total}`);
      await expect(radios.nth(1)).toBeChecked();
      await openPalette(page);
      await expect(page.getByRole('button', { name: 'Question 1, Answered', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Question 3, Not Visited' })).toBeVisible();
      const left = seconds((await countdown.textContent())!);
      expect(left).toBeGreaterThan(11 * 60);
      expect(left).toBeLessThanOrEqual(13 * 60);
      await page.getByRole('button', { name: 'Previous' }).click();
      await expect(radios.nth(2)).toBeChecked();

      // Offline: answers stay on the device with a notice, and go out on reconnect.
      await page.context().setOffline(true);
      await openPalette(page);
      await page.getByRole('button', { name: 'Question 3, Not Visited' }).click();
      await expect(progress).toHaveText(`Question 3 of ${total}`);
      await radios.nth(0).check();
      await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible();
      await page.context().setOffline(false);
      await expect(page.getByText(OFFLINE_NOTICE)).toBeHidden();
      await expect(page.getByText('All answers saved')).toBeVisible();
      const saved = await page.request.get(`/api/quizzes/participant/attend/${quizId}`, {
        headers: { authorization: `Bearer ${session.accessToken}` },
      });
      expect(((await saved.json()) as { savedAnswers: unknown[] }).savedAnswers).toHaveLength(3);

      // Submit from the last question, confirming with the unanswered count.
      await openPalette(page);
      await page.getByRole('button', { name: `Question ${total}, Not Visited` }).click();
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Submit quiz?' });
      await expect(confirm).toContainText(`You have ${total - 3} unanswered questions.`);
      await confirm.getByRole('button', { name: 'Submit' }).click();

      await expect(page).toHaveURL(/\/quizzes\/submitted$/);
      await expect(page.getByRole('heading', { name: 'Quiz Submitted Successfully!' })).toBeVisible();
      await expect(page.getByText('Your answers have been recorded successfully.')).toBeVisible();
      // A ranked quiz shows no score on submit (ADR 014): it says when results will be published.
      await expect(page.getByTestId('results-at')).toHaveText(
        /will be published on \d{1,2} [A-Z][a-z]{2}, \d{1,2}:\d{2} (am|pm) IST\.$/,
      );
      await page.getByRole('link', { name: 'Back to Quizzes' }).click();

      await expect(page).toHaveURL(/\/quizzes$/);
      const row = page.getByTestId('quiz-row').filter({ hasText: POLITY });
      await expect(row.getByText('Attended', { exact: true })).toBeVisible();
      await expect(row.getByText('See details after quiz end')).toBeVisible();
      await expect(row.getByRole('link')).toHaveCount(0);

      // One attempt: the intro now says so.
      await page.goto(`/quizzes/participant/${quizId}`);
      await expect(page.getByRole('heading', { name: 'Already attended' })).toBeVisible();
    },
  );

  test('when the deadline passes the attempt is submitted automatically: "Time\'s Up!"', async ({ page }) => {
    await page.clock.install();
    await newLearner(page);
    page.on('dialog', (dialog) => void dialog.accept());
    await openIntro(page, HISTORY);
    await page.getByRole('button', { name: 'Start Quiz Now' }).click();
    await expect(page.getByRole('heading', { level: 1, name: HISTORY })).toBeVisible();
    await page.getByRole('radio').first().check();

    const countdown = page.getByTestId('countdown');
    // 15-minute quiz: the server passes the deadline (still inside the grace), the page's clock follows.
    await page.request.post('/api/dev/clock', { data: { advanceMs: 14 * 60_000 + 20_000 } });
    await page.clock.fastForward('14:20');
    await expect(countdown).toHaveText(/^00:[34]\d$/);
    await expect(page.getByRole('timer', { name: 'Time left' })).toHaveAttribute('data-warning', 'true');
    await page.request.post('/api/dev/clock', { data: { advanceMs: 41_000 } });
    await page.clock.fastForward('00:41');

    await expect(page.getByRole('heading', { name: "Time's Up!" })).toBeVisible();
    await expect(page.getByText('Your answers have been submitted.')).toBeVisible();
    await page.getByRole('button', { name: 'View Results' }).click();
    const overlay = page.getByRole('dialog', { name: 'Your Results' });
    // No score before publication on a ranked quiz (ADR 014): when the results come instead.
    await expect(overlay.getByTestId('results-at')).toHaveText(/will be published on .+ IST\.$/);
    await expect(overlay.getByTestId('score')).toHaveCount(0);
    await overlay.getByRole('button', { name: 'Close' }).last().click();

    await expect(page).toHaveURL(/\/quizzes$/);
    const row = page.getByTestId('quiz-row').filter({ hasText: HISTORY });
    await expect(row.getByText('Attended', { exact: true })).toBeVisible();
  });

  test('Quit asks first, goes back, and the attempt keeps running with its answers', async ({ page }) => {
    await newLearner(page);
    page.on('dialog', (dialog) => void dialog.accept());
    await openIntro(page, 'Class 9-10 Science Quick Check');
    await page.getByRole('button', { name: 'Start Quiz Now' }).click();
    await page.getByRole('radio').nth(1).check();
    await expect(page.getByText('All answers saved')).toBeVisible();

    await page.getByRole('button', { name: 'Quit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Quit the quiz?' });
    await expect(dialog).toContainText('The timer keeps running.');
    await dialog.getByRole('button', { name: 'Keep going' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/quizzes\/attend$/);

    // Leaving through the app's own navigation asks the same question.
    await page.goBack();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Quit' }).click();
    await expect(page).toHaveURL(/\/quizzes\/intro\//);
    await expect(page.getByText('Your attempt is in progress and the timer is running.')).toBeVisible();

    await page.getByRole('button', { name: 'Start Quiz Now' }).click();
    await expect(page.getByRole('radio').nth(1)).toBeChecked();
    await expect(page.getByText('Answered', { exact: true })).toBeVisible();
  });

  test(
    'the list pages as you scroll, filters by exam and search, and a paid quiz offers the unlock',
    { tag: '@desktop' },
    async ({ page }) => {
      const learner = await newLearner(page);
      // Every published quiz: the 16 demo quizzes, plus any another test left live (the list must
      // still page through all of them).
      const listed = await page.request.get('/api/quizzes/participant?page=1&limit=1', {
        headers: { authorization: `Bearer ${learner.accessToken}` },
      });
      expect(listed.status()).toBe(200);
      const { total } = (await listed.json()) as { total: number };
      expect(total).toBeGreaterThanOrEqual(16);
      await page.goto('/quizzes');
      const rows = page.getByTestId('quiz-row');
      await expect(rows).toHaveCount(10);
      // Scrolling to the end loads page after page until every quiz is listed (a 5000 px scroll may
      // load one page or two: there are more than 20 now, with the sectional mock published).
      await expect(async () => {
        await rows.last().scrollIntoViewIfNeeded();
        await page.mouse.wheel(0, 5000);
        await expect(rows).toHaveCount(total, { timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await expectAccessible(page, 'quizzes', { include: '#main', strict: true });
      // Live quizzes first: the first row can be started, the last (ended, not attended) shows "-".
      await expect(rows.first().getByRole('link', { name: /^Start / })).toBeVisible();
      await expect(rows.last().getByText('Time over')).toBeVisible();

      await page.getByRole('button', { name: 'NEET', exact: true }).click();
      await expect(page.getByRole('button', { name: 'NEET', exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(rows).toHaveCount(3);
      for (const text of await rows.allTextContents()) expect(text).toContain('NEET');
      await page.getByRole('button', { name: 'All', exact: true }).click();
      await page.getByRole('searchbox', { name: 'Search quizzes' }).fill('no such quiz anywhere');
      await expect(page.getByText('No quizzes available')).toBeVisible();

      await openIntro(page, GEOGRAPHY);
      await expect(page.getByText('Premium Quiz')).toBeVisible();
      await expect(page.getByRole('button', { name: /Unlock Quiz for ₹10/ })).toBeVisible();
      await expect(page.getByText('+ gst 18%')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Start Quiz Now' })).toHaveCount(0);

      // The attempt screen needs a quiz from navigation state; without one it goes back to the list.
      await page.goto('/quizzes/attend');
      await expect(page).toHaveURL(/\/quizzes$/);
    },
  );
});

import { expect, test, type Page } from './support/fixtures';
import { registerViaApi, signIn } from './support/session';
import { expectAccessible } from './support/axe';
import { lastSpoken, questionText, recordingSpeech } from './support/speech';
import { advancePastGrace, createLiveQuiz, retireQuiz, resetDevClock } from './support/quizzes';

/** A live, free demo quiz (apps/server/src/seed/demo.ts). */
const POLITY = 'UPSC Prelims: Indian Polity Basics';

/** The journey's quiz: four questions (one in Hindi); the learner picks PICKS, so 1 and 2 are right. */
const QUESTIONS = [
  {
    qn: 'Which article of the Constitution abolishes untouchability?',
    choices: ['Article 17', 'Article 21', 'Article 32'],
    ansIndex: 0,
    lang: 'en',
  },
  {
    qn: 'Who appoints the Chief Election Commissioner?',
    choices: ['Prime Minister', 'President', 'Parliament'],
    ansIndex: 1,
    lang: 'en',
  },
  { qn: 'भारत के प्रथम राष्ट्रपति कौन थे?', choices: ['जवाहरलाल नेहरू', 'राजेंद्र प्रसाद'], ansIndex: 1, lang: 'hi' },
  {
    qn: 'How many fundamental duties are listed today?',
    choices: ['10', '11', '12', '9'],
    ansIndex: 1,
    lang: 'en',
  },
] as const;
const PICKS = [0, 1, 0, 0];
const LANG = QUESTIONS.map((q) => (q.lang === 'hi' ? 'hi-IN' : 'en-IN'));

/** What a listener hears for question i: the question, then "Option A: …" for each choice. */
function script(i: number) {
  const q = QUESTIONS[i]!;
  return [q.qn, ...q.choices.map((c, k) => `Option ${String.fromCharCode(65 + k)}: ${c}`)].map((text) => ({
    text,
    lang: LANG[i],
  }));
}

/** The journey's quiz, live now and ending in 10 minutes. */
const createListeningQuiz = (page: Page) =>
  createLiveQuiz(page, test.info(), {
    name: 'Listening drill',
    desc: 'Four questions to take by ear.',
    exam: 'UPSC',
    questions: QUESTIONS,
  });

/** Moves the server's clock past the quiz's end and the submit grace; the sweeper publishes. */
async function moveServerClockPast(page: Page, endAt: number): Promise<Date> {
  const advanceMs = await advancePastGrace(page.request, endAt);
  const moved = await page.request.post('/api/dev/clock', { data: { advanceMs } });
  expect(moved.ok()).toBe(true);
  return new Date(((await moved.json()) as { now: string }).now);
}

/** Press Tab until the focused element has this accessible text (keyboard only, bounded). */
async function tabTo(page: Page, text: string) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement;
      return (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim();
    });
    if (focused === text) return;
  }
  throw new Error(`Could not reach "${text}" with Tab`);
}

test.describe('audio-first', () => {
  test(
    'keyboard-only journey in audio mode: start, hear and answer every question with keys, submit, then the summary',
    { tag: '@desktop' },
    async ({ page }) => {
      // A long journey (every screen, seven axe scans) on a 2-core machine shared with the server.
      test.setTimeout(180_000);
      const quiz = await createListeningQuiz(page);
      const session = await registerViaApi(page.request);
      await page.addInitScript(recordingSpeech);
      await page.clock.install();
      await signIn(page, session);

      try {
        await page.goto('/quizzes');
        await expect(page.getByRole('heading', { level: 1, name: 'Quizzes' })).toBeVisible();
        await expectAccessible(page, 'list');
        await page.getByRole('searchbox', { name: 'Search quizzes' }).focus();
        await page.keyboard.type(quiz.name);
        await expect(page.getByTestId('quiz-row')).toHaveCount(1);
        await tabTo(page, `Start ${quiz.name}`);
        await page.keyboard.press('Enter');
        await expect(page.getByRole('heading', { level: 1, name: quiz.name })).toBeVisible();
        await expectAccessible(page, 'intro');
        await tabTo(page, 'Start Quiz Now');
        await page.keyboard.press('Enter');

        await expect(page).toHaveURL(/\/quizzes\/attend$/);
        const progress = page.getByRole('heading', { name: /^Question \d+ of \d+$/ });
        const total = QUESTIONS.length;
        await expect(progress).toHaveText(`Question 1 of ${total}`);
        await expect(page.getByRole('button', { name: 'Listen', exact: true })).toBeVisible();
        await expectAccessible(page, 'attempt');

        // Turn audio mode on from the keyboard; it is remembered on this device.
        await tabTo(page, 'Audio mode: Off');
        await page.keyboard.press('Enter');
        const toggle = page.getByRole('button', { name: 'Audio mode: On' });
        await expect(toggle).toHaveAttribute('aria-pressed', 'true');
        await expect(page.getByText(/Keys: 1–6 or A–F choose/)).toBeVisible();
        await expect(page.getByRole('group', { name: 'Audio controls' })).toBeVisible();
        expect(await page.evaluate(() => window.localStorage.getItem('QUIZCAST_AUDIO_MODE'))).toBe('1');
        await expectAccessible(page, 'attempt in audio mode');
        // The first question is read aloud at once: the question, then every choice.
        await expect.poll(() => lastSpoken(page, 1 + QUESTIONS[0]!.choices.length)).toEqual(script(0));

        // Arrow keys and N/P move; arriving reads the question (so the learner never has to look).
        await page.keyboard.press('n');
        await expect(progress).toHaveText(`Question 2 of ${total}`);
        await expect.poll(() => lastSpoken(page, 1 + QUESTIONS[1]!.choices.length)).toEqual(script(1));
        await page.keyboard.press('p');
        await expect(progress).toHaveText(`Question 1 of ${total}`);
        await page.keyboard.press('ArrowRight');
        await expect(progress).toHaveText(`Question 2 of ${total}`);
        await page.keyboard.press('ArrowLeft');
        await expect(progress).toHaveText(`Question 1 of ${total}`);

        const status = page.getByRole('status').filter({ hasText: /selected|question|left/ });
        const radios = page.getByRole('radio');
        for (let i = 0; i < total; i++) {
          await expect(progress).toHaveText(`Question ${i + 1} of ${total}`);
          await expect.poll(() => lastSpoken(page, 1 + QUESTIONS[i]!.choices.length)).toEqual(script(i));
          // Alternate between number and letter keys: 2 / B pick the second choice, 1 / A the first.
          const choice = PICKS[i]!;
          const key = i % 4 < 2 ? String(choice + 1) : String.fromCharCode(97 + choice);
          await page.keyboard.press(key);
          await expect(radios.nth(choice)).toBeChecked();
          const confirmation = `Option ${String.fromCharCode(65 + choice)} selected`;
          await expect(status).toHaveText(confirmation);
          await expect.poll(() => lastSpoken(page, 1)).toEqual([{ text: confirmation, lang: LANG[i] }]);
          await expect(page.getByText('Answered', { exact: true })).toBeVisible();
          if (i < total - 1) await page.keyboard.press('n');
        }
        // N on the last question says so instead of leaving it.
        await page.keyboard.press('n');
        await expect(status).toHaveText('This is the last question. Press S to submit.');
        // R replays the question; Space pauses and resumes it.
        await page.keyboard.press('r');
        await expect
          .poll(() => lastSpoken(page, 1 + QUESTIONS[total - 1]!.choices.length))
          .toEqual(script(total - 1));
        await page.keyboard.press(' ');
        const audioControls = page.getByRole('group', { name: 'Audio controls' });
        await expect(audioControls.getByRole('button', { name: 'Resume' })).toBeVisible();
        expect(await page.evaluate(() => window.speechSynthesis.paused)).toBe(true);
        await page.keyboard.press(' ');
        await expect(audioControls.getByRole('button', { name: 'Pause' })).toBeVisible();
        expect(await page.evaluate(() => window.speechSynthesis.paused)).toBe(false);

        // A spoken warning when 5 minutes are left (the quiz lasts 6): move the device clock on.
        await page.clock.fastForward('01:01');
        await expect(status).toHaveText('5 minutes left');
        await expect.poll(() => lastSpoken(page, 1)).toEqual([{ text: '5 minutes left', lang: 'en-IN' }]);

        await page.keyboard.press('s');
        const confirm = page.getByRole('dialog', { name: 'Submit quiz?' });
        await expect(confirm).toContainText('You have answered every question.');
        // Keys do nothing while the dialog is open.
        await page.keyboard.press('a');
        await expect(confirm).toBeVisible();
        await expectAccessible(page, 'submit dialog', { include: '[role="dialog"]' });
        await tabTo(page, 'Submit');
        await page.keyboard.press('Enter');

        await expect(page).toHaveURL(/\/quizzes\/submitted$/);
        await expect(page.getByRole('heading', { name: 'Quiz Submitted Successfully!' })).toBeVisible();
        await expectAccessible(page, 'submitted');

        // The window closes; past end + grace the server publishes the results by itself.
        const serverTime = await moveServerClockPast(page, quiz.endAt);
        await page.clock.setSystemTime(serverTime);

        // Back to the list and on to the summary, still by keyboard.
        await tabTo(page, 'Back to Quizzes');
        await page.keyboard.press('Enter');
        await expect(page.getByRole('heading', { level: 1, name: 'Quizzes' })).toBeVisible();
        await page.getByRole('searchbox', { name: 'Search quizzes' }).focus();
        await page.keyboard.type(quiz.name);
        await expect(page.getByTestId('quiz-row')).toHaveCount(1);
        await tabTo(page, `View Details of ${quiz.name}`);
        await page.keyboard.press('Enter');
        await expect(page.getByRole('heading', { level: 1, name: quiz.name })).toBeVisible();

        // Two right (questions 1 and 2), two wrong: score 2 of 4, first of one participant.
        await expect(page.getByRole('region', { name: 'Score' })).toContainText(`2out of ${total}`);
        await expect(page.getByRole('region', { name: 'Rank' })).toContainText('#1');
        await expect(page.getByRole('region', { name: 'Rank' })).toContainText('out of 1 participant');
        await expectAccessible(page, 'summary');

        // Tabs by keyboard: focus the selected tab, arrow to Questions.
        await tabTo(page, 'Summary');
        await page.keyboard.press('ArrowRight');
        await expect(page.getByRole('tab', { name: 'Questions' })).toHaveAttribute('aria-selected', 'true');
        const reviewed = page.getByRole('listitem', { name: /^Question \d+$/ });
        await expect(reviewed).toHaveCount(total);
        await expect(reviewed.getByText('Correct', { exact: true })).toHaveCount(2);
        await expectAccessible(page, 'summary questions');
        // Listen works in the review too, by keyboard: the first question and its choices are read.
        await tabTo(page, 'Listen');
        await page.keyboard.press('Enter');
        await expect.poll(() => lastSpoken(page, 1 + QUESTIONS[0]!.choices.length)).toEqual(script(0));
        await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeFocused();
        expect(await page.evaluate(() => window.speechSynthesis.speaking)).toBe(true);
        // Leaving the screen silences it.
        await page.goBack();
        await expect(page.getByRole('heading', { level: 1, name: 'Quizzes' })).toBeVisible();
        await expect.poll(() => page.evaluate(() => window.speechSynthesis.speaking)).toBe(false);
      } finally {
        await resetDevClock(page);
        // Out of the lists and off the landing podium for the tests that follow.
        await retireQuiz(page.request, quiz.adminToken, quiz.id);
      }
    },
  );

  test('audio mode with the on-screen controls alone (a phone, no keyboard)', async ({ page }) => {
    const session = await registerViaApi(page.request);
    await page.addInitScript(recordingSpeech);
    await signIn(page, session);
    await page.goto('/quizzes');
    await page.getByRole('searchbox', { name: 'Search quizzes' }).fill(POLITY);
    // The search replaces the list (a loading state while it fetches): wait for the filtered list,
    // or the click lands on a row about to be detached and goes nowhere.
    await expect(page.getByTestId('quiz-row')).toHaveCount(1);
    await page.getByRole('link', { name: `Start ${POLITY}` }).click();
    await page.getByRole('button', { name: 'Start Quiz Now' }).click();
    const progress = page.getByRole('heading', { name: /^Question \d+ of \d+$/ });
    await expect(progress).toHaveText(/^Question 1 of \d+$/);
    const firstQuestion = await questionText(page);

    await page.getByRole('button', { name: 'Audio mode: Off' }).click();
    // Arriving reads the question first.
    await expect.poll(async () => (await lastSpoken(page, 5)).map((u) => u.text)).toContain(firstQuestion);
    // A tap on a choice is confirmed aloud, as a key press is.
    await page.getByRole('radio').nth(1).click();
    await expect(page.getByRole('radio').nth(1)).toBeChecked();
    await expect.poll(() => lastSpoken(page, 1)).toEqual([{ text: 'Option B selected', lang: 'en-IN' }]);
    // Replay and Pause/Resume are buttons too.
    const controls = page.getByRole('group', { name: 'Audio controls' });
    await controls.getByRole('button', { name: 'Replay' }).click();
    await expect.poll(async () => (await lastSpoken(page, 5)).map((u) => u.text)).toContain(firstQuestion);
    await controls.getByRole('button', { name: 'Pause' }).click();
    expect(await page.evaluate(() => window.speechSynthesis.paused)).toBe(true);
    await controls.getByRole('button', { name: 'Resume' }).click();
    expect(await page.evaluate(() => window.speechSynthesis.paused)).toBe(false);
    // Next reads the next question.
    await page.getByRole('button', { name: 'Save & Next' }).click();
    await expect(progress).toHaveText(/^Question 2 of \d+$/);
    const secondQuestion = await questionText(page);
    expect(secondQuestion).not.toBe(firstQuestion);
    await expect.poll(async () => (await lastSpoken(page, 5)).map((u) => u.text)).toContain(secondQuestion);
  });

  test('Listen says plainly when the browser cannot speak', async ({ page }) => {
    const session = await registerViaApi(page.request);
    await signIn(page, session);
    await page.addInitScript(() => {
      // A browser without the Web Speech API.
      delete (window as { speechSynthesis?: unknown }).speechSynthesis;
      delete (window as { SpeechSynthesisUtterance?: unknown }).SpeechSynthesisUtterance;
    });
    await page.goto('/quizzes');
    await page.getByRole('searchbox', { name: 'Search quizzes' }).fill(POLITY);
    // The search replaces the list (a loading state while it fetches): wait for the filtered list,
    // or the click lands on a row about to be detached and goes nowhere.
    await expect(page.getByTestId('quiz-row')).toHaveCount(1);
    await page.getByRole('link', { name: `Start ${POLITY}` }).click();
    await page.getByRole('button', { name: 'Start Quiz Now' }).click();
    await expect(page.getByRole('heading', { name: /^Question 1 of \d+$/ })).toBeVisible();
    await expect(page.getByText('Listening is not supported in this browser')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Listen', exact: true })).toHaveCount(0);
    // Audio mode still answers by keys.
    await page.getByRole('button', { name: 'Audio mode: Off' }).click();
    await page.keyboard.press('c');
    await expect(page.getByRole('radio').nth(2)).toBeChecked();
    await expect(page.getByText('Option C selected')).toBeVisible();
  });

  test('axe: landing, login, register, profile and edit profile have no serious or critical violations', async ({
    page,
  }) => {
    // Five screens, each with a whole axe pass; the profile grew (reminders, shared results), and the
    // five took 60 s once in CI with the machine busy.
    test.setTimeout(120_000);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, 'landing');
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, 'login');
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, 'register');

    const session = await registerViaApi(page.request);
    await signIn(page, session);
    await page.goto('/profile');
    await expect(page.getByText(session.user.name).first()).toBeVisible();
    await expectAccessible(page, 'profile');
    await page.goto('/profile/edit');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, 'edit profile');
  });
});

import { expect, test, type Page } from '@playwright/test';
import { registerViaApi, signIn } from './support/session';
import { expectAccessible } from './support/axe';

/** A live, free demo quiz (apps/server/src/seed/demo.ts). */
const POLITY = 'UPSC Prelims: Indian Polity Basics';

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
  test('keyboard-only journey in audio mode: start, answer every question with keys, submit with S', async ({
    page,
  }) => {
    const session = await registerViaApi(page.request);
    await signIn(page, session);

    await page.goto('/quizzes');
    await expect(page.getByRole('heading', { level: 1, name: 'Quizzes' })).toBeVisible();
    await expectAccessible(page, 'list');
    await page.getByRole('searchbox', { name: 'Search quizzes' }).focus();
    await page.keyboard.type(POLITY);
    await expect(page.getByTestId('quiz-row')).toHaveCount(1);
    await tabTo(page, `Start ${POLITY}`);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: POLITY })).toBeVisible();
    await expectAccessible(page, 'intro');
    await tabTo(page, 'Start Quiz Now');
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/quizzes\/attend$/);
    const progress = page.getByRole('heading', { name: /^Question \d+ of \d+$/ });
    await expect(progress).toHaveText(/^Question 1 of \d+$/);
    const total = Number((await progress.textContent())!.split(' of ')[1]);
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
    // Move focus off the toggle so Space and letters go to audio mode, as after any question change.
    await page.keyboard.press('n');
    await expect(progress).toHaveText(`Question 2 of ${total}`);
    await page.keyboard.press('p');
    await expect(progress).toHaveText(`Question 1 of ${total}`);
    await page.keyboard.press('ArrowRight');
    await expect(progress).toHaveText(`Question 2 of ${total}`);
    await page.keyboard.press('ArrowLeft');
    await expect(progress).toHaveText(`Question 1 of ${total}`);

    const status = page.getByRole('status').filter({ hasText: /selected|question/ });
    const radios = page.getByRole('radio');
    for (let i = 0; i < total; i++) {
      await expect(progress).toHaveText(`Question ${i + 1} of ${total}`);
      // Alternate between number and letter keys: 2 / B pick the second choice, 1 / A the first.
      const choice = i % 2;
      const key = i % 4 < 2 ? String(choice + 1) : String.fromCharCode(97 + choice);
      await page.keyboard.press(key);
      await expect(radios.nth(choice)).toBeChecked();
      await expect(status).toHaveText(`Option ${String.fromCharCode(65 + choice)} selected`);
      await expect(page.getByText('Answered', { exact: true })).toBeVisible();
      if (i < total - 1) await page.keyboard.press('n');
    }
    // N on the last question says so instead of leaving it.
    await page.keyboard.press('n');
    await expect(status).toHaveText('This is the last question. Press S to submit.');
    // Replay and pause never block answering, with or without voices.
    await page.keyboard.press('r');
    await page.keyboard.press(' ');
    await expect(
      page.getByRole('group', { name: 'Audio controls' }).getByRole('button', { name: 'Resume' }),
    ).toBeVisible();
    await page.keyboard.press(' ');
    await expect(
      page.getByRole('group', { name: 'Audio controls' }).getByRole('button', { name: 'Pause' }),
    ).toBeVisible();

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

    // The server recorded the submission with an answer for every question.
    const list = await page.request.get(`/api/quizzes/participant?searchTerm=${encodeURIComponent(POLITY)}`, {
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    const { quizzes } = (await list.json()) as { quizzes: { name: string; attendedDetails?: unknown }[] };
    expect(quizzes.find((q) => q.name === POLITY)?.attendedDetails).toBeTruthy();
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

import { expect, test } from './support/fixtures';
import { expectAccessible } from './support/axe';
import { createQuizViaApi, retireQuiz, serverNow } from './support/quizzes';
import { adminSession, registerViaApi, signIn } from './support/session';

/**
 * Compensatory time and the NTA keypad (issue 26): a learner turns compensatory time on in the
 * profile, sees the extra minutes on the intro, the timer counts down the longer time, and the
 * on-screen keypad enters a numeric answer that the server saves.
 */

const NUMERIC_QN = 'What is 3 ÷ 2? Answer as a decimal.';

test('compensatory time from the profile to the timer, and a numeric answer from the on-screen keypad', async ({
  page,
}, testInfo) => {
  if (testInfo.project.name === 'mobile') await page.setViewportSize({ width: 360, height: 780 });
  const admin = await adminSession(page.request, testInfo);
  const now = await serverNow(page.request);
  const name = `Compensatory time ${testInfo.project.name} ${now}`;
  const created = await createQuizViaApi(page.request, admin, {
    name,
    desc: 'Rehearse at the pace of the real exam.',
    exam: 'JEE',
    class: 'Preparing for Competitive exams',
    duration: 6,
    startTimeStamp: new Date(now - 60_000).toISOString(),
    endTimeStamp: new Date(now + 30 * 60_000).toISOString(),
    price: 0,
    published: true,
    questions: [{ qn: NUMERIC_QN, type: 'numeric', numericAnswer: '1.5', tolerance: null }],
  });
  const learner = await registerViaApi(page.request);
  const auth = { authorization: `Bearer ${learner.accessToken}` };
  const saved = async () => {
    const res = await page.request.get(`/api/quizzes/participant/attend/${created._id}`, { headers: auth });
    const body = (await res.json()) as { savedAnswers: { selectedOption: string | null }[] };
    return body.savedAnswers[0]?.selectedOption ?? null;
  };

  try {
    await signIn(page, learner);
    await page.goto('/profile');
    const toggle = page.getByRole('checkbox', {
      name: 'Rehearse with compensatory time (20 minutes per hour)',
    });
    await expect(toggle).not.toBeChecked();
    await toggle.check();
    await expect(page.getByText('Compensatory time saved')).toBeVisible();
    await expectAccessible(page, 'profile with the compensatory-time switch');

    await page.goto(`/quizzes/intro/${created._id}`);
    await expect(
      page.getByText('You have 2 extra minutes: 8 minutes in all, until the quiz closes.'),
    ).toBeVisible();
    page.on('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Start Quiz Now' }).click();
    // 6 minutes × 4/3: the countdown starts from 8 minutes, not 6.
    await expect(page.getByRole('timer', { name: 'Time left' })).toHaveText(/^(08:00|07:[0-5]\d)$/);

    const keypad = page.getByRole('group', { name: 'On-screen keypad' });
    for (const key of ['1', 'Decimal point', '5'])
      await keypad.getByRole('button', { name: key, exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Your answer (a number)' })).toHaveValue('1.5');
    await expect.poll(saved).toBe('1.5');
  } finally {
    await retireQuiz(page.request, admin.accessToken, created._id);
  }
});

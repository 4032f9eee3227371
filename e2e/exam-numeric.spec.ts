import { expect, test } from './support/fixtures';
import { expectAccessible } from './support/axe';
import { advancePastGrace, createQuizViaApi, retireQuiz, serverNow, resetDevClock } from './support/quizzes';
import { adminSession, registerViaApi, signIn } from './support/session';

/** Numeric-answer questions (issue 12): the keypad answer box, refusal, resume, and the scored review. */

const NUMERIC_QN = 'Evaluate the integral of (x^2 + 1) dx from x = 0 to x = 1, to two decimal places.';

test('a learner types a numeric answer on the keypad box; a bad value is refused; it survives a reload and is scored after publication', async ({
  page,
}, testInfo) => {
  // The phone run at 360 px wide (the narrowest phones the app supports).
  if (testInfo.project.name === 'mobile') await page.setViewportSize({ width: 360, height: 780 });
  const admin = await adminSession(page.request, testInfo);
  const now = await serverNow(page.request);
  const name = `Numeric answers ${testInfo.project.name} ${now}`;
  const created = await createQuizViaApi(page.request, admin, {
    name,
    desc: 'JEE Main numerical-value practice.',
    exam: 'JEE',
    class: 'Preparing for Competitive exams',
    duration: 5,
    startTimeStamp: new Date(now - 60_000).toISOString(),
    endTimeStamp: new Date(now + 10 * 60_000).toISOString(),
    price: 0,
    published: true,
    markingScheme: { correct: 4, wrong: 1 },
    questions: [
      {
        qn: NUMERIC_QN,
        type: 'numeric',
        numericAnswer: '1.33',
        tolerance: '0.01',
        explanation: '4/3 = 1.33.',
      },
      { qn: 'What is 2 + 2?', choices: ['3', '4', '5', '6'], ansIndex: 1 },
    ],
  });
  const learner = await registerViaApi(page.request);
  const auth = { authorization: `Bearer ${learner.accessToken}` };
  const saved = async () => {
    const res = await page.request.get(`/api/quizzes/participant/attend/${created._id}`, { headers: auth });
    const body = (await res.json()) as {
      questions: { _id: string; qn: string }[];
      savedAnswers: { qnId: string; selectedOption: string | null }[];
    };
    const id = body.questions.find((q) => q.qn === NUMERIC_QN)!._id;
    return body.savedAnswers.find((a) => a.qnId === id)?.selectedOption ?? null;
  };

  try {
    await signIn(page, learner);
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`/quizzes/intro/${created._id}`);
    await page.getByRole('button', { name: 'Start Quiz Now' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Question 1 of 2' })).toBeVisible();

    const box = page.getByRole('textbox', { name: 'Your answer (a number)' });
    await expect(box).toBeVisible();
    // The phone's decimal keypad, not type=number (which silently drops what it cannot read).
    await expect(box).toHaveAttribute('inputmode', 'decimal');
    await expect(box).toHaveAttribute('type', 'text');
    await expect(page.getByRole('radio')).toHaveCount(0);
    await expectAccessible(page, 'attempt screen with a numeric question');

    // Not a number: a plain message next to the field, and nothing is saved.
    await box.fill('1.3.3');
    const message = page.getByRole('alert').filter({ hasText: 'Enter a number, like 12 or -3.5' });
    await expect(message).toBeVisible();
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    const question = page.getByRole('region', { name: NUMERIC_QN });
    await expect(question.getByText('Not Answered', { exact: true })).toBeVisible();
    expect(await saved()).toBeNull();
    await expectAccessible(page, 'attempt screen with the not-a-number message');

    // A number: the message goes, the question is Answered, and the server holds its canonical text.
    await box.fill('1.330');
    await expect(message).toBeHidden();
    await expect(question.getByText('Answered', { exact: true })).toBeVisible();
    await expect.poll(saved).toBe('1.33');

    // A reload resumes the answer.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Question 1 of 2' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Your answer (a number)' })).toHaveValue('1.33');

    await page.getByRole('button', { name: 'Save & Next' }).click();
    await expect(page.getByRole('heading', { name: 'Question 2 of 2' })).toBeVisible();
    await page.getByRole('radio', { name: '4', exact: true }).check();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByRole('dialog', { name: 'Submit quiz?' }).getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: 'Quiz Submitted Successfully!' })).toBeVisible();

    // The window closes; past end + grace the sweeper publishes the results (the dev clock runs it once).
    const advanceMs = await advancePastGrace(page.request, now + 10 * 60_000);
    const moved = await page.request.post('/api/dev/clock', { data: { advanceMs } });
    expect(moved.ok()).toBe(true);
    await page.clock.setSystemTime(new Date(((await moved.json()) as { now: string }).now));

    await page.goto(`/quizzes/summary/${created._id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Score' })).toContainText('8');
    await page.getByRole('tab', { name: 'Questions' }).click();
    const item = page.getByRole('listitem', { name: 'Question 1' });
    await expect(item.getByText('Correct', { exact: true })).toBeVisible();
    await expect(item.locator('[data-your-answer]')).toHaveText('1.33');
    await expect(item.locator('[data-correct-answer]')).toHaveText('1.33 ± 0.01');
  } finally {
    await resetDevClock(page);
    await retireQuiz(page.request, admin.accessToken, created._id);
  }
});

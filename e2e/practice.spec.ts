import { expect, test } from './support/fixtures';
import { expectAccessible } from './support/axe';
import { registerViaApi, signIn } from './support/session';
import { advancePastGrace, createLiveQuiz, retireQuiz, resetDevClock } from './support/quizzes';

/**
 * Practice (issue 27) at 360 px: a published quiz found in Practice by its topic, taken untimed
 * with instant feedback; the feedback (right answer and explanation) shows after the answer.
 */
test('finds a published quiz in Practice and practises it with instant feedback', async ({ page }) => {
  const topic = `Practice topic ${Date.now()}`;
  const quiz = await createLiveQuiz(page, test.info(), {
    name: 'Practice walk',
    desc: 'One question to practise.',
    exam: 'SSC',
    questions: [
      {
        qn: 'Which river is the longest in India?',
        choices: ['Ganga', 'Yamuna', 'Godavari'],
        ansIndex: 0,
        explanation: 'The Ganga flows about 2,525 km.',
        topic,
      },
    ],
  });
  try {
    const moved = await page.request.post('/api/dev/clock', {
      data: { advanceMs: await advancePastGrace(page.request, quiz.endAt) },
    });
    expect(moved.ok()).toBe(true);
    const learner = await registerViaApi(page.request, { name: 'Practice Learner' });
    const auth = { authorization: `Bearer ${learner.accessToken}` };
    // Publication is the sweeper's: wait until the quiz can be practised.
    await expect
      .poll(async () => {
        const res = await page.request.get(`/api/practice/quizzes?topic=${encodeURIComponent(topic)}`, {
          headers: auth,
        });
        return ((await res.json()) as { quizzes: unknown[] }).quizzes.length;
      })
      .toBe(1);

    await signIn(page, learner);
    await page.goto('/practice');
    await expect(page.getByRole('heading', { level: 1, name: 'Practice' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Topic', exact: true }).fill(topic);
    await expect(page.getByLabel('Show the answer after each question')).toBeChecked();
    await expect(page.getByLabel("Timed (the quiz's own clock)")).not.toBeChecked();
    await expectAccessible(page, 'practice');
    await page.getByRole('button', { name: `Practise ${quiz.name}` }).click();

    await expect(page.getByRole('heading', { name: 'Which river is the longest in India?' })).toBeVisible();
    await expect(page.getByText('Untimed')).toBeVisible();
    await page.getByLabel('Yamuna').check();
    const feedback = page.getByTestId('practice-feedback');
    await expect(feedback).toContainText('Not quite. The answer is: Ganga');
    await expect(feedback).toContainText('The Ganga flows about 2,525 km.');
    await expect(page.getByLabel('Ganga')).toBeDisabled();
    await expectAccessible(page, 'practice run');
  } finally {
    await resetDevClock(page);
    await retireQuiz(page.request, quiz.adminToken, quiz.id);
  }
});

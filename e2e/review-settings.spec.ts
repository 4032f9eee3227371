import { expect, test } from './support/fixtures';
import { expectAccessible } from './support/axe';
import { registerViaApi, signIn } from './support/session';
import { serverNow } from './support/quizzes';
import { auth } from './support/review';

// The learner's review settings on the profile: target exam, its date and the review pace.
test.describe('review (spaced repetition)', () => {
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
});

import { expect, test } from './support/fixtures';
import { signIn } from './support/session';
import { expectAccessible } from './support/axe';
import {
  collectConsoleErrors,
  demoEndedQuiz,
  demoLogin,
  latestResult,
  mmss,
  openSummaryFromList,
  type Summary,
} from './support/results';

// Reading published results: the landing podium, the summary's tabs, and a summary that fails to load.

/** The demo learner, logged in once per run. */
const loginAsDemo = demoLogin();

test.describe('results', () => {
  test(
    'the landing podium shows the latest quiz and three cards, each with its own percentage',
    { tag: '@desktop' },
    async ({ page }) => {
      const problems = collectConsoleErrors(page);
      const latest = await latestResult(page.request);
      // On a fresh server this is the demo's ended quiz (24 participants); other browser tests that move
      // the server clock may have published another one since, so the expectations come from the API.
      expect(latest.quiz).not.toBeNull();
      expect(latest.results.length).toBeGreaterThan(0);
      const quiz = latest.quiz!;

      await page.goto('/');
      const section = page.getByRole('region', { name: quiz.name });
      await expect(section.getByText('Latest Result')).toBeVisible();
      await expect(section.getByText(quiz.class, { exact: true })).toBeVisible();
      // "Top participant" / "Top 3 participants": the label is an ICU plural (issue 18).
      const cards = section.getByRole('list', { name: /^Top (\d+ )?participants?$/ }).getByRole('listitem');
      await expect(cards).toHaveCount(Math.min(3, latest.results.length));

      const medals = ['Gold', 'Silver', 'Bronze'];
      const shown: string[] = [];
      for (const [i, entry] of latest.results.entries()) {
        const card = cards.nth(i);
        await expect(card.getByText(medals[i]!, { exact: true })).toBeVisible();
        await expect(card.getByRole('heading', { name: entry.userId.name })).toBeVisible();
        const percent = `${Math.floor((entry.score / quiz.maxScore) * 100)}%`;
        await expect(card.getByTestId('podium-percent')).toHaveText(percent);
        await expect(card.getByText(`${entry.score}/${quiz.maxScore}`)).toBeVisible();
        await expect(card.getByText(mmss(entry.elapsedTime), { exact: true })).toBeVisible();
        shown.push(percent);
      }
      // Each card its own percentage (one shared percentage on every card was the original's defect):
      // the cards show exactly the set of percentages of their own scores.
      const percentOf = (score: number) => `${Math.floor((score / quiz.maxScore) * 100)}%`;
      expect(new Set(shown)).toEqual(new Set(latest.results.map((r) => percentOf(r.score))));
      expect(problems).toEqual([]);
    },
  );

  test(
    'the demo participant sees the right numbers in every tab of the summary',
    { tag: '@desktop' },
    async ({ page }) => {
      const problems = collectConsoleErrors(page);
      const session = await loginAsDemo(page.request);
      const quiz = await demoEndedQuiz(page.request, session);
      const res = await page.request.get(`/api/quizzes/participant/quiz-summary/${quiz._id}`, {
        headers: { authorization: `Bearer ${session.accessToken}` },
      });
      expect(res.ok()).toBe(true);
      const expected = ((await res.json()) as { data: Summary }).data;
      const total = expected.quizDetails.questions.length;
      const correct = expected.quizzSummary.answers.filter((a) => a.isCorrect).length;
      const minutes =
        Math.round(
          (new Date(expected.quizzSummary.submittedAt).getTime() -
            new Date(expected.quizzSummary.startedAt).getTime()) /
            6000,
        ) / 10;

      // From the list: the attended, ended quiz's row offers View Details.
      await signIn(page, session);
      await openSummaryFromList(page, quiz.name);
      await expect(page).toHaveURL(`/quizzes/summary/${quiz._id}`);
      const details = page.getByRole('list', { name: 'Quiz details' });
      await expect(details).toContainText(`Duration: ${expected.quizDetails.duration} mins`);
      await expect(details).toContainText(`Time taken: ${minutes.toFixed(1)} mins`);
      await expect(details).toContainText(`Class: ${expected.quizDetails.class}`);

      await expectAccessible(page, 'summary');
      // Summary tab.
      const rank = page.getByRole('region', { name: 'Rank' });
      await expect(rank).toContainText(`#${expected.rank}`);
      await expect(rank).toContainText(`out of ${expected.totalParticipants} participants`);
      const tier =
        expected.rank === 1 ? 'gold' : expected.rank <= 3 ? 'amber' : expected.rank <= 10 ? 'purple' : 'blue';
      await expect(rank).toHaveAttribute('data-tier', tier);
      await expect(page.getByRole('region', { name: 'Score' })).toContainText(
        `${expected.quizzSummary.score}out of ${total}`,
      );
      await expect(page.getByRole('region', { name: 'Correct Answers' })).toContainText(
        `${correct}/${total}${Math.round((correct / total) * 100)}% accuracy`,
      );
      await expect(page.getByRole('region', { name: 'Time Taken' })).toContainText(
        `${minutes.toFixed(1)} minsof ${expected.quizDetails.duration} mins`,
      );
      await expect(page.getByRole('region', { name: 'Percentile' })).toContainText(
        String(expected.percentile),
      );

      // Questions tab: verdicts, and for a wrong answer what was chosen and what was right.
      await page.getByRole('tab', { name: 'Questions' }).click();
      const items = page.getByRole('listitem', { name: /^Question \d+$/ });
      await expect(items).toHaveCount(total);
      // Every question can be listened to.
      await expect(items.getByRole('button', { name: 'Listen', exact: true })).toHaveCount(total);
      await expectAccessible(page, 'questions');
      await expect(items.getByText('Correct', { exact: true })).toHaveCount(correct);
      await expect(items.getByText('Incorrect', { exact: true })).toHaveCount(total - correct);
      // The seeded demo learner sits mid-table, so they answered at least one question wrong.
      const wrongIndex = expected.quizzSummary.answers.findIndex((a) => !a.isCorrect);
      expect(wrongIndex, 'the demo learner has a wrong answer to review').toBeGreaterThanOrEqual(0);
      const question = expected.quizDetails.questions[wrongIndex]!;
      const answer = expected.quizzSummary.answers[wrongIndex]!;
      const item = items.nth(wrongIndex);
      await expect(item.locator('dd').first()).toHaveText(answer.selectedOption ?? 'Not answered');
      await expect(item.locator('dd').nth(1)).toHaveText(question.choices[question.ansIndex]!);
      await expect(item.locator('[data-correct]')).toContainText(question.choices[question.ansIndex]!);

      // Leaderboard tab: the participant's own row is marked.
      await page.getByRole('tab', { name: 'Leaderboard' }).click();
      await expect(page.getByRole('table', { name: 'Leaderboard' })).toBeVisible();
      await expectAccessible(page, 'leaderboard');
      const me = page.locator('tr[aria-current="true"]');
      // Mid-table: the demo learner's row is on the first page of the leaderboard.
      expect(expected.rank).toBeLessThanOrEqual(20);
      await expect(me).toContainText(`#${expected.rank}`);
      // Nothing overflows sideways on a phone.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      expect(problems).toEqual([]);
    },
  );

  test('a summary that cannot load shows the error toast, the failure screen and Retry', async ({
    page,
    pageProblems,
  }) => {
    pageProblems.allow(
      /status of 404 .*\/api\/quizzes\/participant\/quiz-summary\//,
      'a quiz the learner did not attend: the failure this test shows',
    );
    const session = await loginAsDemo(page.request);
    await signIn(page, session);
    // A quiz the demo learner did not attend.
    await page.goto('/quizzes/summary/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Failed to load quiz summary' })).toBeVisible();
    await expect(page.getByText("We couldn't retrieve your quiz results. Please try again.")).toBeVisible();
    const toast = page.locator('[data-sonner-toaster][data-y-position="top"][data-x-position="right"]');
    await expect(toast.getByText('Quiz not found')).toBeVisible();
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Failed to load quiz summary' })).toBeVisible();
  });
});

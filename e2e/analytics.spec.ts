import { expect, test, type Page } from './support/fixtures';
import { expectAccessible } from './support/axe';
import { advancePastGrace, createLiveQuiz, retireQuiz, resetDevClock } from './support/quizzes';
import { loginViaApi, registerViaApi, signIn, type Session } from './support/session';
import { openMenuOnPhone } from './support/menu';

/** Issue 14: the progress page, the Analysis tab, item analysis and answer-key correction. */

const DEMO_PHONE = '9876543210';
const auth = (s: Session) => ({ authorization: `Bearer ${s.accessToken}` });

interface Progress {
  trend: { quizId: string; name: string; scorePercent: number }[];
  byTopic: { label: string; questions: number; accuracy: number }[];
}

/** Every chart is a named image with a data table beside it (ADR 017). */
async function expectChartsWithTables(page: Page) {
  const figures = page.locator('figure');
  const count = await figures.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const figure = figures.nth(i);
    const img = figure.getByRole('img');
    await expect(img).toHaveAccessibleName(/.+/);
    await expect(figure.getByRole('table')).toBeVisible();
    expect(await figure.getByRole('table').getByRole('row').count()).toBeGreaterThan(1);
  }
}

test.describe('performance analytics', () => {
  test(
    "the demo learner's progress page shows the trend and the weakest topic, each chart with its table",
    { tag: '@desktop' },
    async ({ page }) => {
      const demo = await loginViaApi(page.request, DEMO_PHONE);
      const api = await page.request.get('/api/analytics/me', { headers: auth(demo) });
      expect(api.ok()).toBe(true);
      const progress = (await api.json()) as Progress;
      expect(progress.trend.length).toBeGreaterThanOrEqual(2);

      await signIn(page, demo);
      await page.goto('/quizzes');
      await openMenuOnPhone(page);
      await page.getByRole('link', { name: 'Progress' }).click();
      await expect(page.getByRole('heading', { name: 'Your progress' })).toBeVisible();

      const trend = page.getByRole('figure', { name: 'Score and percentile over time' });
      await expect(trend.getByRole('img', { name: 'Score and percentile over time' })).toBeVisible();
      for (const point of progress.trend) {
        await expect(trend.getByRole('row').filter({ hasText: point.name })).toContainText(
          `${point.scorePercent}%`,
        );
      }
      const weakest = progress.byTopic[0]!;
      await expect(
        page.getByRole('figure', { name: 'Accuracy by topic in contest attempts (weakest first)' }),
      ).toContainText(
        `Weakest: ${weakest.label}, ${weakest.accuracy}% of ${weakest.questions} questions right.`,
      );
      await expectChartsWithTables(page);
      await expectAccessible(page, 'progress');

      // At a desktop width (on either project) the sidebar's column runs the whole length of this long
      // page (issue 30, defect 14: its background ended at the first screen's height).
      await page.setViewportSize({ width: 1280, height: 720 });
      await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible();
      const { pageHeight, sidebarBottom } = await page.evaluate(() => ({
        pageHeight: document.documentElement.scrollHeight,
        sidebarBottom: document.querySelector('aside')!.getBoundingClientRect().bottom + window.scrollY,
      }));
      expect(pageHeight).toBeGreaterThan(720);
      expect(sidebarBottom).toBeGreaterThanOrEqual(pageHeight - 1);
    },
  );

  test('a new learner sees what to do first', async ({ page }) => {
    const fresh = await registerViaApi(page.request, { name: 'New Learner' });
    await signIn(page, fresh);
    await page.goto('/progress');
    await expect(page.getByRole('heading', { name: 'No results yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Find a quiz to take' })).toBeVisible();
    await expectAccessible(page, 'progress (empty)');
  });

  test(
    'the Analysis tab: marks by topic, time against the top 10%, the advisor; share right per question',
    { tag: '@desktop' },
    async ({ page }) => {
      const demo = await loginViaApi(page.request, DEMO_PHONE);
      const progress = (await (
        await page.request.get('/api/analytics/me', { headers: auth(demo) })
      ).json()) as Progress;
      const quizId = progress.trend[progress.trend.length - 1]!.quizId;
      const analysis = (await (
        await page.request.get(`/api/analytics/quizzes/${quizId}`, { headers: auth(demo) })
      ).json()) as { questions: { percentCorrect: number }[]; advisor: { marksLostToWrong: number } };

      await signIn(page, demo);
      await page.goto(`/quizzes/summary/${quizId}`);
      await page.getByRole('tab', { name: 'Analysis' }).click();
      await expect(page.getByRole('figure', { name: 'Accuracy and marks by topic' })).toBeVisible();
      await expect(
        page.getByRole('figure', { name: 'Time per question: you and the top 10%' }),
      ).toBeVisible();
      await expect(page.getByRole('heading', { name: /Negative-marking advisor/ })).toBeVisible();
      await expectChartsWithTables(page);
      await expectAccessible(page, 'analysis tab');

      await page.getByRole('tab', { name: 'Questions' }).click();
      await expect(
        page.getByText(`${analysis.questions[0]!.percentCorrect}% of participants got this right`).first(),
      ).toBeVisible();
    },
  );

  test("an admin corrects a key after publication and the learners' scores and ranks change", async ({
    page,
    pageProblems,
  }, testInfo) => {
    pageProblems.allow(
      /status of 400 .*\/key-corrections\]/,
      'the admin first sends a correction without a reason, which the server refuses (what this test shows)',
    );
    // The provisional key says A for question 1; B is right.
    const quiz = await createLiveQuiz(page, testInfo, {
      name: 'Key drill',
      desc: 'Three questions, one wrong key.',
      exam: 'NEET',
      duration: 5,
      markingScheme: { correct: 4, wrong: 1 },
      questions: [
        {
          qn: 'Which is a noble gas?',
          choices: ['Nitrogen', 'Neon', 'Oxygen', 'Hydrogen'],
          ansIndex: 0,
          topic: 'Periodic Table',
        },
        {
          qn: 'SI unit of force?',
          choices: ['Newton', 'Joule', 'Watt', 'Pascal'],
          ansIndex: 0,
          topic: 'Mechanics',
        },
        {
          qn: 'pH of pure water at 25 C?',
          choices: ['7', '1', '14', '0'],
          ansIndex: 0,
          topic: 'Physical Chemistry',
        },
      ],
    });
    const { admin, endAt } = quiz;
    const trusting = await registerViaApi(page.request, { name: 'Trusts The Key' });
    const right = await registerViaApi(page.request, { name: 'Knows Neon' });
    const take = async (session: Session, picks: number[]) => {
      const attend = await page.request.get(`/api/quizzes/participant/attend/${quiz.id}`, {
        headers: auth(session),
      });
      expect(attend.ok(), await attend.text()).toBe(true);
      const { questions, startedAt } = (await attend.json()) as {
        questions: { _id: string; qn: string; choices: string[] }[];
        startedAt: string;
      };
      const order = ['Which is a noble gas?', 'SI unit of force?', 'pH of pure water at 25 C?'];
      const originals = [
        ['Nitrogen', 'Neon', 'Oxygen', 'Hydrogen'],
        ['Newton', 'Joule', 'Watt', 'Pascal'],
        ['7', '1', '14', '0'],
      ];
      const submitted = await page.request.post('/api/quizzes/participant/submit', {
        headers: auth(session),
        data: {
          quizId: quiz.id,
          startedAt,
          answers: questions.map((q) => {
            const i = order.indexOf(q.qn);
            return { qnId: q._id, selectedOption: originals[i]![picks[i]!] };
          }),
        },
      });
      expect(submitted.status(), await submitted.text()).toBe(201);
    };
    await take(trusting, [0, 0, 0]); // 12 by the provisional key, 7 by the right one
    await take(right, [1, 0, 0]); // 7 by the provisional key, 12 by the right one

    try {
      const advanceMs = await advancePastGrace(page.request, endAt);
      expect((await page.request.post('/api/dev/clock', { data: { advanceMs } })).ok()).toBe(true);
      const summary = async (s: Session) =>
        (
          (await (
            await page.request.get(`/api/quizzes/participant/quiz-summary/${quiz.id}`, { headers: auth(s) })
          ).json()) as { data: { rank: number; quizzSummary: { score: number } } }
        ).data;
      expect(await summary(right)).toMatchObject({ rank: 2, quizzSummary: { score: 7 } });

      await signIn(page, admin);
      await page.goto(`/quizzes/details/${quiz.id}`);
      await expect(page.getByRole('heading', { name: 'Item analysis' })).toBeVisible();
      const q1 = page.getByRole('listitem', { name: /Question 1/ });
      await expect(q1).toContainText('Facility');
      await expectAccessible(page, 'item analysis');
      await q1.getByRole('button', { name: 'Correct the key of question 1' }).click();
      const dialog = page.getByRole('dialog', { name: 'Correct the key of question 1' });
      await dialog.getByRole('button', { name: 'Re-score and re-rank' }).click();
      await expect(dialog.getByRole('alert')).toContainText('reason: A reason is required');
      await dialog.getByRole('radio', { name: 'B. Neon' }).check();
      await dialog
        .getByLabel('Reason (required)')
        .fill('Neon is the noble gas; the provisional key was wrong');
      await expectAccessible(page, 'key correction dialog', { include: '[role="dialog"]' });
      await dialog.getByRole('button', { name: 'Re-score and re-rank' }).click();
      await expect(page.getByText('Question 1 corrected: 2 attempts re-scored and re-ranked')).toBeVisible();
      await expect(page.getByText(/question 1, A → B by .*: Neon is the noble gas/)).toBeVisible();

      expect(await summary(right)).toMatchObject({ rank: 1, quizzSummary: { score: 12 } });
      expect(await summary(trusting)).toMatchObject({ rank: 2, quizzSummary: { score: 7 } });

      // The learner sees the new rank and the note.
      await page.evaluate(
        ([user, token]) => {
          localStorage.setItem('USER_PARTICIPANT', user!);
          localStorage.setItem('ACCESS_TOKEN_PARTICIPANT', token!);
        },
        [JSON.stringify(right.user), right.accessToken],
      );
      await page.goto(`/quizzes/summary/${quiz.id}`);
      await expect(page.getByRole('region', { name: 'Rank' })).toContainText('#1');
      await expect(page.getByRole('note')).toContainText(/Answer key corrected on .*: question 1/);
      await expectAccessible(page, 'corrected summary');
    } finally {
      await resetDevClock(page);
      await retireQuiz(page.request, admin.accessToken, quiz.id);
    }
  });
});

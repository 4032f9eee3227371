import { expect, test } from './support/fixtures';
import { registerViaApi, signIn } from './support/session';
import { advancePastGrace, createLiveQuiz, retireQuiz, resetDevClock } from './support/quizzes';
import { openSummaryFromList, type Summary } from './support/results';

// A quiz taken in the browser publishes its own results when its window closes.
test.describe('results', () => {
  test('a freshly taken quiz publishes its own results once its window closes', async ({
    page,
  }, testInfo) => {
    // Its own quiz (live now, ending in 10 minutes), so that moving the server clock past its end
    // publishes little else and the test depends on no other spec's quizzes.
    const created = await createLiveQuiz(page, testInfo, {
      name: 'Fresh results',
      desc: 'Three questions, published by the sweeper once the window closes.',
      exam: 'SSC',
      questions: [
        {
          qn: 'Which river is called the Dakshin Ganga?',
          choices: ['Godavari', 'Krishna', 'Kaveri'],
          ansIndex: 0,
        },
        {
          qn: 'Which state has the longest coastline?',
          choices: ['Tamil Nadu', 'Gujarat', 'Andhra Pradesh'],
          ansIndex: 1,
        },
        {
          qn: 'Which pass connects Srinagar and Leh?',
          choices: ['Zoji La', 'Nathu La', 'Shipki La'],
          ansIndex: 0,
        },
      ],
    });
    const quiz = { _id: created.id, name: created.name, endTimeStamp: new Date(created.endAt).toISOString() };
    const session = await registerViaApi(page.request, { name: 'Fresh Finisher' });
    const auth = { authorization: `Bearer ${session.accessToken}` };
    // Before the window closes: no results for anyone.
    const early = await page.request.get(`/api/quizzes/participant/${quiz._id}/leaderboard`, {
      headers: auth,
    });
    expect(early.status()).toBe(403);

    // Take it (through the API; the quizzes tests cover the attempt screen): the first choice everywhere.
    const attempt = await page.request.get(`/api/quizzes/participant/attend/${quiz._id}`, { headers: auth });
    expect(attempt.ok(), await attempt.text()).toBe(true);
    const { questions, startedAt } = (await attempt.json()) as {
      questions: { _id: string; choices: string[] }[];
      startedAt: string;
    };
    const submitted = await page.request.post('/api/quizzes/participant/submit', {
      headers: auth,
      data: {
        quizId: quiz._id,
        startedAt,
        answers: questions.map((q) => ({ qnId: q._id, selectedOption: q.choices[0] })),
      },
    });
    expect(submitted.status(), await submitted.text()).toBe(201);
    // A ranked quiz does not show the score on submit (ADR 014): it comes with the results.
    const receipt = (await submitted.json()) as { score?: number; resultsAt?: string };
    expect(receipt.score).toBeUndefined();
    expect(receipt.resultsAt).toBeTruthy();
    const chosen = new Map(questions.map((q) => [q._id, q.choices[0]]));

    // Before the window closes: no details yet.
    await signIn(page, session);
    await page.goto('/quizzes');
    await page.getByRole('searchbox', { name: 'Search quizzes' }).fill(quiz.name);
    await expect(page.getByTestId('quiz-row').getByText('See details after quiz end')).toBeVisible();

    try {
      // The window closes; past end + grace the sweeper publishes it by itself (the dev clock runs it once).
      const advanceMs = await advancePastGrace(page.request, new Date(quiz.endTimeStamp).getTime());
      const moved = await page.request.post('/api/dev/clock', { data: { advanceMs } });
      expect(moved.ok()).toBe(true);
      // The browser's clock follows the server's (the list decides "ended" on the device).
      await page.clock.setSystemTime(new Date(((await moved.json()) as { now: string }).now));

      const res = await page.request.get(`/api/quizzes/participant/quiz-summary/${quiz._id}`, {
        headers: auth,
      });
      expect(res.status()).toBe(200);
      const expected = ((await res.json()) as { data: Summary }).data;
      // Scored by the server from what was chosen: every first choice that is the published answer.
      const rightByText = expected.quizDetails.questions.filter(
        (q) => chosen.get(q._id) === q.choices[q.ansIndex],
      ).length;
      expect(expected.quizzSummary.answers.filter((a) => a.isCorrect)).toHaveLength(rightByText);
      const score = expected.quizzSummary.score;

      await openSummaryFromList(page, quiz.name);
      await expect(page.getByRole('region', { name: 'Rank' })).toContainText(`#${expected.rank}`);
      await expect(page.getByRole('region', { name: 'Rank' })).toContainText(
        `out of ${expected.totalParticipants} ${expected.totalParticipants === 1 ? 'participant' : 'participants'}`,
      );
      const total = expected.quizDetails.questions.length;
      await expect(page.getByRole('region', { name: 'Score' })).toContainText(`${score}out of ${total}`);
      await page.getByRole('tab', { name: 'Questions' }).click();
      await expect(page.getByRole('listitem', { name: /^Question \d+$/ })).toHaveCount(total);
      const correct = expected.quizzSummary.answers.filter((a) => a.isCorrect).length;
      await expect(
        page.getByRole('listitem', { name: /^Question \d+$/ }).getByText('Correct', { exact: true }),
      ).toHaveCount(correct);
    } finally {
      await resetDevClock(page);
      await retireQuiz(page.request, created.adminToken, quiz._id);
    }
  });
});

import { expect, test, type APIRequestContext, type Page } from './support/fixtures';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { loginViaApi, registerViaApi, signIn, type Session } from './support/session';
import { expectAccessible } from './support/axe';
import { advancePastGrace, createLiveQuiz, retireQuiz, serverNow } from './support/quizzes';

/** The demo learner: one of the 24 ranked participants of the demo's ended quiz. */
const DEMO_PHONE = '9876543210';

interface LatestResult {
  results: { _id: string; score: number; elapsedTime: number; userId: { name: string } }[];
  quiz: { _id: string; name: string; class: string; maxScore: number } | null;
}

interface Summary {
  quizDetails: {
    name: string;
    duration: number;
    class: string;
    questions: { _id: string; choices: string[]; ansIndex: number }[];
  };
  quizzSummary: {
    score: number;
    startedAt: string;
    submittedAt: string;
    answers: { qnId: string; selectedOption: string | null; isCorrect: boolean }[];
  };
  rank: number;
  totalParticipants: number;
  percentile: number;
}

let demoSession: Session | undefined;

/** The demo learner, logged in once per run. */
async function loginAsDemo(request: APIRequestContext): Promise<Session> {
  demoSession ??= await loginViaApi(request, DEMO_PHONE);
  return demoSession;
}

async function latestResult(request: APIRequestContext): Promise<LatestResult> {
  const res = await request.get('/api/result/latest');
  expect(res.ok()).toBe(true);
  return (await res.json()) as LatestResult;
}

interface ListedQuiz {
  _id: string;
  name: string;
  price: number;
  startTimeStamp: string;
  endTimeStamp: string;
  attendedDetails?: unknown;
}

async function listQuizzes(request: APIRequestContext, session: Session): Promise<ListedQuiz[]> {
  const res = await request.get('/api/quizzes/participant?limit=50', {
    headers: { authorization: `Bearer ${session.accessToken}` },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { quizzes: ListedQuiz[] }).quizzes;
}

/** The demo's ended quiz the demo learner took part in (its results were published by the seed). */
async function demoEndedQuiz(
  request: APIRequestContext,
  session: Session,
): Promise<{ _id: string; name: string }> {
  const now = await serverNow(request);
  const quiz = (await listQuizzes(request, session)).find(
    (q) => q.attendedDetails && new Date(q.endTimeStamp).getTime() < now,
  );
  expect(quiz, 'the demo learner attended an ended demo quiz').toBeTruthy();
  return quiz!;
}

/** Finds a quiz through the list's search box and follows its View Details link. */
async function openSummaryFromList(page: Page, name: string): Promise<void> {
  await page.goto('/quizzes');
  await page.getByRole('searchbox', { name: 'Search quizzes' }).fill(name);
  await expect(page.getByTestId('quiz-row')).toHaveCount(1);
  await page.getByRole('link', { name: `View Details of ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

function collectConsoleErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  return problems;
}

const mmss = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

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

  test('the poster downloads as a PNG of the template size, with the picture in its circle and the name', async ({
    page,
  }, testInfo) => {
    const problems = collectConsoleErrors(page);
    const session = await loginAsDemo(page.request);
    const auth = { authorization: `Bearer ${session.accessToken}` };
    const quiz = await demoEndedQuiz(page.request, session);
    // A solid green, non-square picture: the circle must show it, cover-cropped.
    const green = { r: 0, g: 176, b: 80 };
    const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: green } })
      .png()
      .toBuffer();
    const profile = {
      name: String(session.user.name),
      place: String(session.user.place),
      school: String(session.user.school ?? ''),
      class: String(session.user.class),
    };
    const updated = await page.request.put('/api/students/update-profile', {
      headers: auth,
      multipart: { ...profile, profilePicture: { name: 'me.png', mimeType: 'image/png', buffer: picture } },
    });
    expect(updated.ok(), await updated.text()).toBe(true);
    const user = ((await updated.json()) as { data: Session['user'] }).data;
    expect(user.profilePicUrl).toBeTruthy();

    try {
      await signIn(page, { accessToken: session.accessToken, user });
      await page.goto(`/quizzes/summary/${quiz._id}`);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download poster' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('quiz-poster.png');
      const file = testInfo.outputPath('quiz-poster.png');
      await download.saveAs(file);
      await expect(page.getByText('Poster downloaded')).toBeVisible();

      const templateRes = await page.request.get('/api/assets/poster-template');
      const template = sharp(await templateRes.body());
      const poster = sharp(await readFile(file));
      const [templateMeta, posterMeta] = await Promise.all([template.metadata(), poster.metadata()]);
      expect(posterMeta.format).toBe('png');
      expect([posterMeta.width, posterMeta.height]).toEqual([templateMeta.width, templateMeta.height]);
      const width = posterMeta.width!;
      const templatePixels = await template.removeAlpha().raw().toBuffer();
      const posterPixels = await poster.removeAlpha().raw().toBuffer();
      const pixel = (buf: Buffer, x: number, y: number) => {
        const i = (y * width + x) * 3;
        return [buf[i]!, buf[i + 1]!, buf[i + 2]!];
      };
      const near = (p: number[], q: number[], tolerance: number) =>
        p.every((v, k) => Math.abs(v - q[k]!) <= tolerance);
      const isGreen = (x: number, y: number) =>
        near(pixel(posterPixels, x, y), [green.r, green.g, green.b], 16);

      // The 660 px circle at (280, 380) holds the picture, edge to edge; just outside it, the template.
      const r = 330;
      const cx = 280 + r;
      const cy = 380 + r;
      for (const [dx, dy] of [
        [0, 0],
        [0, -(r - 8)],
        [-(r - 8), 0],
        [r - 8, 0],
        [0, r - 8],
        [200, 200],
      ]) {
        expect(isGreen(cx + dx!, cy + dy!), `picture pixel at ${cx + dx!},${cy + dy!}`).toBe(true);
      }
      for (const [x, y] of [
        [280 + 10, 380 + 10], // inside the square, outside the circle
        [cx, cy - r - 30],
        [20, 20],
        [cx, 1600],
      ]) {
        expect(isGreen(x!, y!), `pixel at ${x},${y}`).toBe(false);
        expect(
          near(pixel(posterPixels, x!, y!), pixel(templatePixels, x!, y!), 24),
          `template at ${x},${y}`,
        ).toBe(true);
      }
      // The name in white on its line, 100 px below the circle (the template has no white there).
      const baseline = 380 + 660 + 100;
      let whiteInPoster = 0;
      let whiteInTemplate = 0;
      const isWhite = (p: number[]) => p.every((v) => v > 235);
      for (let y = baseline - 45; y <= baseline; y += 2) {
        for (let x = 200; x < width - 200; x += 2) {
          if (isWhite(pixel(posterPixels, x, y))) whiteInPoster += 1;
          if (isWhite(pixel(templatePixels, x, y))) whiteInTemplate += 1;
        }
      }
      expect(whiteInTemplate).toBe(0);
      expect(whiteInPoster).toBeGreaterThan(300);
      expect(problems).toEqual([]);
    } finally {
      const restored = await page.request.put('/api/students/update-profile', {
        headers: auth,
        multipart: { ...profile, removeProfilePicture: 'true' },
      });
      expect(restored.ok()).toBe(true);
    }
  });

  test('a poster failure shows the error box, and Dismiss closes it', async ({ page, pageProblems }) => {
    pageProblems.allow(
      /status of 404 .*\/api\/assets\/poster-template\]$/,
      'the poster template is missing on purpose',
    );
    const session = await loginAsDemo(page.request);
    const quiz = await demoEndedQuiz(page.request, session);
    await page.route('**/api/assets/poster-template', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 404, message: 'Not Found', error: 'Not Found' }),
      }),
    );
    await signIn(page, session);
    await page.goto(`/quizzes/summary/${quiz._id}`);
    await page.getByRole('button', { name: 'Download poster' }).click();
    const alert = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Error' }) });
    await expect(alert).toContainText('File not found in storage');
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await expect(alert).toHaveCount(0);
  });

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
      await page.request.post('/api/dev/clock', { data: { reset: true } });
      await retireQuiz(page.request, created.adminToken, quiz._id);
    }
  });
});

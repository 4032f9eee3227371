import {
  expect as baseExpect,
  test,
  type APIRequestContext,
  type Page,
  type TestInfo,
} from './support/fixtures';
import { expectAccessible } from './support/axe';
import { adminSession, registerViaApi, signIn, type Session } from './support/session';
import { advancePastGrace, createQuizViaApi, retireQuiz, serverNow, resetDevClock } from './support/quizzes';
import { lastSpoken, recordingSpeech } from './support/speech';

/**
 * Practice (issue 27) at 360 px, set up through the API and checked on screen: a timed practice to a
 * predicted rank, practice in Hindi, audio mode by keyboard, and a drill answered offline then synced.
 * Each test publishes its own quiz by moving the server's dev clock (never by waiting).
 */

// Screens load lazily: on a busy machine (2 cores shared) the first paint can take longer than 10 s.
const expect = baseExpect.configure({ timeout: 30_000 });

// Each test publishes a quiz through the sweeper and walks several screens: more than the default time.
test.slow();

const auth = (s: Session) => ({ authorization: `Bearer ${s.accessToken}` });

interface Published {
  id: string;
  name: string;
  topic: string;
  adminToken: string;
  questions: { _id: string; qn: string; choices: string[]; ansIndex: number }[];
}

/** A free quiz live now, with its topic's questions; `contest` runs in its window before publication. */
async function publishedQuiz(
  page: Page,
  testInfo: TestInfo,
  label: string,
  questions: Record<string, unknown>[],
  contest: (quiz: Published) => Promise<void> = async () => undefined,
): Promise<Published> {
  const admin = await adminSession(page.request, testInfo);
  const now = await serverNow(page.request);
  const endAt = now + 10 * 60_000;
  const topic = `${label} ${testInfo.project.name} ${now}`;
  const created = await createQuizViaApi<{ _id: string; name: string; questions: Published['questions'] }>(
    page.request,
    admin,
    {
      name: `${label} ${testInfo.project.name} ${now}`,
      desc: 'Practice journey.',
      exam: 'SSC',
      class: 'Preparing for Competitive exams',
      duration: 5,
      startTimeStamp: new Date(now - 60_000).toISOString(),
      endTimeStamp: new Date(endAt).toISOString(),
      price: 0,
      published: true,
      questions: questions.map((q) => ({ ...q, topic })),
    },
  );
  const quiz = { ...created, id: created._id, topic, adminToken: admin.accessToken };
  await contest(quiz);
  const moved = await page.request.post('/api/dev/clock', {
    data: { advanceMs: await advancePastGrace(page.request, endAt) },
  });
  expect(moved.ok()).toBe(true);
  return quiz;
}

/** Publication is the sweeper's: wait until this learner can practise the quiz. */
async function practisable(request: APIRequestContext, learner: Session, topic: string) {
  await expect
    .poll(async () => {
      const res = await request.get(`/api/practice/quizzes?topic=${encodeURIComponent(topic)}`, {
        headers: auth(learner),
      });
      return ((await res.json()) as { quizzes: unknown[] }).quizzes.length;
    })
    .toBe(1);
}

/** A contest attempt in the window: each question answered with the choice at `picks[i]`. */
async function takeInWindow(request: APIRequestContext, quiz: Published, picks: number[]) {
  const learner = await registerViaApi(request, { name: 'Field Learner' });
  const attend = await request.get(`/api/quizzes/participant/attend/${quiz.id}`, { headers: auth(learner) });
  expect(attend.ok(), await attend.text()).toBe(true);
  const answers = quiz.questions.map((q, i) => ({ qnId: q._id, selectedOption: q.choices[picks[i]!]! }));
  const submit = await request.post('/api/quizzes/participant/submit', {
    headers: auth(learner),
    data: {
      quizId: quiz.id,
      answers,
      submissionId: `field-${Date.now()}-${Math.floor(Math.random() * 1e9)}`,
    },
  });
  expect(submit.ok(), await submit.text()).toBe(true);
}

const TWO = [
  {
    qn: 'Which is the capital of India?',
    choices: ['New Delhi', 'Mumbai', 'Kolkata'],
    ansIndex: 0,
    explanation: 'New Delhi is the capital.',
  },
  {
    qn: 'How many states does India have?',
    choices: ['28', '29', '30'],
    ansIndex: 0,
    explanation: 'India has 28 states.',
  },
];

async function openPractice(page: Page, learner: Session, topic: string) {
  await signIn(page, learner);
  await page.goto('/practice');
  await page.getByRole('textbox', { name: 'Topic', exact: true }).fill(topic);
}

test('a timed practice ends with the predicted rank against the published field', async ({ page }) => {
  let quiz: Published | undefined;
  try {
    quiz = await publishedQuiz(page, test.info(), 'Timed practice', TWO, async (q) => {
      await takeInWindow(page.request, q, [0, 0]); // 2 right
      await takeInWindow(page.request, q, [1, 1]); // none right
    });
    const learner = await registerViaApi(page.request, { name: 'Timed Learner' });
    await practisable(page.request, learner, quiz.topic);
    await openPractice(page, learner, quiz.topic);
    await page.getByLabel("Timed (the quiz's own clock)").check();
    await page.getByLabel('Show the answer after each question').uncheck();
    await page.getByRole('button', { name: `Practise ${quiz.name}` }).click();

    await expect(page.getByText(/Time left/)).toBeVisible();
    await page.getByRole('radio', { name: 'New Delhi', exact: true }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: '29', exact: true }).check();
    await page.getByRole('button', { name: 'Finish practice' }).click();
    await page
      .getByRole('dialog', { name: 'Finish this practice?' })
      .getByRole('button', { name: 'Finish' })
      .click();

    await expect(page.getByRole('heading', { name: 'Practice finished' })).toBeVisible();
    // One right: below the learner with two, above the one with none.
    await expect(page.getByText(/You would have ranked about 2 of 3 \(percentile \d+/)).toBeVisible();
    await expectAccessible(page, 'practice result');
  } finally {
    await resetDevClock(page);
    if (quiz) await retireQuiz(page.request, quiz.adminToken, quiz.id);
  }
});

test('practice in Hindi: the screens, the question and its feedback', async ({ page }) => {
  let quiz: Published | undefined;
  try {
    quiz = await publishedQuiz(page, test.info(), 'Hindi practice', [
      {
        ...TWO[0],
        qnHi: 'भारत की राजधानी क्या है?',
        choicesHi: ['नई दिल्ली', 'मुंबई', 'कोलकाता'],
        explanationHi: 'नई दिल्ली भारत की राजधानी है।',
      },
    ]);
    const learner = await registerViaApi(page.request, { name: 'Hindi Learner' });
    await practisable(page.request, learner, quiz.topic);
    await page.addInitScript(() => window.localStorage.setItem('QUIZCAST_LANGUAGE', 'hi'));
    await signIn(page, learner);
    await page.goto('/practice');
    await expect(page.getByRole('heading', { level: 1, name: 'अभ्यास' })).toBeVisible();
    await page.getByRole('textbox', { name: 'विषय', exact: true }).fill(quiz.topic);
    await expectAccessible(page, 'practice in Hindi');
    await page.getByRole('listitem').filter({ hasText: quiz.name }).getByRole('button').click();

    await expect(page.getByRole('heading', { name: 'भारत की राजधानी क्या है?' })).toBeVisible();
    await page.getByRole('radio', { name: 'मुंबई', exact: true }).check();
    const feedback = page.getByTestId('practice-feedback');
    await expect(feedback).toContainText('नई दिल्ली भारत की राजधानी है।');
    await expectAccessible(page, 'practice run in Hindi');
  } finally {
    await resetDevClock(page);
    if (quiz) await retireQuiz(page.request, quiz.adminToken, quiz.id);
  }
});

test('audio mode by keyboard: questions read, feedback spoken, keys move and finish', async ({ page }) => {
  let quiz: Published | undefined;
  await page.addInitScript(recordingSpeech);
  try {
    quiz = await publishedQuiz(page, test.info(), 'Audio practice', TWO);
    const learner = await registerViaApi(page.request, { name: 'Audio Learner' });
    await practisable(page.request, learner, quiz.topic);
    await openPractice(page, learner, quiz.topic);
    await page.getByRole('button', { name: `Practise ${quiz.name}` }).click();
    await expect(page.getByRole('heading', { name: TWO[0]!.qn })).toBeVisible();

    await page.getByRole('button', { name: 'Audio mode: Off' }).click();
    await expect(page.getByRole('button', { name: 'Audio mode: On' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect
      .poll(async () => (await lastSpoken(page, 5)).map((s) => s.text).join(' '))
      .toContain(TWO[0]!.qn);
    await expectAccessible(page, 'practice audio mode');

    // B is wrong: the verdict, the answer and the explanation are spoken and shown.
    await page.keyboard.press('b');
    const said = 'Not quite. The answer is: New Delhi Explanation: New Delhi is the capital.';
    await expect(page.getByTestId('practice-spoken')).toHaveText(said);
    await expect.poll(async () => (await lastSpoken(page, 1))[0]?.text).toBe(said);
    await page.keyboard.press('p');
    await expect(page.getByTestId('practice-spoken')).toHaveText('This is the first question.');

    await page.keyboard.press('n');
    await expect(page.getByRole('heading', { name: TWO[1]!.qn })).toBeVisible();
    await expect
      .poll(async () => (await lastSpoken(page, 5)).map((s) => s.text).join(' '))
      .toContain(TWO[1]!.qn);
    await page.keyboard.press('1');
    await expect(page.getByTestId('practice-spoken')).toHaveText(
      'Correct! Explanation: India has 28 states.',
    );
    await page.keyboard.press('n');
    await expect(page.getByTestId('practice-spoken')).toHaveText(
      'This is the last question. Press S to finish.',
    );

    await page.keyboard.press('s');
    const dialog = page.getByRole('dialog', { name: 'Finish this practice?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Finish' }).press('Enter');
    await expect(page.getByRole('heading', { name: 'Practice finished' })).toBeVisible();
  } finally {
    await resetDevClock(page);
    if (quiz) await retireQuiz(page.request, quiz.adminToken, quiz.id);
  }
});

test.describe('offline', () => {
  // The reload offline opens from the service worker's cache, which the config blocks elsewhere.
  // Both tests take the phone offline on purpose: the failed requests and their console lines are expected.
  test.use({
    serviceWorkers: 'allow',
    expectedPageProblems: [
      {
        pattern: /ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch/,
        reason: 'the phone is offline on purpose',
      },
    ],
  });

  test('a drill answered offline survives a reload and syncs when back online', async ({ page, context }) => {
    let quiz: Published | undefined;
    try {
      quiz = await publishedQuiz(page, test.info(), 'Offline drill', TWO);
      const learner = await registerViaApi(page.request, { name: 'Offline Learner' });
      await practisable(page.request, learner, quiz.topic);
      const started = await page.request.post('/api/practice/drills', {
        headers: auth(learner),
        data: {
          exam: 'SSC',
          topics: [quiz.topic],
          difficulty: 'medium',
          count: 10,
          timed: false,
          instantFeedback: true,
        },
      });
      expect(started.status(), await started.text()).toBe(201);
      const drill = (await started.json()) as { _id: string; questions: { _id: string; qn: string }[] };
      expect(drill.questions).toHaveLength(2);

      await signIn(page, learner);
      await page.goto('/practice');
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.goto(`/practice/attempts/${drill._id}`);
      const first = TWO.find((q) => q.qn === drill.questions[0]!.qn)!;
      await expect(page.getByRole('heading', { name: first.qn })).toBeVisible();

      await context.setOffline(true);
      await page.getByRole('radio', { name: first.choices[1]!, exact: true }).check();
      await expect(
        page.getByText('Saved on this device. It is checked when you are back online.'),
      ).toBeVisible();
      await expect(page.getByText(/You are offline/)).toBeVisible();

      await page.reload();
      await expect(page.getByRole('heading', { name: first.qn })).toBeVisible();
      await expect(page.getByRole('radio', { name: first.choices[1]!, exact: true })).toBeChecked();
      await expect(page.getByText('1 answer is waiting to be sent.', { exact: false })).toBeVisible();
      await expectAccessible(page, 'practice offline');

      await context.setOffline(false);
      // Judged by the server once sent: the right answer and the explanation.
      await expect(page.getByTestId('practice-feedback')).toContainText(
        `Not quite. The answer is: ${first.choices[0]}`,
      );
      await expect(page.getByText(/You are offline/)).toHaveCount(0);
      const res = await page.request.get(`/api/practice/attempts/${drill._id}`, { headers: auth(learner) });
      const saved = (await res.json()) as { savedAnswers: { qnId: string; selectedOption: string }[] };
      expect(saved.savedAnswers).toEqual([
        expect.objectContaining({ qnId: drill.questions[0]!._id, selectedOption: first.choices[1] }),
      ]);
    } finally {
      await context.setOffline(false);
      await resetDevClock(page);
      if (quiz) await retireQuiz(page.request, quiz.adminToken, quiz.id);
    }
  });

  test('the daily five gone offline mid-way judges from its key and syncs when back', async ({
    page,
    context,
  }) => {
    const learner = await registerViaApi(page.request, { name: 'Offline Five' });
    const res = await page.request.get('/api/daily-five', { headers: auth(learner) });
    expect(res.ok(), await res.text()).toBe(true);
    const { attempt } = (await res.json()) as {
      attempt: {
        _id: string;
        questions: { _id: string; qn: string; choices: string[] }[];
        offlineKey: { qnId: string; outcomes: Record<string, string>; feedback: { correctAnswer: string } }[];
      };
    };
    // Two choice questions (the key covers those; a numeric one waits for the server).
    const [a, b] = attempt.offlineKey.map((k) => ({
      key: k,
      index: attempt.questions.findIndex((q) => q._id === k.qnId),
      q: attempt.questions.find((q) => q._id === k.qnId)!,
    }));
    const wrong = b!.q.choices.find((c) => b!.key.outcomes[c] === 'wrong')!;
    // Next, one question at a time (each step waits for its question: no overshooting).
    let at = 0;
    const toQuestion = async (index: number) => {
      for (; at < index; at += 1) {
        await page.getByRole('button', { name: 'Next' }).click();
        await expect(page.getByText(`Question ${at + 2} of 5`)).toBeVisible();
      }
    };
    try {
      await signIn(page, learner);
      await page.goto('/quizzes');
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.goto('/daily-five');
      await expect(page).toHaveURL(`/practice/attempts/${attempt._id}`);
      await toQuestion(a!.index);
      // By position: a choice with a formula is named by its spoken form, not its stored text.
      const choose = (q: { choices: string[] }, choice: string) =>
        page.getByRole('radio').nth(q.choices.indexOf(choice)).check();
      await choose(a!.q, a!.key.feedback.correctAnswer);
      await expect(page.getByTestId('practice-feedback')).toContainText('Correct!');

      await context.setOffline(true);
      await toQuestion(b!.index);
      await choose(b!.q, wrong);
      // Judged on the device at once, from the five's key.
      await expect(page.getByTestId('practice-feedback')).toContainText('Not quite. The answer is:');
      await expect(page.getByText('1 answer is waiting to be sent.', { exact: false })).toBeVisible();

      await context.setOffline(false);
      await expect(page.getByText(/waiting to be sent/)).toHaveCount(0);
      const after = await page.request.get(`/api/practice/attempts/${attempt._id}`, {
        headers: auth(learner),
      });
      const saved = (await after.json()) as { savedAnswers: { qnId: string; selectedOption: string }[] };
      expect(saved.savedAnswers).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ qnId: a!.key.qnId, selectedOption: a!.key.feedback.correctAnswer }),
          expect.objectContaining({ qnId: b!.key.qnId, selectedOption: wrong }),
        ]),
      );
    } finally {
      await context.setOffline(false);
    }
  });
});

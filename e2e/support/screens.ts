import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { advancePastGrace, createLiveQuiz, retireQuiz } from './quizzes';
import { registerViaApi, signIn } from './session';

/** Issue 17: a learner named like this made the attempt page 440 px wide on a 360 px phone. */
export const LONG_NAME = 'Resilience Holdout 7441 Ramachandran';

/** Every screen `visitEveryScreen` opens, in order (public, learner, admin). */
export const EVERY_SCREEN = [
  'landing',
  'login',
  'register',
  'quiz list',
  'intro',
  'attempt',
  'results summary',
  'results questions',
  'results leaderboard',
  'results analysis',
  'profile',
  'edit profile',
  'progress',
  'review',
  'admin quizzes',
  'admin quiz details',
  'admin edit quiz',
  'admin create quiz',
  'admin participants',
  'admin participant',
  'admin audit log',
] as const;

export interface ScreenVisit {
  /** Called once each screen is showing (`ready` visible): the check to run on it. */
  check(screen: (typeof EVERY_SCREEN)[number], ready: Locator): Promise<void>;
  /** The text a control shows for this English (identity in English; the pseudo-locale's form there). */
  label?(english: string): string;
}

/**
 * Opens every screen of the app (issue 17's 21: public, learner, admin) with the worst data a phone
 * meets: a long learner name and a long quiz title with an unbroken word. Creates the quiz and the
 * learner, takes the quiz through the API, moves the server clock past its end for the results, and
 * retires the quiz at the end. Screens are found by URL and by structure (headings, test ids) or by
 * `label`, so the same walk runs in English and in the pseudo-locale.
 */
export async function visitEveryScreen(
  page: Page,
  testInfo: TestInfo,
  { check, label = (e) => e }: ScreenVisit,
) {
  const quiz = await createLiveQuiz(page, testInfo, {
    name: 'Panchayati-Raj-Constitutional-Amendment-Seventy-Third-Comprehensive-Revision',
    desc: 'Supercalifragilisticexpialidocious-Panchayati-Raj-Institutions-Devolution-Checklist, for a narrow screen.',
    exam: 'UPSC',
    duration: 5,
    markingScheme: { correct: 2, wrong: 0 },
    questions: [
      {
        // An inline formula: its fraction must be the text's size (issue 30, defect 13).
        qn: 'Which amendment gave constitutional status to Panchayati-Raj-Institutions-Everywhere, with $\\frac{1}{3}$ of the seats for women?',
        choices: ['73rd', '74th', '42nd', 'Forty-Fourth-Constitutional-Amendment-Act-Nineteen-Seventy-Eight'],
        ansIndex: 0,
        topic: 'Local-Self-Government-And-Decentralisation',
      },
      {
        qn: 'Which Schedule lists the 29 subjects of the Panchayats?',
        choices: ['Eleventh', 'Twelfth', 'Seventh', 'Ninth'],
        ansIndex: 0,
        topic: 'Schedules',
      },
    ],
  });
  const { admin, now, endAt, name: title } = quiz;
  const learner = await registerViaApi(page.request, { name: LONG_NAME });
  const auth = { authorization: `Bearer ${learner.accessToken}` };
  const visited: string[] = [];
  const at = async (screen: (typeof EVERY_SCREEN)[number], ready: Locator) => {
    // A screen's catalogues load one after another before its data shows: the admin's quiz details
    // (sections, patterns, item analysis) took 11 s once with two browsers on the 2 cores.
    await expect(ready.first(), screen).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await check(screen, ready.first());
    visited.push(screen);
  };
  const h1 = () => page.getByRole('heading', { level: 1 });
  try {
    await page.goto('/');
    await at('landing', h1());
    await page.goto('/login');
    await at('login', h1());
    await page.goto('/register');
    await at('register', h1());

    await signIn(page, learner);
    await page.goto('/quizzes');
    await expect(h1()).toBeVisible();
    await page.getByRole('searchbox').fill(`${testInfo.project.name} ${now}`);
    await at('quiz list', page.getByTestId('quiz-row').getByText(title));
    await page.goto(`/quizzes/intro/${quiz.id}`);
    const startNow = page.getByRole('button', { name: label('Start Quiz Now') });
    await at('intro', startNow);
    await startNow.click();
    await expect(page).toHaveURL(/\/quizzes\/attend$/);
    // The heading comes before the question: the screen is ready when the first question (with its
    // formula) is on it.
    await expect(page.locator('math mfrac').first(), 'the first question with its formula').toBeVisible();
    await at('attempt', page.getByRole('heading', { level: 1, name: title }));

    // Submitted through the API (the attempt screen's own tests cover its buttons); the results
    // open once the window closes.
    const attend = await page.request.get(`/api/quizzes/participant/attend/${quiz.id}`, { headers: auth });
    expect(attend.ok(), await attend.text()).toBe(true);
    const { questions, startedAt } = (await attend.json()) as {
      questions: { _id: string; choices: string[] }[];
      startedAt: string;
    };
    const submitted = await page.request.post('/api/quizzes/participant/submit', {
      headers: auth,
      data: {
        quizId: quiz.id,
        startedAt,
        answers: questions.map((q) => ({ qnId: q._id, selectedOption: q.choices[0] })),
      },
    });
    expect(submitted.status(), await submitted.text()).toBe(201);
    const advanceMs = await advancePastGrace(page.request, endAt);
    const moved = await page.request.post('/api/dev/clock', { data: { advanceMs } });
    expect(moved.ok()).toBe(true);
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto('/quizzes');
    // Let this page's lazy chunks finish before leaving it: a catalogue chunk answered by the
    // pseudo-locale's route and cut off by the next navigation stayed "in flight" for Playwright,
    // and the next screen's networkidle never came (seen once: 260 s on the results summary).
    await expect(h1()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.clock.setSystemTime(new Date(((await moved.json()) as { now: string }).now));
    await page.goto(`/quizzes/summary/${quiz.id}`);
    await at('results summary', page.getByRole('region', { name: label('Rank') }));
    for (const tab of ['Questions', 'Leaderboard', 'Analysis'] as const) {
      await page.getByRole('tab', { name: label(tab) }).click();
      await at(
        `results ${tab.toLowerCase() as 'questions' | 'leaderboard' | 'analysis'}`,
        page.getByRole('tabpanel'),
      );
    }
    await page.goto('/profile');
    await at('profile', page.getByText(LONG_NAME));
    await page.goto('/profile/edit');
    await at('edit profile', h1());
    await page.goto('/progress');
    await at('progress', h1());
    await page.goto('/review');
    await at('review', h1());

    // The admin's screens, with the same quiz and learner.
    await page.evaluate(
      ([user, token]) => {
        localStorage.setItem('USER_PARTICIPANT', user!);
        localStorage.setItem('ACCESS_TOKEN_PARTICIPANT', token!);
      },
      [JSON.stringify(admin.user), admin.accessToken],
    );
    await page.goto('/admin/quizzes');
    await at('admin quizzes', h1());
    await page.goto(`/quizzes/details/${quiz.id}`);
    await at('admin quiz details', page.getByText(title));
    await page.goto(`/quizzes/edit/${quiz.id}`);
    await at('admin edit quiz', h1());
    await page.goto('/quizzess/create');
    await at('admin create quiz', h1());
    await page.goto('/participants');
    await at('admin participants', h1());
    await page.goto(`/participants/${learner.user._id}`);
    await at('admin participant', page.getByText(LONG_NAME));
    await page.goto('/admin/audit-log');
    await at('admin audit log', h1());
    expect(visited).toEqual([...EVERY_SCREEN]);
  } finally {
    await retireQuiz(page.request, admin.accessToken, quiz.id);
  }
}

import { expect, type APIRequestContext, type Page } from './fixtures';
import { loginViaApi, type Session } from './session';
import { serverNow } from './quizzes';

/** The demo learner: one of the 24 ranked participants of the demo's ended quiz. */
const DEMO_PHONE = '9876543210';

export interface LatestResult {
  results: { _id: string; score: number; elapsedTime: number; userId: { name: string } }[];
  quiz: { _id: string; name: string; class: string; maxScore: number } | null;
}

export interface Summary {
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

export async function latestResult(request: APIRequestContext): Promise<LatestResult> {
  const res = await request.get('/api/result/latest');
  expect(res.ok()).toBe(true);
  return (await res.json()) as LatestResult;
}

export interface ListedQuiz {
  _id: string;
  name: string;
  price: number;
  startTimeStamp: string;
  endTimeStamp: string;
  attendedDetails?: unknown;
}

export async function listQuizzes(request: APIRequestContext, session: Session): Promise<ListedQuiz[]> {
  const res = await request.get('/api/quizzes/participant?limit=50', {
    headers: { authorization: `Bearer ${session.accessToken}` },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { quizzes: ListedQuiz[] }).quizzes;
}

/** The demo's ended quiz the demo learner took part in (its results were published by the seed). */
export async function demoEndedQuiz(
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
export async function openSummaryFromList(page: Page, name: string): Promise<void> {
  await page.goto('/quizzes');
  await page.getByRole('searchbox', { name: 'Search quizzes' }).fill(name);
  await expect(page.getByTestId('quiz-row')).toHaveCount(1);
  await page.getByRole('link', { name: `View Details of ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

export function collectConsoleErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  return problems;
}

export const mmss = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * The demo learner, logged in once per spec file: each spec file has its own server, so each keeps its
 * own session (`const loginAsDemo = demoLogin();` at the top of the file).
 */
export function demoLogin(): (request: APIRequestContext) => Promise<Session> {
  let demoSession: Session | undefined;
  return async (request) => {
    demoSession ??= await loginViaApi(request, DEMO_PHONE);
    return demoSession;
  };
}

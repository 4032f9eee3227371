import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { adminSession, type Session } from './session';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** GET /api/dev/clock: the server's time and the waits it is configured with (apps/server dev.routes.ts). */
export interface ServerClock {
  /** Epoch ms (tests may have moved it with POST /api/dev/clock). */
  now: number;
  /** SUBMIT_GRACE_SECONDS: how long past its end a quiz still takes submits; publication follows. */
  submitGraceMs: number;
  /** OTP_RESEND_COOLDOWN_SECONDS: how long before a number may get another code. */
  otpResendCooldownMs: number;
  /** How long the fake gateway waits before sending its capture webhook. */
  fakeCaptureWebhookDelayMs: number;
}

export async function serverClock(request: APIRequestContext): Promise<ServerClock> {
  const res = await request.get('/api/dev/clock');
  expect(res.ok(), await res.text()).toBe(true);
  const body = (await res.json()) as Omit<ServerClock, 'now'> & { now: string };
  return { ...body, now: new Date(body.now).getTime() };
}

/** The server's clock (tests may have moved it with POST /api/dev/clock), in epoch ms. */
export async function serverNow(request: APIRequestContext): Promise<number> {
  return (await serverClock(request)).now;
}

/**
 * Puts the server's clock back (POST /api/dev/clock reset) at the end of a test. The page closes
 * first: the app's timers could otherwise send one more save after the reset, made against the
 * moved clock and refused against the real one (a section "not started yet": a 409 that the browser
 * gate reports, seen in sections.spec under load).
 */
export async function resetDevClock(page: Page): Promise<void> {
  await page.close();
  expect((await page.request.post('/api/dev/clock', { data: { reset: true } })).ok()).toBe(true);
}

/**
 * How far to move the server's clock (POST /api/dev/clock) to be a second past `endAt` plus the
 * submit grace the server is configured with: the quiz is then closed and its results published.
 */
export async function advancePastGrace(request: APIRequestContext, endAt: number): Promise<number> {
  const clock = await serverClock(request);
  return endAt - clock.now + clock.submitGraceMs + 1_000;
}

/** An admin creates a quiz through the API (body as POST /api/quizzes takes it); the admin view comes back. */
export async function createQuizViaApi<T = { _id: string }>(
  request: APIRequestContext,
  admin: Session,
  body: Record<string, unknown>,
): Promise<T> {
  const res = await request.post('/api/quizzes', { headers: bearer(admin.accessToken), data: body });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as T;
}

/** A question as POST /api/quizzes takes it. */
export interface QuizQuestionInput {
  qn: string;
  choices: readonly string[];
  ansIndex: number;
  lang?: 'en' | 'hi';
  topic?: string;
  explanation?: string;
}

/**
 * This project's admin publishes a free quiz that is live now (by the server's clock, which tests
 * may have moved) and ends in 10 minutes. Its name ends with the project and the server time, so
 * each run's quiz is its own; `created` is the admin view the API returned.
 */
export async function createLiveQuiz<T = { _id: string }>(
  page: Page,
  testInfo: TestInfo,
  quiz: {
    name: string;
    desc: string;
    exam: string;
    questions: readonly QuizQuestionInput[];
    duration?: number;
    markingScheme?: { correct: number; wrong: number };
  },
): Promise<{
  id: string;
  name: string;
  now: number;
  endAt: number;
  admin: Session;
  adminToken: string;
  created: T;
}> {
  const admin = await adminSession(page.request, testInfo);
  const now = await serverNow(page.request);
  const endAt = now + 10 * 60_000;
  const name = `${quiz.name} ${testInfo.project.name} ${now}`;
  const created = await createQuizViaApi<T & { _id: string }>(page.request, admin, {
    name,
    desc: quiz.desc,
    exam: quiz.exam,
    class: 'Preparing for Competitive exams',
    duration: quiz.duration ?? 6,
    startTimeStamp: new Date(now - 60_000).toISOString(),
    endTimeStamp: new Date(endAt).toISOString(),
    price: 0,
    published: true,
    ...(quiz.markingScheme ? { markingScheme: quiz.markingScheme } : {}),
    questions: quiz.questions,
  });
  return { id: created._id, name, now, endAt, admin, adminToken: admin.accessToken, created };
}

/** What the admin API returns for a quiz made by `createRecordableQuiz`. */
export interface RecordableQuiz {
  _id: string;
  questions: { _id: string; qn: string; audioUrl: string | null }[];
}

/** A live (3 hours), free, published quiz with two questions to attach recordings to. */
export async function createRecordableQuiz(
  request: APIRequestContext,
  admin: Session,
  quiz: { name: string; desc: string },
): Promise<RecordableQuiz> {
  const now = await serverNow(request);
  return createQuizViaApi<RecordableQuiz>(request, admin, {
    name: quiz.name,
    desc: quiz.desc,
    exam: 'SSC',
    class: 'Preparing for Competitive exams',
    duration: 10,
    startTimeStamp: new Date(now - 60_000).toISOString(),
    endTimeStamp: new Date(now + 3 * 3600_000).toISOString(),
    price: 0,
    published: true,
    instructions: ['Listen to each question.'],
    questions: [
      { qn: 'Which planet is called the red planet?', choices: ['Mars', 'Venus'], ansIndex: 0 },
      { qn: 'Which is the largest ocean?', choices: ['Atlantic', 'Pacific'], ansIndex: 1 },
    ],
  });
}

/**
 * Takes a test's quiz out of everyone's lists: deletes it, or unpublishes it when attempts or
 * payments keep it. A quiz already gone or hidden is left alone.
 */
export async function retireQuiz(request: APIRequestContext, adminToken: string, id: string): Promise<void> {
  const headers = bearer(adminToken);
  const res = await request.get(`/api/quizzes/admin-get-one/${id}`, { headers });
  if (res.status() === 404) return;
  const quiz = await res.json();
  if (!quiz.published) return;
  if ((await request.delete(`/api/quizzes/${id}`, { headers })).ok()) return;
  const { name, desc, exam, duration, startTimeStamp, endTimeStamp, price, markingScheme, instructions } =
    quiz;
  const put = await request.put(`/api/quizzes/${id}`, {
    headers,
    data: {
      name,
      desc,
      exam,
      class: quiz.class,
      duration,
      startTimeStamp,
      endTimeStamp,
      price,
      markingScheme,
      instructions,
      published: false,
      questions: quiz.questions,
    },
  });
  expect(put.ok(), await put.text()).toBe(true);
}

export interface ListedQuiz {
  _id: string;
  name: string;
  price: number;
  isPaid: boolean;
  startTimeStamp: string;
  endTimeStamp: string;
}

/** Live paid quizzes (the demo data has two) this learner has not unlocked, open for another day. */
export async function lockedPaidQuizzes(request: APIRequestContext, session: Session): Promise<ListedQuiz[]> {
  const res = await request.get('/api/quizzes/participant?limit=50', {
    headers: bearer(session.accessToken),
  });
  expect(res.ok()).toBe(true);
  const { quizzes } = (await res.json()) as { quizzes: ListedQuiz[] };
  const now = Date.now();
  return quizzes.filter(
    (q) =>
      q.price > 0 &&
      !q.isPaid &&
      new Date(q.startTimeStamp).getTime() < now &&
      new Date(q.endTimeStamp).getTime() > now + 86_400_000,
  );
}

import { expect, type APIRequestContext } from '@playwright/test';
import type { Session } from './session';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The server's clock (tests may have moved it with POST /api/dev/clock), in epoch ms. */
export async function serverNow(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/dev/clock');
  return new Date(((await res.json()) as { now: string }).now).getTime();
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

/** Learners, quizzes relative to the test clock and attempt requests shared by quiz-attempt*.api.test.ts. */
import { t } from './app';
import { and, eq } from 'drizzle-orm';
import { errorBodySchema } from '@quizcast/contract/errors';
import { type Answer } from '@quizcast/contract/schemas/quiz';
import { attempts } from '../../src/db/schema';
import { createQuiz, createStudent, type CreatedQuiz, type UserRow } from '../../src/seed/factories';
import { bearerFor } from '../helpers';

export const MIN = 60_000;

/** A new student and their Bearer header. */
export async function student(): Promise<{ user: UserRow; headers: Record<string, string> }> {
  const user = await createStudent(t.db);
  return { user, headers: await bearerFor(user, t.clock) };
}

/** A quiz whose window is relative to the test clock (live by default, 10 minutes, 10 questions). */
export function quiz(overrides: Parameters<typeof createQuiz>[1] = {}): Promise<CreatedQuiz> {
  return createQuiz(t.db, overrides, undefined, t.clock.now());
}

export const at = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs);

export function get(url: string, headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url, headers });
}
export function attend(quizId: string, headers: Record<string, string>) {
  return get(`/api/quizzes/participant/attend/${quizId}`, headers);
}
export function save(quizId: string, headers: Record<string, string>, answers: Answer[]) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/quizzes/participant/attend/${quizId}/answers`,
    headers,
    payload: { answers },
  });
}
export function submit(
  headers: Record<string, string>,
  body: { quizId: string; answers: Answer[]; startedAt?: string; submittedAt?: string },
) {
  return t.app.inject({ method: 'POST', url: '/api/quizzes/participant/submit', headers, payload: body });
}
export async function attemptsOf(quizId: string, userId: string) {
  return t.db
    .select()
    .from(attempts)
    .where(and(eq(attempts.quizId, quizId), eq(attempts.userId, userId)));
}
/** Answer the first `n` questions: `correct` of them right, the rest wrong. */
export function answersFor(created: CreatedQuiz, n: number, correct: number): Answer[] {
  return created.questions.slice(0, n).map((q, i) => ({
    qnId: q.id,
    selectedOption: q.choices[i < correct ? q.ansIndex : (q.ansIndex + 1) % q.choices.length]!,
  }));
}
/** Just the responses of saved entries (they also carry palette state, time and seq). */
export function responses(list: Answer[]) {
  return list.map(({ qnId, selectedOption }) => ({ qnId, selectedOption }));
}
export function errorOf(res: { json(): unknown }) {
  return errorBodySchema.parse(res.json());
}
/** Every key anywhere in a JSON value. */
export function allKeys(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => allKeys(v, out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      allKeys(v, out);
    }
  return out;
}

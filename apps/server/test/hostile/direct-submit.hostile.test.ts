import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { errorBodySchema } from '@quizcast/contract/errors';
import { attempts } from '../../src/db/schema';
import { createQuiz, createStudent } from '../../src/seed/factories';
import { bearerFor, buildTestApp, type TestApp } from '../helpers';
import { reportFigure } from './support';

/**
 * Direct submit (issue 15 item 1): a submission with no attempt started by attend is refused with a
 * plain 409 and creates nothing, so nobody can finish a quiz in ≈ 0 s and win every tie-break.
 * The refusal itself is the exam branch's (feat/exam); this test goes green once that is merged.
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('direct submit', () => {
  it('a submit without attend is refused and stores no attempt', async () => {
    const { quiz, questions } = await createQuiz(t.db, {}, undefined, t.clock.now());
    const user = await createStudent(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/quizzes/participant/submit',
      headers: await bearerFor(user, t.clock),
      payload: {
        quizId: quiz.id,
        answers: questions.map((q) => ({ qnId: q.id, selectedOption: q.choices[q.ansIndex]! })),
      },
    });
    const rows = await t.db
      .select()
      .from(attempts)
      .where(and(eq(attempts.quizId, quiz.id), eq(attempts.userId, user.id)));
    reportFigure(
      'direct submit',
      `submit without attend → ${res.statusCode}, ${rows.length} attempts stored`,
    );
    expect(res.statusCode).toBe(409);
    expect(typeof errorBodySchema.parse(res.json()).message).toBe('string');
    expect(rows).toHaveLength(0);
  });
});

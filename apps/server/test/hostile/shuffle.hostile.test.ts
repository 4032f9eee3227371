import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quizAttemptSchema, type QuizAttempt } from '@quizcast/contract/schemas/quiz';
import { buildQuestions, createQuiz, createStudent } from '../../src/seed/factories';
import { bearerFor, buildTestApp, type TestApp } from '../helpers';
import { reportFigure } from './support';

/**
 * Answer sharing: with shuffling on, learners see different question and choice orders, so "Q5 is B"
 * is useless to a group; each learner resumes (on any instance: nothing is stored) the same order.
 */

const LEARNERS = 20;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('per-learner order', () => {
  it('gives learners different orders and each the same order on resume', async () => {
    const { quiz } = await createQuiz(
      t.db,
      { shuffleQuestions: true, shuffleChoices: true },
      buildQuestions(15),
      t.clock.now(),
    );
    const orders: QuizAttempt[] = [];
    let resumedSame = 0;
    for (let i = 0; i < LEARNERS; i += 1) {
      const headers = await bearerFor(await createStudent(t.db), t.clock);
      const url = `/api/quizzes/participant/attend/${quiz.id}`;
      const first = quizAttemptSchema.parse((await t.app.inject({ url, headers })).json());
      const again = quizAttemptSchema.parse((await t.app.inject({ url, headers })).json());
      if (JSON.stringify(again.questions) === JSON.stringify(first.questions)) resumedSame += 1;
      orders.push(first);
    }
    const layouts = new Set(
      orders.map((o) => o.questions.map((q) => `${q._id}:${q.choices.join('|')}`).join(',')),
    );
    const firstQuestionOrders = new Set(orders.map((o) => o.questions.map((q) => q._id).join(',')));
    reportFigure(
      'shuffle',
      `${LEARNERS} learners → ${firstQuestionOrders.size} distinct question orders, ${layouts.size} distinct layouts; ${resumedSame}/${LEARNERS} resumed the same order`,
    );
    expect(resumedSame).toBe(LEARNERS);
    expect(firstQuestionOrders.size).toBe(LEARNERS);
    expect(layouts.size).toBe(LEARNERS);
  });
});

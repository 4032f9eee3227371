import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { difficultyBand } from '@quizcast/contract/domain/practice';
import { rawRows } from '../src/db/raw-rows';
import { itemAnalysis, questions } from '../src/db/schema';
import { bandExpression } from '../src/modules/practice/practice-questions';
import { createStudent } from '../src/seed/factories';
import { buildTestApp, type TestApp } from './helpers';
import { contestAttempt, MIN, openQuiz, publish, topicQuestions } from './practice-support';

/**
 * A drill's difficulty band reads each question's facility from the question (ADR 024): triggers on
 * `item_analysis` keep `questions.facility` equal to the analysis (migration 0027), and the band's SQL
 * twin agrees with `difficultyBand`.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Each question of the quiz: its stored facility, and the one its analysis row gives (or none). */
async function facilities(quizId: string) {
  const rows = await t.db
    .select({ facility: questions.facility, correct: itemAnalysis.correct, n: itemAnalysis.participants })
    .from(questions)
    .leftJoin(
      itemAnalysis,
      sql`${itemAnalysis.quizId} = ${questions.quizId} and ${itemAnalysis.questionId} = ${questions.id}`,
    )
    .where(eq(questions.quizId, quizId))
    .orderBy(asc(questions.position));
  return rows.map((r) => ({
    stored: r.facility,
    analysed: r.correct === null || !r.n ? null : (100 * r.correct) / r.n,
  }));
}

describe('the facility a drill’s band reads', () => {
  it('follows the item analysis: written at publication, changed with it, cleared with it', async () => {
    const quiz = await openQuiz(t, { exam: 'UPSC' }, topicQuestions('Economy', 3));
    // Three takers: question 1 right by all, question 2 by one, question 3 by none.
    for (const picks of [
      [0, 0, 1],
      [0, 1, 1],
      [0, 1, null],
    ])
      await contestAttempt(t, quiz, await createStudent(t.db), picks, 1, 5 * MIN);
    expect((await facilities(quiz.quiz.id)).map((f) => f.stored)).toEqual([null, null, null]);
    await publish(t, quiz);
    const published = await facilities(quiz.quiz.id);
    expect(published.map((f) => f.stored)).toEqual([100, 100 / 3, 0]);
    for (const f of published) expect(f.stored).toBeCloseTo(f.analysed!, 12);

    await t.db
      .update(itemAnalysis)
      .set({ correct: 2 })
      .where(eq(itemAnalysis.questionId, quiz.questions[2]!.id));
    expect((await facilities(quiz.quiz.id))[2]!.stored).toBeCloseTo(200 / 3, 12);

    await t.db.delete(itemAnalysis).where(eq(itemAnalysis.quizId, quiz.quiz.id));
    expect((await facilities(quiz.quiz.id)).map((f) => f.stored)).toEqual([null, null, null]);
  });

  it('is banded in SQL exactly as difficultyBand does, at and around each bound', async () => {
    const cases = [null, 0, 39.99, 40, 55, 69.99, 70, 100, 100 / 3, 200 / 3];
    for (const inline of [false, true])
      for (const facility of cases) {
        const [row] = rawRows<{ band: string }>(
          await t.db.execute(
            sql`select ${bandExpression(inline)} as band from (select ${facility}::float8 as facility) q`,
          ),
        );
        expect({ facility, inline, band: row!.band }).toEqual({
          facility,
          inline,
          band: difficultyBand(facility),
        });
      }
  });
});

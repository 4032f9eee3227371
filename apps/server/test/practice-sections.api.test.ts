import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questions, type StoredSection } from '../src/db/schema';
import { maximumScore } from '../src/modules/marking/marking';
import { createStudent } from '../src/seed/factories';
import { buildTestApp, type TestApp } from './helpers';
import { learner, openQuiz, publish, started, submitPractice, topicQuestions } from './practice-support';

/**
 * Issue 26 meets issue 27: a practice of a sectioned quiz is marked section by section by the
 * marking module, exactly as the contest is (each section's own marks and negative marks).
 */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const section = (name: string, markCorrect: number | null, markWrong: number | null): StoredSection => ({
  name,
  nameHi: `${name} (हिंदी)`,
  durationMin: null,
  markCorrect,
  markWrong,
  cutoff: null,
});

describe('practice of a sectioned quiz (issue 26)', () => {
  it("marks each section with its own scheme and counts each section's marks in the maximum", async () => {
    // Quiz scheme +1 / −0.25; Physics keeps it, Chemistry is +4 / −1 (as JEE Main).
    const seeds = [...topicQuestions('Physics', 2), ...topicQuestions('Chemistry', 2)].map((q, i) => ({
      ...q,
      section: i < 2 ? 0 : 1,
    }));
    const quiz = await openQuiz(
      t,
      {
        markCorrect: 1,
        markWrong: 0.25,
        navigation: 'free',
        sections: [section('Physics', null, null), section('Chemistry', 4, 1)],
      },
      seeds,
    );
    await publish(t, quiz);
    const me = await learner(t, await createStudent(t.db));
    const attempt = await started(t, me, quiz.quiz.id);
    const [p1, p2, c1, c2] = quiz.questions;
    const done = await submitPractice(t, me, attempt, [
      { qnId: p1!.id, selectedOption: p1!.choices[0]! }, // right: +1
      { qnId: p2!.id, selectedOption: p2!.choices[1]! }, // wrong: −0.25
      { qnId: c1!.id, selectedOption: c1!.choices[0]! }, // right: +4
      { qnId: c2!.id, selectedOption: c2!.choices[1]! }, // wrong: −1
    ]);
    // The quiz-wide scheme alone would give 1 − 0.25 + 1 − 0.25 = 1.5 of 4.
    expect(done.result!.score).toBe(3.75);
    expect(done.result!.maxScore).toBe(10);
    expect([done.result!.correctCount, done.result!.wrongCount]).toEqual([2, 2]);
    expect(done.result!.feedback.map((f) => f.outcome)).toEqual(['right', 'wrong', 'right', 'wrong']);
  });

  it('a quiz without sections keeps the quiz-wide scheme', async () => {
    const quiz = await openQuiz(t, { markCorrect: 2, markWrong: 0.5 }, topicQuestions('Polity', 3));
    await publish(t, quiz);
    const me = await learner(t, await createStudent(t.db));
    const attempt = await started(t, me, quiz.quiz.id);
    const [a, b] = quiz.questions;
    const done = await submitPractice(t, me, attempt, [
      { qnId: a!.id, selectedOption: a!.choices[0]! },
      { qnId: b!.id, selectedOption: b!.choices[1]! },
    ]);
    expect(done.result!.score).toBe(1.5);
    expect(done.result!.maxScore).toBe(6);
  });

  it("takes its maximum from marking's maximumScore, as the summary and the podium do: a dropped question counts for no one", async () => {
    const sections = [section('Physics', null, null), section('Chemistry', 4, 1)];
    const seeds = [...topicQuestions('Physics', 2), ...topicQuestions('Chemistry', 2)].map((q, i) => ({
      ...q,
      section: i < 2 ? 0 : 1,
    }));
    const quiz = await openQuiz(t, { markCorrect: 1, markWrong: 0.25, navigation: 'free', sections }, seeds);
    await publish(t, quiz);
    // A key correction dropped a Chemistry question (+4).
    await t.db
      .update(questions)
      .set({ droppedAt: t.clock.now() })
      .where(eq(questions.id, quiz.questions[3]!.id));
    const me = await learner(t, await createStudent(t.db));
    const attempt = await started(t, me, quiz.quiz.id);
    const done = await submitPractice(t, me, attempt, []);
    const marking = maximumScore(
      quiz.questions.map((q, i) => ({ dropped: i === 3, section: i < 2 ? 0 : 1 })),
      { correct: 1, wrong: 0.25 },
      sections,
    );
    expect(marking).toBe(6);
    expect(done.result!.maxScore).toBe(marking);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyticsPath,
  itemAnalysisResponseSchema,
  progressResponseSchema,
} from '@quizcast/contract/schemas/analytics';
import type { StoredSection } from '../src/db/schema';
import { createStudent } from '../src/seed/factories';
import { bearerFor, buildTestApp, type TestApp } from './helpers';
import { contestAttempt, openQuiz, publish, topicQuestions } from './practice-support';

/** Issue 26: item analysis reads section by section (the admin's quiz details and its CSV). */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const section = (name: string): StoredSection => ({
  name,
  nameHi: `${name} (हिंदी)`,
  durationMin: null,
  markCorrect: null,
  markWrong: null,
  cutoff: null,
});

describe('item analysis of a sectioned quiz (issue 26)', () => {
  it("names each item's section and each section's mean facility, and the CSV has a Section column", async () => {
    const seeds = [...topicQuestions('Physics', 2), ...topicQuestions('Chemistry', 2)].map((q, i) => ({
      ...q,
      section: i < 2 ? 0 : 1,
    }));
    const quiz = await openQuiz(
      t,
      { navigation: 'free', sections: [section('Physics'), section('Chemistry')] },
      seeds,
    );
    // Three learners; the key is always choice 0. Physics: 3/3 and 1/3 right; Chemistry: 0/3 and 2/3.
    const picks: (number | null)[][] = [
      [0, 0, 1, 0],
      [0, 1, 1, 0],
      [0, 1, null, 1],
    ];
    for (const [i, p] of picks.entries()) {
      const user = await createStudent(t.db);
      await contestAttempt(t, quiz, user, p, 0, (i + 1) * 60_000);
    }
    await publish(t, quiz);
    const admin = await createStudent(t.db, { role: 'admin' });
    const headers = await bearerFor(admin, t.clock);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api${analyticsPath.adminItems(quiz.quiz.id)}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = itemAnalysisResponseSchema.parse(res.json());
    expect(body.items.map((i) => [i.section, i.facility])).toEqual([
      [0, 100],
      [0, 33.3],
      [1, 0],
      [1, 66.7],
    ]);
    expect(body.sections).toEqual([
      { name: 'Physics', nameHi: 'Physics (हिंदी)', questions: 2, facility: 66.7 },
      { name: 'Chemistry', nameHi: 'Chemistry (हिंदी)', questions: 2, facility: 33.4 },
    ]);

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api${analyticsPath.adminItemsCsv(quiz.quiz.id)}`,
      headers,
    });
    expect(csv.statusCode).toBe(200);
    const [header, first, , third] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header!.split(',').slice(0, 3)).toEqual(['Question', 'Section', 'Topic']);
    expect(first!.split(',').slice(0, 3)).toEqual(['1', 'Physics', 'Physics']);
    expect(third!.split(',').slice(0, 3)).toEqual(['3', 'Chemistry', 'Chemistry']);
  });

  it("the progress page shows a sectional quiz's figures section by section, each out of its own marks", async () => {
    const seeds = [...topicQuestions('Physics', 2, 'P'), ...topicQuestions('Chemistry', 2, 'P')].map(
      (q, i) => ({ ...q, section: i < 2 ? 0 : 1 }),
    );
    // Physics at +4 / −1 with a cut-off of 4; Chemistry on the quiz's +1 / 0, no cut-off.
    const quiz = await openQuiz(
      t,
      {
        navigation: 'free',
        markCorrect: 1,
        markWrong: 0,
        sections: [
          { ...section('Physics'), markCorrect: 4, markWrong: 1, cutoff: 4 },
          { ...section('Chemistry'), cutoff: null },
        ],
      },
      seeds,
    );
    const learner = await createStudent(t.db);
    // Physics: one right, one wrong (4 − 1 = 3); Chemistry: one right, one skipped (1).
    await contestAttempt(t, quiz, learner, [0, 1, 0, null], 4, 60_000);
    await contestAttempt(t, quiz, await createStudent(t.db), [0, 0, 0, 0], 10, 90_000);
    await publish(t, quiz);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/me',
      headers: await bearerFor(learner, t.clock),
    });
    expect(res.statusCode, res.body).toBe(200);
    const point = progressResponseSchema.parse(res.json()).trend.find((p) => p.quizId === quiz.quiz.id)!;
    // The maximum is each live question at its section's marks: 2 × 4 + 2 × 1.
    expect([point.score, point.maxScore, point.scorePercent]).toEqual([4, 10, 40]);
    expect(point.sections).toEqual([
      { name: 'Physics', nameHi: 'Physics (हिंदी)', score: 3, maxScore: 8, cleared: false },
      { name: 'Chemistry', nameHi: 'Chemistry (हिंदी)', score: 1, maxScore: 2, cleared: null },
    ]);
  });
});

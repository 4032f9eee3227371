import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  practiceAttemptSchema,
  type PracticeAttempt,
  type PracticeSubmitResponse,
} from '@quizcast/contract/schemas/practice';
import { practiceAttempts, practiceQuestionState, reviewCards, streakActivity } from '../src/db/schema';
import { questionState } from '../src/modules/practice/practice-finish.statement';
import { PracticeRepository } from '../src/modules/practice/practice.repository';
import { cardsFromPractice } from '../src/modules/review/cards-from-practice';
import { StreakRepository } from '../src/modules/streak/streak.repository';
import { StreakService } from '../src/modules/streak/streak.service';
import { createStudent, type CreatedQuiz } from '../src/seed/factories';
import { buildTestApp, testDatabaseKind, type TestApp } from './helpers';
import {
  contestAttempt,
  learner,
  MIN,
  openQuiz,
  publish,
  submitPractice,
  topicQuestions,
  type Learner,
} from './practice-support';

/**
 * Issue 27's bench (bench/README.md, "drill"): on the 2-core box most of a drill's app time went
 * to sending statements to PostgreSQL, so the statements of a drill's start and of a practice
 * submission are counted here; a change that adds a round trip fails here, not only in the bench.
 */

let t: TestApp;
/** Every statement the app sent, in order. */
const sent: string[] = [];
let history: CreatedQuiz;

beforeAll(async () => {
  // The session cache on, as in production (the other suites turn it off to edit users directly).
  t = await buildTestApp({ env: { USER_CACHE_TTL_SECONDS: '60' }, queryLog: (query) => sent.push(query) });
  history = await openQuiz(t, { exam: 'UPSC' }, topicQuestions('History', 12));
  await contestAttempt(t, history, await createStudent(t.db), Array(12).fill(0), 12, MIN);
  await publish(t, history);
});
afterAll(() => t.close());

async function statementsOf(action: () => Promise<unknown>): Promise<string[]> {
  sent.length = 0;
  await action();
  return sent.map((query) => query.replace(/\s+/g, ' ').trim());
}

async function startDrill(who: Learner): Promise<PracticeAttempt> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/practice/drills',
    headers: who.headers,
    payload: {
      exam: 'UPSC',
      topics: ['History'],
      difficulty: 'easy',
      count: 10,
      timed: false,
      instantFeedback: false,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return practiceAttemptSchema.parse(res.json());
}

describe(`practice: statements per request (${testDatabaseKind})`, () => {
  it("a drill's start is two statements: the session, and the draw that reads the questions and stores the drill", async () => {
    const me = await learner(t, await createStudent(t.db));
    let drill: PracticeAttempt | undefined;
    const statements = await statementsOf(async () => {
      drill = await startDrill(me);
    });
    expect(statements).toEqual([
      expect.stringMatching(/from "sessions" left join "users" on "users"\."id" = "sessions"\."user_id"/),
      expect.stringMatching(
        /^with pool as materialized \( select q\.id, q\.quiz_id from questions q .*\), drawn as \( select p\.id, row_number\(\) .* limit \(select \$\d+::int\) \), stored as \( insert into practice_attempts .* returning 1 \) select q\.id, q\.quiz_id as "quizId", q\.qn, .* from drawn join questions q on q\.id = drawn\.id/,
      ),
    ]);
    // Stored as the response says, and the response is what a read of it answers.
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/practice/attempts/${drill!._id}`,
      headers: me.headers,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect({ ...practiceAttemptSchema.parse(again.json()), serverNow: null }).toEqual({
      ...drill!,
      serverNow: null,
    });
    // The questions shown are the drawn ones, in the stored order, with the quiz's own text.
    const [row] = await t.db.select().from(practiceAttempts).where(eq(practiceAttempts.id, drill!._id));
    expect(drill!.questions.map((q) => q._id)).toEqual(row!.questionIds);
    const byId = new Map(history.questions.map((q) => [q.id, q]));
    expect(drill!.questions.map((q) => [q.qn, q.choices])).toEqual(
      row!.questionIds.map((id) => [byId.get(id)!.qn, byId.get(id)!.choices]),
    );
  });

  it('a timed drill drawn short of its count is stored with the deadline of the questions it has', async () => {
    const me = await learner(t, await createStudent(t.db));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/practice/drills',
      headers: me.headers,
      payload: {
        exam: 'UPSC',
        topics: ['History'],
        difficulty: 'easy',
        count: 30,
        timed: true,
        instantFeedback: false,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const drill = practiceAttemptSchema.parse(res.json());
    expect(drill.questions).toHaveLength(12);
    // UPSC: 72 seconds a question, for the 12 there are (not the 30 asked).
    const [row] = await t.db.select().from(practiceAttempts).where(eq(practiceAttempts.id, drill._id));
    expect(row!.deadlineAt!.getTime() - row!.startedAt.getTime()).toBe(12 * 72_000);
    expect(drill.deadlineAt).toBe(row!.deadlineAt!.toISOString());
    expect(row!.questionIds).toEqual(drill.questions.map((q) => q._id));
  });

  it('a submission of an attempt this instance holds is one finishing statement (another instance reads it first: practice-running-copy)', async () => {
    const me = await learner(t, await createStudent(t.db));
    const drill = await startDrill(me);
    const byId = new Map(history.questions.map((q) => [q.id, q]));
    // The first three right, the next two wrong, the rest unanswered.
    const answers = drill.questions.slice(0, 5).map((q, i) => ({
      qnId: q._id,
      selectedOption: byId.get(q._id)!.choices[i < 3 ? 0 : 1]!,
    }));
    let result: PracticeSubmitResponse | undefined;
    const statements = await statementsOf(async () => {
      result = await submitPractice(t, me, drill, answers);
    });
    expect(statements).toEqual([
      expect.stringMatching(
        /^with done as \( update practice_attempts .* and revision = \$\d+::int and \(select count\(\*\) from questions q .* returning 1 \), part_state as \( insert into practice_question_state .*\), part_cards as \( insert into review_cards .*\), part_streak as \(insert into streak_activity .*\) select count\(\*\)::int as finished from done$/,
      ),
    ]);
    expect(statements.join(' ')).not.toMatch(/\bbegin\b/i);
    // What the one statement wrote: the attempt, each answered question's state, the two wrong
    // answers' cards and the day; the response is the result of what was written.
    expect(result!.status).toBe('submitted');
    expect(result!.result).toMatchObject({ correctCount: 3, wrongCount: 2, score: 3 });
    const [row] = await t.db.select().from(practiceAttempts).where(eq(practiceAttempts.id, drill._id));
    expect([row!.status, row!.correctCount, row!.wrongCount, row!.score]).toEqual(['submitted', 3, 2, 3]);
    expect(row!.submittedAt!.toISOString()).toBe(t.clock.now().toISOString());
    const chosen = new Map(answers.map((a) => [a.qnId, a.selectedOption]));
    expect(row!.answers.map((a) => [a.qnId, a.selectedOption])).toEqual(
      drill.questions.map((q) => [q._id, chosen.get(q._id) ?? null]),
    );
    expect(result!.result.feedback.map((f) => [f.qnId, f.outcome])).toEqual(
      drill.questions.map((q, i) => [q._id, i < 3 ? 'right' : i < 5 ? 'wrong' : 'skipped']),
    );
    const state = await t.db
      .select()
      .from(practiceQuestionState)
      .where(eq(practiceQuestionState.userId, me.user.id));
    expect(new Map(state.map((s) => [s.questionId, s.lastCorrect]))).toEqual(
      new Map(answers.map((a, i) => [a.qnId, i < 3])),
    );
    const cards = await t.db.select().from(reviewCards).where(eq(reviewCards.userId, me.user.id));
    expect(cards.map((c) => c.questionId).sort()).toEqual(
      answers
        .slice(3)
        .map((a) => a.qnId)
        .sort(),
    );
    const days = await t.db.select().from(streakActivity).where(eq(streakActivity.userId, me.user.id));
    expect(days.map((d) => d.kind)).toEqual(['practice']);
  });

  it('a finishing statement that misses (a save got there first) writes no question state, card or day', async () => {
    const me = await learner(t, await createStudent(t.db));
    const drill = await startDrill(me);
    const repo = new PracticeRepository(t.db);
    const [attempt] = await t.db
      .select()
      .from(practiceAttempts)
      .where(and(eq(practiceAttempts.id, drill._id), eq(practiceAttempts.userId, me.user.id)));
    const now = t.clock.now();
    const wrong = drill.questions.slice(0, 2).map((q) => q._id);
    const write = (revision: number) =>
      repo.finish(
        { ...attempt!, revision },
        {
          answers: [],
          score: 0,
          correctCount: 0,
          wrongCount: 2,
          elapsedMs: 1000,
          submittedAt: now,
          predicted: null,
        },
        now,
        [
          questionState(wrong.map((questionId) => ({ questionId, correct: false }))),
          cardsFromPractice(wrong),
          new StreakService(new StreakRepository(t.db), t.clock).countDayPart('practice', now),
        ],
      );
    // Another revision than the stored one: nothing at all is written.
    expect(await write(attempt!.revision + 1)).toBe(false);
    const [still] = await t.db.select().from(practiceAttempts).where(eq(practiceAttempts.id, drill._id));
    expect(still!.status).toBe('in_progress');
    const counts = async () =>
      [
        await t.db.select().from(practiceQuestionState).where(eq(practiceQuestionState.userId, me.user.id)),
        await t.db.select().from(reviewCards).where(eq(reviewCards.userId, me.user.id)),
        await t.db.select().from(streakActivity).where(eq(streakActivity.userId, me.user.id)),
      ].map((rows) => rows.length);
    expect(await counts()).toEqual([0, 0, 0]);
    // The stored revision: all of it, once; again: nothing more (the attempt is no longer running).
    expect(await write(attempt!.revision)).toBe(true);
    expect(await counts()).toEqual([2, 2, 1]);
    expect(await write(attempt!.revision)).toBe(false);
    const [state] = await t.db
      .select()
      .from(practiceQuestionState)
      .where(eq(practiceQuestionState.userId, me.user.id));
    expect(state!.answered).toBe(1);
  });
});

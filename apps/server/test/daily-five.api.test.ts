import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyFiveResponseSchema, type PracticeFeedback } from '@quizcast/contract/schemas/practice';
import { streakResponseSchema } from '@quizcast/contract/schemas/streak';
import { reviewCards } from '../src/db/schema';
import { createStudent, type CreatedQuiz } from '../src/seed/factories';
import { buildTestApp, testDatabaseKind, type TestApp } from './helpers';
import {
  contestAttempt,
  learner,
  MIN,
  openQuiz,
  publish,
  started,
  submitPractice,
  topicQuestions,
  unlock,
  type Learner,
} from './practice-support';

/**
 * The daily five (issue 28): five questions per learner and IST day, chosen from due review cards,
 * then the weakest topics, then unseen published questions; stable within the day; finishing it
 * counts the streak day.
 */
let t: TestApp;
/** 12:00 IST, 24 Nov 2026. */
const NOON = new Date('2026-11-24T06:30:00Z');

beforeAll(async () => {
  t = await buildTestApp({ now: NOON });
});
afterAll(() => t.close());

const newLearner = async () => learner(t, await createStudent(t.db));

async function today(who: Learner) {
  const res = await t.app.inject({ method: 'GET', url: '/api/daily-five', headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return dailyFiveResponseSchema.parse(res.json());
}

const idsOf = (quiz: CreatedQuiz, topic?: string) =>
  quiz.questions.filter((q) => !topic || q.topic === topic).map((q) => q.id);

/** Published quizzes: W (Economy 2, Polity 2), W2 (Economy 3, History 3). */
let w: CreatedQuiz;
let w2: CreatedQuiz;
let live: CreatedQuiz;
let paid: CreatedQuiz;
let weak: Learner;

describe(`the daily five (${testDatabaseKind})`, () => {
  it('is empty while there is nothing to practise, and needs a sign-in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/daily-five' })).statusCode).toBe(401);
    const body = await today(await newLearner());
    expect(body).toEqual({ day: '2026-11-24', attempt: null });
  });

  it('for a learner with nothing yet: unseen questions of published quizzes, never a live or a locked paid one', async () => {
    weak = await newLearner();
    w = await openQuiz(t, {}, [...topicQuestions('Economy', 2), ...topicQuestions('Polity', 2)]);
    // The weak learner gets every Economy question wrong and every Polity question right.
    await contestAttempt(t, w, weak.user, [1, 1, 0, 0], 2, 5 * MIN);
    w2 = await openQuiz(t, {}, [...topicQuestions('Economy', 3, ' b'), ...topicQuestions('History', 3)]);
    paid = await openQuiz(t, { pricePaise: 1000 }, topicQuestions('Geography', 4));
    await publish(t, w);
    await publish(t, w2);
    await publish(t, paid);
    live = await openQuiz(
      t,
      { endAt: new Date(t.clock.now().getTime() + 600 * MIN) },
      topicQuestions('Science', 4),
    );

    const fresh = await newLearner();
    const { attempt } = await today(fresh);
    expect(attempt).toMatchObject({
      kind: 'daily_five',
      instantFeedback: true,
      timed: false,
      status: 'in_progress',
    });
    const shown = attempt!.questions.map((q) => q._id);
    expect(shown).toHaveLength(5);
    const allowed = new Set([...idsOf(w), ...idsOf(w2)]);
    for (const id of shown) expect(allowed.has(id), id).toBe(true);
    // No key and no explanation travel before an answer.
    expect(JSON.stringify(attempt!.questions)).not.toMatch(/ansIndex|Because/);

    // Once the paid quiz is unlocked, its questions may be chosen (tomorrow's five).
    const buyer = await newLearner();
    await unlock(t, buyer.user, paid);
    await t.db.update(reviewCards).set({ suspendedAt: t.clock.now() });
    const many = new Set<string>();
    const dayStart = t.clock.now();
    for (let d = 0; d < 6; d += 1) {
      t.clock.set(new Date(dayStart.getTime() + d * 24 * 60 * MIN));
      for (const q of (await today(buyer)).attempt!.questions) many.add(q._id);
    }
    t.clock.set(dayStart);
    expect(idsOf(paid).some((id) => many.has(id))).toBe(true);
    for (const id of idsOf(live)) expect(many.has(id)).toBe(false);
  });

  it('for a learner with weak topics: their weakest topic first', async () => {
    // Without cards (suspended above), the weak learner's five is the Economy questions of W and W2.
    const { attempt } = await today(weak);
    expect(new Set(attempt!.questions.map((q) => q._id))).toEqual(
      new Set([...idsOf(w, 'Economy'), ...idsOf(w2, 'Economy')]),
    );
  });

  it('for a learner with due cards: the cards first, then the weakest topic', async () => {
    const carded = await newLearner();
    const w3 = await openQuiz(t, {}, [
      ...topicQuestions('Polity', 2, ' c'),
      ...topicQuestions('Economy', 2, ' c'),
    ]);
    // Polity wrong (two cards at publication), Economy right: Polity is the weak topic.
    await contestAttempt(t, w3, carded.user, [1, 1, 0, 0], 2, 5 * MIN);
    await publish(t, w3);
    const cards = await t.db.select().from(reviewCards).where(eq(reviewCards.userId, carded.user.id));
    expect(cards).toHaveLength(2);
    t.clock.set(new Date(Math.max(...cards.map((c) => c.due.getTime())) + MIN));

    const shown = (await today(carded)).attempt!.questions.map((q) => q._id);
    expect(new Set(shown.slice(0, 2))).toEqual(new Set(idsOf(w3, 'Polity')));
    // Then the other Polity questions the learner may see (W's two), before anything else.
    expect(new Set(shown.slice(2, 4))).toEqual(new Set(idsOf(w, 'Polity')));
  });

  it('is the same five all day, on a reload or a second device, and new after IST midnight', async () => {
    const me = await newLearner();
    t.clock.set(new Date('2026-11-25T06:30:00Z'));
    const [a, b] = await Promise.all([today(me), today(me)]);
    expect(b.attempt!._id).toBe(a.attempt!._id);
    t.clock.set(new Date('2026-11-25T18:29:59Z')); // 23:59:59 IST
    const late = await today(me);
    expect(late).toMatchObject({ day: '2026-11-25', attempt: { _id: a.attempt!._id } });
    expect(late.attempt!.questions.map((q) => q._id)).toEqual(a.attempt!.questions.map((q) => q._id));
    t.clock.set(new Date('2026-11-25T18:30:00Z')); // 00:00 IST, 26 Nov
    const next = await today(me);
    expect(next.day).toBe('2026-11-26');
    expect(next.attempt!._id).not.toBe(a.attempt!._id);
  });

  it('counts the streak day when finished (and practice counts its day too)', async () => {
    t.clock.set(new Date('2026-11-27T06:30:00Z'));
    const me = await newLearner();
    const streak = async (who: Learner) =>
      streakResponseSchema.parse(
        (await t.app.inject({ method: 'GET', url: '/api/streak', headers: who.headers })).json(),
      );
    expect((await streak(me)).current).toBe(0);
    const { attempt } = await today(me);
    const save = await t.app.inject({
      method: 'PUT',
      url: `/api/practice/attempts/${attempt!._id}/answers`,
      headers: me.headers,
      payload: {
        answers: [{ qnId: attempt!.questions[0]!._id, selectedOption: attempt!.questions[0]!.choices[0] }],
      },
    });
    expect(save.statusCode, save.body).toBe(200);
    expect(save.json().feedback).toHaveLength(1);
    const done = await submitPractice(
      t,
      me,
      attempt!,
      attempt!.questions.map((q) => ({ qnId: q._id, selectedOption: q.choices[0]! })),
    );
    expect(done.result!.totalQuestions).toBe(5);
    expect((await streak(me)).current).toBe(1);
    expect((await today(me)).attempt!.status).toBe('submitted');

    const practiser = await newLearner();
    const practice = await started(t, practiser, w.quiz.id, { timed: false, instantFeedback: true });
    await submitPractice(t, practiser, practice, []);
    expect((await streak(practiser)).current).toBe(1);
  });

  it('carries its key while it runs (feedback offline), as the server judges; no other practice does', async () => {
    const me = await newLearner();
    const { attempt } = await today(me);
    const key = new Map(attempt!.offlineKey!.map((k) => [k.qnId, k]));
    expect([...key.keys()].sort()).toEqual(attempt!.questions.map((q) => q._id).sort());
    for (const q of attempt!.questions) {
      const outcomes = key.get(q._id)!.outcomes;
      expect(Object.keys(outcomes).sort()).toEqual([...q.choices].sort());
      expect(Object.values(outcomes).filter((o) => o === 'right')).toHaveLength(1);
    }
    // Each answer's feedback from the server is the one the key gave on the device.
    const answers = attempt!.questions.map((q, i) => ({ qnId: q._id, selectedOption: q.choices[i % 2]! }));
    const save = await t.app.inject({
      method: 'PUT',
      url: `/api/practice/attempts/${attempt!._id}/answers`,
      headers: me.headers,
      payload: { answers },
    });
    expect(save.statusCode, save.body).toBe(200);
    for (const f of save.json().feedback as PracticeFeedback[]) {
      const k = key.get(f.qnId)!;
      const chosen = answers.find((a) => a.qnId === f.qnId)!.selectedOption;
      expect({ ...k.feedback, qnId: f.qnId, outcome: k.outcomes[chosen] }).toEqual(f);
    }
    await submitPractice(t, me, attempt!, answers);
    expect((await today(me)).attempt!.offlineKey).toBeUndefined();

    const practice = await started(t, me, w.quiz.id, { timed: false, instantFeedback: true });
    expect(practice.offlineKey).toBeUndefined();
  });
});

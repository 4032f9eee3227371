import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { practiceAttemptSchema, type StartDrillBody } from '@quizcast/contract/schemas/practice';
import { practiceAttempts, questions, quizzes } from '../src/db/schema';
import { createStudent, type CreatedQuiz } from '../src/seed/factories';
import { buildTestApp, type TestApp } from './helpers';
import { learner, MIN, openQuiz, publish, topicQuestions, unlock, type Learner } from './practice-support';

/**
 * Each instance's drill pool (issue 27's bench, `DrillPools`): a pool loaded before a change it did
 * not hear of (another instance made it, nothing announced it) never puts a withdrawn, unpublished,
 * dropped or locked question in a drill, and shows each drawn question as it is now. `b` is a second
 * instance on `a`'s database: it hears nothing `a` announces.
 */
let a: TestApp;
let b: TestApp;

const drill = async (t: TestApp, who: Learner, body: Partial<StartDrillBody>) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/practice/drills',
    headers: who.headers,
    payload: {
      exam: 'SSC',
      topics: ['Economy'],
      difficulty: 'medium',
      count: 10,
      timed: false,
      instantFeedback: false,
      ...body,
    },
  });
  return res;
};

const ids = (quiz: CreatedQuiz) => quiz.questions.map((q) => q.id);

beforeAll(async () => {
  a = await buildTestApp();
  b = await buildTestApp({ shareWith: a });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

describe('the drill pool', () => {
  it('never draws a question withdrawn, unpublished, dropped or locked after the pool was loaded', async () => {
    const kept = await openQuiz(a, { exam: 'SSC' }, topicQuestions('Economy', 12));
    const withdrawn = await openQuiz(a, { exam: 'SSC' }, topicQuestions('Economy', 12, ' (withdrawn)'));
    const unpublished = await openQuiz(a, { exam: 'SSC' }, topicQuestions('Economy', 12, ' (unpublished)'));
    const paid = await openQuiz(
      a,
      { exam: 'SSC', pricePaise: 9900 },
      topicQuestions('Economy', 12, ' (paid)'),
    );
    for (const quiz of [kept, withdrawn, unpublished, paid]) await publish(a, quiz);
    const buyer = await learner(b, await createStudent(b.db));
    await unlock(a, buyer.user, paid);
    // b loads its pool: all four quizzes' questions.
    const before = practiceAttemptSchema.parse((await drill(b, buyer, { count: 30 })).json());
    expect(before.questions).toHaveLength(30);
    await b.app.ctx.drillPools!.settled();

    // On a's side, announced to nobody b hears.
    await a.db.update(quizzes).set({ published: false }).where(eq(quizzes.id, withdrawn.quiz.id));
    await a.db.update(quizzes).set({ resultsPublishedAt: null }).where(eq(quizzes.id, unpublished.quiz.id));
    const dropped = kept.questions[0]!.id;
    await a.db.update(questions).set({ droppedAt: a.clock.now() }).where(eq(questions.id, dropped));

    const hidden = new Set([...ids(withdrawn), ...ids(unpublished), dropped]);
    const me = await learner(b, await createStudent(b.db));
    const allowedForMe = new Set(ids(kept).filter((id) => id !== dropped));
    const allowedForBuyer = new Set([...allowedForMe, ...ids(paid)]);
    for (let i = 0; i < 4; i++) {
      for (const [who, allowed, count] of [
        [me, allowedForMe, 10],
        [buyer, allowedForBuyer, 20],
      ] as const) {
        const res = await drill(b, who, { count });
        expect(res.statusCode, res.body).toBe(201);
        const body = practiceAttemptSchema.parse(res.json());
        expect(body.questions).toHaveLength(count);
        expect(body.questions.filter((q) => !allowed.has(q._id))).toEqual([]);
        const [stored] = await b.db.select().from(practiceAttempts).where(eq(practiceAttempts.id, body._id));
        expect(stored!.questionIds.filter((id) => hidden.has(id) || !allowed.has(id))).toEqual([]);
        // Only 11 free questions are left for a learner without the unlock: a drill of 20 is short.
        if (who === me) {
          const short = practiceAttemptSchema.parse((await drill(b, me, { count: 20 })).json());
          expect(short.questions.map((q) => q._id).sort()).toEqual([...allowedForMe].sort());
        }
      }
    }
  });

  it('shows a question changed after the pool was loaded as it is now', async () => {
    const quiz = await openQuiz(a, { exam: 'SSC' }, topicQuestions('Ethics', 10));
    await publish(a, quiz);
    const me = await learner(b, await createStudent(b.db));
    expect((await drill(b, me, { topics: ['Ethics'] })).statusCode).toBe(201);
    await b.app.ctx.drillPools!.settled();
    // An edit on a's side (a key correction touches the quiz's version the same way).
    const changed = quiz.questions[3]!.id;
    await a.db.update(questions).set({ qn: 'Ethics, as corrected?' }).where(eq(questions.id, changed));
    await a.db
      .update(quizzes)
      .set({ updatedAt: new Date(a.clock.now().getTime() + 1000) })
      .where(eq(quizzes.id, quiz.quiz.id));
    const body = practiceAttemptSchema.parse((await drill(b, me, { topics: ['Ethics'] })).json());
    expect(body.questions).toHaveLength(10);
    expect(body.questions.find((q) => q._id === changed)!.qn).toBe('Ethics, as corrected?');
    expect(body.questions.filter((q) => q.qn.includes('question 4?'))).toEqual([]);
  });

  it('draws a quiz published after the pool was loaded: at once where it was published, elsewhere once the pool is a minute old', async () => {
    const first = await openQuiz(a, { exam: 'SSC' }, topicQuestions('Ecology', 10));
    // Its results publish 30 s after the first's (the publication moves the shared clock that far).
    const later = await openQuiz(
      a,
      { exam: 'SSC', endAt: new Date(first.quiz.endAt.getTime() + 30_000) },
      topicQuestions('Ecology', 10, ' (later)'),
    );
    await publish(a, first);
    const me = await learner(a, await createStudent(a.db));
    for (const t of [a, b]) {
      expect((await drill(t, me, { topics: ['Ecology'] })).statusCode).toBe(201);
      await t.app.ctx.drillPools!.settled();
    }
    await publish(a, later);
    const fresh = new Set(ids(later));
    const drawnOn = async (t: TestApp) =>
      practiceAttemptSchema
        .parse((await drill(t, me, { topics: ['Ecology'], count: 20 })).json())
        .questions.map((q) => q._id);
    // a heard its own publication (it draws from the database while it loads again); b holds its
    // pool until it is a minute old, and serves it while it loads the new one.
    expect((await drawnOn(a)).filter((id) => fresh.has(id))).toHaveLength(10);
    await a.app.ctx.drillPools!.settled();
    expect((await drawnOn(a)).filter((id) => fresh.has(id))).toHaveLength(10);
    expect((await drawnOn(b)).filter((id) => fresh.has(id))).toHaveLength(0);
    a.clock.set(new Date(a.clock.now().getTime() + MIN + 1000));
    expect((await drawnOn(b)).filter((id) => fresh.has(id))).toHaveLength(0);
    await b.app.ctx.drillPools!.settled();
    expect((await drawnOn(b)).filter((id) => fresh.has(id))).toHaveLength(10);
  });
});

import { describe, expect, it } from 'vitest';
import { quizAttemptSchema, quizIntroSchema } from '@quizcast/contract/schemas/quiz';
import { payments } from '../src/db/schema';
import { QuizRepository } from '../src/modules/quizzes/quiz.repository';
import { testDatabaseKind } from './helpers';
import {
  MIN,
  student,
  quiz,
  at,
  get,
  attend,
  save,
  submit,
  attemptsOf,
  answersFor,
  responses,
  errorOf,
  allKeys,
} from './support/quiz-attempt';
import { t, useTestApp } from './support/app';

useTestApp({ now: '2026-11-22T10:00:00Z' });

describe(`quiz intro (${testDatabaseKind})`, () => {
  it('needs a signed-in user', async () => {
    const { quiz: q } = await quiz();
    expect((await get(`/api/quizzes/participant/${q.id}`, {})).statusCode).toBe(401);
    expect((await attend(q.id, {})).statusCode).toBe(401);
    // The route's auth runs before any validation (onRequest): a malformed id still hears 401 first.
    expect((await get('/api/quizzes/participant/not-a-uuid', {})).statusCode).toBe(401);
    expect((await attend('not-a-uuid', {})).statusCode).toBe(401);
  });

  it('shows a live quiz with its price, GST, question count and instructions, and no answers', async () => {
    const { headers } = await student();
    const created = await quiz({ pricePaise: 1000, instructions: ['Read carefully.', 'One answer each.'] });
    const res = await get(`/api/quizzes/participant/${created.quiz.id}`, headers);
    expect(res.statusCode).toBe(200);
    const intro = quizIntroSchema.parse(res.json());
    expect(intro).toMatchObject({
      _id: created.quiz.id,
      name: created.quiz.name,
      desc: created.quiz.desc,
      duration: 10,
      isPaid: false,
      questionCount: 10,
      price: 10,
      priceWithGst: 11.8,
      instructions: ['Read carefully.', 'One answer each.'],
      attemptStatus: 'not_started',
    });
    expect(res.body).not.toContain('ansIndex');
  });

  it('answers 404 for an unknown or malformed id, 406 before the start and after the end', async () => {
    const { headers } = await student();
    expect(
      (await get('/api/quizzes/participant/4d3c8a51-0000-4000-8000-000000000000', headers)).statusCode,
    ).toBe(404);
    const malformed = await get('/api/quizzes/participant/not-a-uuid', headers);
    expect(malformed.statusCode).toBe(404);
    expect(errorOf(malformed)).toEqual({ statusCode: 404, message: 'Quiz not found', error: 'Not Found' });

    const upcoming = await quiz({ startAt: at(60 * MIN), endAt: at(120 * MIN) });
    const ended = await quiz({ startAt: at(-120 * MIN), endAt: at(-60 * MIN) });
    for (const { quiz: q } of [upcoming, ended]) {
      const intro = await get(`/api/quizzes/participant/${q.id}`, headers);
      expect(intro.statusCode).toBe(406);
      expect(errorOf(intro).message).toBe('Quiz is not open');
      expect((await attend(q.id, headers)).statusCode).toBe(406);
    }
    const hidden = await quiz({ published: false });
    expect((await get(`/api/quizzes/participant/${hidden.quiz.id}`, headers)).statusCode).toBe(404);
  });

  it('answers 409 "Already attended" once the user has submitted', async () => {
    const { headers } = await student();
    const created = await quiz();
    await attend(created.quiz.id, headers);
    expect((await submit(headers, { quizId: created.quiz.id, answers: [] })).statusCode).toBe(201);
    const res = await get(`/api/quizzes/participant/${created.quiz.id}`, headers);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual({ statusCode: 409, message: 'Already attended', error: 'Conflict' });
  });
});

describe(`attempt: start, resume, unlock (${testDatabaseKind})`, () => {
  it('starts on first fetch with server times and never sends answers or explanations', async () => {
    const { headers } = await student();
    const created = await quiz({ durationMin: 10 });
    const res = await attend(created.quiz.id, headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = quizAttemptSchema.parse(res.json());
    expect(body.startedAt).toBe(t.clock.now().toISOString());
    expect(body.deadlineAt).toBe(at(10 * MIN).toISOString());
    expect(body.serverNow).toBe(t.clock.now().toISOString());
    expect(body.questions).toHaveLength(10);
    expect(body.questions[0]).toEqual({
      _id: created.questions[0]!.id,
      qn: created.questions[0]!.qn,
      choices: created.questions[0]!.choices,
      lang: 'en',
      audioUrl: null,
    });
    expect(body.savedAnswers).toEqual([]);
    const keys = allKeys(res.json());
    expect(keys.has('ansIndex')).toBe(false);
    expect(keys.has('explanation')).toBe(false);
    expect(res.body).not.toContain('ansIndex');
    expect(res.body).not.toContain(created.questions[0]!.explanation!);
  });

  it('resumes with the same startedAt and deadline, the saved answers and a fresh serverNow', async () => {
    const { headers } = await student();
    const created = await quiz();
    const first = quizAttemptSchema.parse((await attend(created.quiz.id, headers)).json());
    const answers = answersFor(created, 3, 2);
    expect((await save(created.quiz.id, headers, answers)).statusCode).toBe(200);
    t.clock.advance(4 * MIN);
    try {
      const again = quizAttemptSchema.parse((await attend(created.quiz.id, headers)).json());
      expect(again.startedAt).toBe(first.startedAt);
      expect(again.deadlineAt).toBe(first.deadlineAt);
      expect(again.serverNow).toBe(t.clock.now().toISOString());
      expect(responses(again.savedAnswers)).toEqual(answers);
      expect(again.savedAnswers.every((a) => a.visited && a.markedForReview === false)).toBe(true);
      const intro = quizIntroSchema.parse(
        (await get(`/api/quizzes/participant/${created.quiz.id}`, headers)).json(),
      );
      expect(intro.attemptStatus).toBe('in_progress');
    } finally {
      t.clock.advance(-4 * MIN);
    }
  });

  it('caps the deadline at the quiz end', async () => {
    const { headers } = await student();
    const created = await quiz({ durationMin: 30, endAt: at(5 * MIN) });
    const body = quizAttemptSchema.parse((await attend(created.quiz.id, headers)).json());
    expect(body.deadlineAt).toBe(at(5 * MIN).toISOString());
  });

  it('answers 402 for a locked paid quiz, and opens it once a payment succeeded', async () => {
    const { user, headers } = await student();
    const created = await quiz({ pricePaise: 1000 });
    const locked = await attend(created.quiz.id, headers);
    expect(locked.statusCode).toBe(402);
    expect(errorOf(locked)).toEqual({
      statusCode: 402,
      message: 'Unlock this quiz to attend',
      error: 'Payment Required',
    });
    expect(await attemptsOf(created.quiz.id, user.id)).toHaveLength(0);
    const payment = {
      userId: user.id,
      quizId: created.quiz.id,
      provider: 'fake',
      basePaise: 1000,
      gstPaise: 180,
      amountPaise: 1180,
    };
    // A pending or failed payment does not unlock.
    await t.db.insert(payments).values([
      { ...payment, orderId: `order_${user.id}_1`, status: 'pending' },
      { ...payment, orderId: `order_${user.id}_2`, status: 'failed' },
    ]);
    expect((await attend(created.quiz.id, headers)).statusCode).toBe(402);
    await t.db.insert(payments).values({ ...payment, orderId: `order_${user.id}_3`, status: 'success' });
    const intro = quizIntroSchema.parse(
      (await get(`/api/quizzes/participant/${created.quiz.id}`, headers)).json(),
    );
    expect(intro.isPaid).toBe(true);
    expect((await attend(created.quiz.id, headers)).statusCode).toBe(200);
    // Someone else's payment unlocks nothing for this user.
    const other = await student();
    expect((await attend(created.quiz.id, other.headers)).statusCode).toBe(402);
    // The same rule, as the repository exposes it to other features.
    const repo = new QuizRepository(t.db);
    expect(await repo.isUnlocked(user.id, created.quiz.id)).toBe(true);
    expect(await repo.isUnlocked(other.user.id, created.quiz.id)).toBe(false);
    expect(await repo.isUnlocked(other.user.id, (await quiz()).quiz.id)).toBe(true);
  });

  it('answers 409 "Already Submitted" when fetching a submitted attempt', async () => {
    const { headers } = await student();
    const created = await quiz();
    await attend(created.quiz.id, headers);
    await submit(headers, { quizId: created.quiz.id, answers: [] });
    const res = await attend(created.quiz.id, headers);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe('Already Submitted');
  });
});

describe(`autosave (${testDatabaseKind})`, () => {
  it('replaces the saved answers (idempotent, last write wins)', async () => {
    const { user, headers } = await student();
    const created = await quiz();
    await attend(created.quiz.id, headers);
    const q0 = created.questions[0]!;
    const first = await save(created.quiz.id, headers, [{ qnId: q0.id, selectedOption: q0.choices[1] }]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Answers saved', savedAt: t.clock.now().toISOString() });
    const latest = [{ qnId: q0.id, selectedOption: q0.choices[2]! }];
    await save(created.quiz.id, headers, latest);
    await save(created.quiz.id, headers, latest);
    const [row] = await attemptsOf(created.quiz.id, user.id);
    expect(responses(row!.answers)).toEqual(latest);
  });

  it('refuses unknown questions and options with 400, keeping what was saved', async () => {
    const { user, headers } = await student();
    const created = await quiz();
    await attend(created.quiz.id, headers);
    const q0 = created.questions[0]!;
    await save(created.quiz.id, headers, [{ qnId: q0.id, selectedOption: q0.choices[0] }]);
    const foreign = (await quiz()).questions[0]!;
    const res = await save(created.quiz.id, headers, [
      { qnId: foreign.id, selectedOption: foreign.choices[0] },
      { qnId: q0.id, selectedOption: 'not a choice' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toEqual([
      `Unknown question: ${foreign.id}`,
      `Invalid option for question ${q0.id}`,
    ]);
    const [row] = await attemptsOf(created.quiz.id, user.id);
    expect(responses(row!.answers)).toEqual([{ qnId: q0.id, selectedOption: q0.choices[0] }]);
  });

  it('answers 409 before the attempt started, accepts within the grace, refuses after it', async () => {
    const { user, headers } = await student();
    const created = await quiz({ durationMin: 5 });
    const answers = answersFor(created, 2, 2);
    const early = await save(created.quiz.id, headers, answers);
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).message).toBe('Start the quiz before saving answers');
    await attend(created.quiz.id, headers);

    t.clock.advance(5 * MIN + 20_000); // past the deadline, inside the 30 s grace
    try {
      expect((await save(created.quiz.id, headers, answers)).statusCode).toBe(200);
      t.clock.advance(11_000); // now past deadline + grace
      const late = await save(created.quiz.id, headers, answersFor(created, 4, 4));
      expect(late.statusCode).toBe(409);
      const [row] = await attemptsOf(created.quiz.id, user.id);
      expect(row!.status).toBe('auto_submitted');
      expect(row!.score).toBe(2);
      expect(row!.elapsedMs).toBe(5 * MIN);
    } finally {
      t.clock.advance(-(5 * MIN + 31_000));
    }
  });
});

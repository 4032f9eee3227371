import { auditLogResponseSchema } from '@quizcast/contract/schemas/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { reviewQueueResponseSchema } from '@quizcast/contract/schemas/review';
import { errorBodySchema } from '@quizcast/contract/errors';
import {
  analyticsPath,
  itemAnalysisResponseSchema,
  keyCorrectionResponseSchema,
  quizAnalysisResponseSchema,
  type ItemAnalysisResponse,
} from '@quizcast/contract/schemas/analytics';
import { quizSummaryResponseSchema } from '@quizcast/contract/schemas/result';
import {
  attemptMarks,
  itemAnswers,
  keyCorrections,
  quizzes,
  reviewCards,
  type SavedAnswer,
} from '../src/db/schema';
import { createQuiz, createStudent, type CreatedQuiz, type UserRow } from '../src/seed/factories';
import { bearerFor, buildTestApp, testDatabaseKind, type TestApp } from './helpers';
import {
  HOUR,
  GRACE_MS,
  START,
  mulberry32,
  seeds,
  submit,
  get,
  publishAll,
  attemptsOf,
  bruteItems,
  expectItemsAsBruteForce,
} from './support/analytics';

describe(`answer-key correction (${testDatabaseKind})`, () => {
  let t: TestApp;
  let admin: UserRow;
  const learners: UserRow[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ now: START });
    admin = await createStudent(t.db, { role: 'admin', name: 'Key Keeper' });
    for (let i = 0; i < 25; i++) learners.push(await createStudent(t.db));
  });

  afterAll(async () => {
    await t?.close();
  });

  /** The same questions and the same attempts in several quizzes, differing only in their keys. */
  async function twins(keys: number[][], dropFromLast = -1) {
    const rng = mulberry32(99);
    const base = seeds(7, ['Ratio', 'Series'], rng);
    const window = { startAt: new Date(START.getTime() - HOUR), endAt: new Date(START.getTime() + HOUR) };
    const made: CreatedQuiz[] = [];
    for (const [k, key] of keys.entries()) {
      let questionSeeds = base.map((q, i) => ({ ...q, ansIndex: key[i]! }));
      if (k === keys.length - 1 && dropFromLast >= 0)
        questionSeeds = questionSeeds.filter((_, i) => i !== dropFromLast);
      made.push(await createQuiz(t.db, { ...window, markCorrect: 4, markWrong: 1 }, questionSeeds));
    }
    const answerRng = mulberry32(7);
    for (const learner of learners) {
      // Picks by choice text, identical across the twins (texts match position by position).
      const picks = base.map(() => (answerRng() < 0.15 ? null : Math.floor(answerRng() * 4)));
      const elapsed = [200_000, 250_000][Math.floor(answerRng() * 2)]!;
      for (const quiz of made) {
        const answers = base.flatMap((q, i) => {
          const question = quiz.questions.find((x) => x.qn === q.qn);
          return question
            ? [{ qnId: question.id, selectedOption: picks[i] === null ? null : q.choices[picks[i]!]! }]
            : [];
        });
        await submit(t, quiz, learner, answers, elapsed);
      }
    }
    await publishAll(t, new Date(START.getTime() + HOUR + GRACE_MS));
    return made;
  }

  const standings = async (quiz: CreatedQuiz) =>
    new Map(
      (await attemptsOf(t, quiz.quiz.id)).map((a) => [
        a.userId,
        { score: a.score, correct: a.correctCount, rank: a.rank },
      ]),
    );

  /** The admin's item analysis of a quiz, the figures a key changes. */
  const items = async (q: CreatedQuiz) =>
    itemAnalysisResponseSchema
      .parse((await get(t, analyticsPath.adminItems(q.quiz.id), admin)).json())
      .items.map(({ facility, discrimination, options, flags }: ItemAnalysisResponse['items'][number]) => ({
        facility,
        discrimination,
        options,
        flags,
      }));

  async function correct(quiz: CreatedQuiz, payload: Record<string, unknown>, user: UserRow = admin) {
    return t.app.inject({
      method: 'POST',
      url: `/api${analyticsPath.adminKeyCorrections(quiz.quiz.id)}`,
      headers: await bearerFor(user, t.clock),
      payload,
    });
  }

  it('re-scores and re-ranks exactly as a fresh publication with the right key would, and is idempotent', async () => {
    const right = [0, 1, 2, 3, 0, 1, 2];
    const wrong = [...right];
    wrong[2] = 3;
    const [corrected, fresh] = await twins([wrong, right]);
    const before = await standings(corrected!);
    const learner = learners.find((l) => {
      const a = before.get(l.id)!;
      return a !== undefined;
    })!;
    const summaryBefore = quizSummaryResponseSchema.parse(
      (await get(t, `/quizzes/participant/quiz-summary/${corrected!.quiz.id}`, learner)).json(),
    );

    const res = await correct(corrected!, {
      questionId: corrected!.questions[2]!.id,
      ansIndex: 2,
      reason: 'Provisional key was wrong',
    });
    expect(res.statusCode).toBe(200);
    const body = keyCorrectionResponseSchema.parse(res.json());
    expect(body).toMatchObject({ changed: true, rescored: 25, participants: 25 });
    expect(body.correction).toMatchObject({
      number: 3,
      oldAnsIndex: 3,
      newAnsIndex: 2,
      dropped: false,
      adminName: 'Key Keeper',
    });

    const after = await standings(corrected!);
    expect(after).toEqual(await standings(fresh!));
    expect(after).not.toEqual(before);
    const [a, b] = await Promise.all(
      [corrected!, fresh!].map(
        async (q) => (await t.db.select().from(quizzes).where(eq(quizzes.id, q.quiz.id)))[0]!,
      ),
    );
    expect(a!.participantCount).toBe(b!.participantCount);

    // The item analysis was refreshed with the new key and matches the fresh quiz's.
    expect(await items(corrected!)).toEqual(await items(fresh!));

    // The learner sees the new result at once, and the note.
    const summaryAfter = quizSummaryResponseSchema.parse(
      (await get(t, `/quizzes/participant/quiz-summary/${corrected!.quiz.id}`, learner)).json(),
    );
    expect(summaryAfter.data.quizzSummary.score).toBe(after.get(learner.id)!.score);
    expect(summaryAfter.data.rank).toBe(after.get(learner.id)!.rank);
    expect(summaryAfter.data.quizDetails.questions[2]!.ansIndex).toBe(2);
    expect(summaryBefore.data.quizDetails.questions[2]!.ansIndex).toBe(3);
    const analysis = quizAnalysisResponseSchema.parse(
      (await get(t, analyticsPath.quiz(corrected!.quiz.id), learner)).json(),
    );
    expect(analysis.corrections).toEqual([
      { number: 3, correctedAt: t.clock.now().toISOString(), dropped: false },
    ]);

    // Again: nothing changes and nothing more is recorded.
    const again = keyCorrectionResponseSchema.parse(
      (
        await correct(corrected!, { questionId: corrected!.questions[2]!.id, ansIndex: 2, reason: 'Twice' })
      ).json(),
    );
    expect(again).toMatchObject({ changed: false, correction: null });
    expect(await standings(corrected!)).toEqual(after);
    const recorded = await t.db
      .select()
      .from(keyCorrections)
      .where(eq(keyCorrections.quizId, corrected!.quiz.id));
    expect(recorded).toHaveLength(1);
    // One audit entry for the one real change (the repeat changed nothing and logged nothing).
    const audited = auditLogResponseSchema
      .parse((await get(t, '/admin/audit-log?limit=100', admin)).json())
      .entries.filter((e) => e.targetId === corrected!.quiz.id);
    expect(audited.map((e) => [e.action, e.details.oldAnsIndex, e.details.newAnsIndex])).toEqual([
      ['quiz.key_correction', 3, 2],
    ]);
    expect(recorded[0]).toMatchObject({
      adminId: admin.id,
      oldAnsIndex: 3,
      newAnsIndex: 2,
      reason: 'Provisional key was wrong',
    });
  });

  it('a quiz analysed before its answer bit strings existed (published before 0013) is corrected with whole figures', async () => {
    // The first test's keys and correction (its groups have no ties at the 27% boundaries, which
    // would split by attempt id differently in the two quizzes).
    const right = [0, 1, 2, 3, 0, 1, 2];
    const wrong = [...right];
    wrong[2] = 3;
    const [corrected, fresh] = await twins([wrong, right]);
    // Migration 0015 counts a quiz with an item analysis as analysed; one published before 0013 has
    // marks (backfilled) but no bit strings: the correction must build them, not read them empty.
    await t.db.delete(itemAnswers).where(eq(itemAnswers.quizId, corrected!.quiz.id));
    const res = await correct(corrected!, {
      questionId: corrected!.questions[2]!.id,
      ansIndex: 2,
      reason: 'Provisional key was wrong',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await items(corrected!);
    expect(after).toEqual(await items(fresh!));
    expect(after.some((item) => item.facility > 0)).toBe(true);
  });

  it('dropping a question scores it for no one, exactly as a quiz without it would rank', async () => {
    const key = [1, 1, 2, 2, 3, 3, 0];
    const [dropped, without] = await twins([key, key], 4);
    const res = await correct(dropped!, {
      questionId: dropped!.questions[4]!.id,
      drop: true,
      reason: 'Two right options',
    });
    expect(res.statusCode).toBe(200);
    expect(keyCorrectionResponseSchema.parse(res.json()).correction).toMatchObject({
      dropped: true,
      newAnsIndex: null,
    });
    expect(await standings(dropped!)).toEqual(await standings(without!));

    // The admin audit log has the drop, with who and why (issue 15 item 8).
    const log = auditLogResponseSchema
      .parse((await get(t, '/admin/audit-log?limit=100', admin)).json())
      .entries.filter((e) => e.targetId === dropped!.quiz.id);
    expect(log).toEqual([
      expect.objectContaining({
        action: 'quiz.key_correction',
        actor: 'Key Keeper',
        actorId: admin.id,
        targetType: 'quiz',
        details: expect.objectContaining({
          questionId: dropped!.questions[4]!.id,
          dropped: true,
          newAnsIndex: null,
          reason: 'Two right options',
        }),
      }),
    ]);
  });

  it('a chain of corrections (new key, drop, restore with another key) ends exactly where a fresh publication with the last key would', async () => {
    const last = [2, 0, 3, 1, 2, 0, 3];
    const provisional = [...last];
    provisional[3] = 0;
    const [chained, fresh] = await twins([provisional, last]);
    const q4 = chained!.questions[3]!.id;
    for (const payload of [
      { questionId: q4, ansIndex: 2, reason: 'Second thoughts' },
      { questionId: q4, drop: true, reason: 'Ambiguous' },
      { questionId: q4, ansIndex: 1, reason: 'Settled: B' },
    ]) {
      const res = await correct(chained!, payload);
      expect(res.statusCode).toBe(200);
      expect(keyCorrectionResponseSchema.parse(res.json())).toMatchObject({ changed: true, rescored: 25 });
    }
    expect(await standings(chained!)).toEqual(await standings(fresh!));
    // The refreshed item analysis equals the definition computed over the attempts with the last key
    // (not the fresh twin's: its attempt ids, the last tie-break, differ).
    const body = itemAnalysisResponseSchema.parse(
      (await get(t, analyticsPath.adminItems(chained!.quiz.id), admin)).json(),
    );
    const finalKey = {
      ...chained!,
      questions: chained!.questions.map((q, i) => ({ ...q, ansIndex: last[i]! })),
    };
    const expected = bruteItems(finalKey, await attemptsOf(t, chained!.quiz.id));
    expect(body.items.map((i) => i.dropped)).toEqual(last.map(() => false));
    expectItemsAsBruteForce(body.items, expected);
  });

  it("a dropped question's review cards leave every learner's queue (suspended), in the correction's transaction", async () => {
    const key = [0, 0, 1, 1, 2, 2, 3];
    const [quiz] = await twins([key]);
    const q2 = quiz!.questions[1]!.id;
    const cardsOf = async (questionId: string) =>
      t.db.select().from(reviewCards).where(eq(reviewCards.questionId, questionId));
    const before = await cardsOf(q2);
    // Publication made cards for the learners who got question 2 wrong or skipped it.
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((c) => c.suspendedAt === null)).toBe(true);
    const owner = learners.find((l) => l.id === before[0]!.userId)!;
    const queue = async () => {
      const res = await get(t, '/review/queue?limit=100', owner);
      expect(res.statusCode).toBe(200);
      return reviewQueueResponseSchema.parse(res.json());
    };
    const suspendedBefore = (await queue()).counts.suspended;

    const res = await correct(quiz!, { questionId: q2, drop: true, reason: 'Misprint' });
    expect(res.statusCode).toBe(200);
    const after = await cardsOf(q2);
    expect(after).toHaveLength(before.length);
    expect(after.every((c) => c.suspendedAt?.getTime() === t.clock.now().getTime())).toBe(true);
    const queued = await queue();
    expect(queued.cards.filter((c) => c.questionId === q2)).toEqual([]);
    expect(queued.counts.suspended).toBe(suspendedBefore + 1);
    // The other questions' cards are untouched.
    expect((await cardsOf(quiz!.questions[0]!.id)).every((c) => c.suspendedAt === null)).toBe(true);
  });

  it("migration 0013's backfill writes the same narrow marks as publication does", async () => {
    const [quiz] = await twins([[3, 1, 0, 2, 3, 1, 0]]);
    const marksOf = async () =>
      (await t.db.select().from(attemptMarks).where(eq(attemptMarks.quizId, quiz!.quiz.id))).sort((a, b) =>
        a.attemptId.localeCompare(b.attemptId),
      );
    const published = await marksOf();
    expect(published).toHaveLength(25);
    await t.db.delete(attemptMarks).where(eq(attemptMarks.quizId, quiz!.quiz.id));
    expect(await marksOf()).toEqual([]);
    const migration = readFileSync(
      new URL('../src/db/migrations/0013_analytics3_attempt_marks.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toContain('DO $$');
    await t.db.execute(sql.raw(backfill));
    expect(await marksOf()).toEqual(published);
  });

  it('bad input gets one 400 listing every problem', async () => {
    const [quiz] = await twins([[0, 0, 0, 0, 0, 0, 0]]);
    const unknown = await correct(quiz!, { questionId: '00000000-0000-4000-8000-000000000000', ansIndex: 9 });
    expect(unknown.statusCode).toBe(400);
    expect(errorBodySchema.parse(unknown.json()).message).toEqual([
      'questionId: no such question in this quiz',
      "ansIndex: the key must be one of the question's choices",
      'reason: A reason is required',
    ]);
    const outside = await correct(quiz!, { questionId: quiz!.questions[0]!.id, ansIndex: 4, reason: '  ' });
    expect(errorBodySchema.parse(outside.json()).message).toEqual([
      "ansIndex: the key must be one of the question's 4 choices (0–3)",
      'reason: A reason is required',
    ]);
    const neither = await correct(quiz!, { questionId: quiz!.questions[0]!.id, reason: 'x' });
    expect(neither.statusCode).toBe(400);
    expect(JSON.stringify(neither.json())).toContain('Give either a new answer or drop: true');
    expect(
      await t.db.select().from(keyCorrections).where(eq(keyCorrections.quizId, quiz!.quiz.id)),
    ).toHaveLength(0);
  });

  it('publication never fails on odd saved timings: a non-number time is ignored, not an error', async () => {
    const window = { startAt: new Date(START.getTime() - HOUR), endAt: new Date(START.getTime() + HOUR) };
    const quiz = await createQuiz(t.db, window, seeds(2, ['Odd'], mulberry32(5)));
    const odd = [
      { qnId: quiz.questions[0]!.id, selectedOption: quiz.questions[0]!.choices[0]!, timeSpentMs: 'soon' },
      { qnId: quiz.questions[1]!.id, selectedOption: null, timeSpentMs: 4000 },
    ] as unknown as SavedAnswer[];
    await submit(t, quiz, learners[0]!, odd, 100_000);
    await publishAll(t, new Date(START.getTime() + HOUR + GRACE_MS));
    const [row] = await t.db.select().from(quizzes).where(eq(quizzes.id, quiz.quiz.id));
    expect(row!.resultsPublishedAt).not.toBeNull();
    const items = itemAnalysisResponseSchema.parse(
      (await get(t, analyticsPath.adminItems(quiz.quiz.id), admin)).json(),
    );
    expect(items.items.map((i) => i.avgTimeMs)).toEqual([null, 4000]);
  });

  it('concurrent corrections of one quiz are serialised: both land, the result equals applying them in turn', async () => {
    const right = [3, 2, 1, 0, 3, 2, 1];
    const wrong = [0, 2, 1, 0, 3, 2, 2];
    const [corrected, fresh] = await twins([wrong, right]);
    const results = await Promise.all([
      correct(corrected!, { questionId: corrected!.questions[0]!.id, ansIndex: 3, reason: 'Q1 key' }),
      correct(corrected!, { questionId: corrected!.questions[6]!.id, ansIndex: 1, reason: 'Q7 key' }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await standings(corrected!)).toEqual(await standings(fresh!));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { attempts } from '../src/db/schema';
import { AttemptRepository, type AttemptRow } from '../src/modules/quizzes/attempt.repository';
import { ENTRY_OVERHEAD_BYTES, RunningAttempts } from '../src/modules/quizzes/running-attempts';
import { createQuiz, createStudent, type CreatedQuiz } from '../src/seed/factories';
import { openTestDatabase, testDatabaseKind } from './helpers';

/**
 * Issue 16 (ADR 012): an autosave is one compare-and-swap statement against what this instance last
 * wrote. These tests run two repositories with caches of their own over one database, as two app
 * instances would, and check that every acknowledged save is in the database whichever instance
 * wrote last, that a stale copy falls back to reading, and that a copy that was never kept (the
 * bound) still saves.
 */

let database: Database;
const sent: string[] = [];
const NOW = new Date('2026-11-22T10:00:00Z');
const GRACE_MS = 30_000;

beforeAll(async () => {
  database = await openTestDatabase((query) => sent.push(query));
});
afterAll(async () => {
  await database.close();
});

function instance(maxBytes = 1_000_000) {
  return new AttemptRepository(database.db, new RunningAttempts(maxBytes, GRACE_MS));
}

async function running(): Promise<{ created: CreatedQuiz; attempt: AttemptRow }> {
  const created = await createQuiz(database.db, {}, undefined, NOW);
  const user = await createStudent(database.db);
  const attempt = await new AttemptRepository(database.db).startOrGet({
    quizId: created.quiz.id,
    userId: user.id,
    startedAt: NOW,
    deadlineAt: new Date(NOW.getTime() + 30 * 60_000),
  });
  return { created, attempt };
}

async function stored(attemptId: string) {
  const [row] = await database.db.select().from(attempts).where(eq(attempts.id, attemptId));
  return row!;
}

/** The statements `action` sends. */
async function statementsOf(action: () => Promise<unknown>): Promise<string[]> {
  sent.length = 0;
  await action();
  return sent.map((q) => q.replace(/\s+/g, ' ').trim());
}

const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);
const choose = (created: CreatedQuiz, index: number, seq: number, choice = 0) => ({
  qnId: created.questions[index]!.id,
  selectedOption: created.questions[index]!.choices[choice]!,
  seq,
});

describe(`autosave as a compare-and-swap on each instance's copy (${testDatabaseKind})`, () => {
  it('a held attempt saves in one statement; a copy made stale by another instance falls back to the read', async () => {
    const { created, attempt } = await running();
    const a = instance();
    const b = instance();
    a.remember(attempt, NOW);
    b.remember(attempt, NOW);

    const first = await statementsOf(async () => {
      expect(
        await a.mergeAnswers(attempt.quizId, attempt.userId, [choose(created, 0, 1)], at(10), GRACE_MS),
      ).toBe(true);
    });
    expect(first).toEqual([
      expect.stringMatching(/^update "attempts" set "answers" = .* where \("attempts"\."id" = \$/),
    ]);

    // B's copy still says "no answers": its swap misses, it reads A's write and merges into it.
    const second = await statementsOf(async () => {
      expect(
        await b.mergeAnswers(attempt.quizId, attempt.userId, [choose(created, 1, 2)], at(20), GRACE_MS),
      ).toBe(true);
    });
    expect(second).toEqual([
      expect.stringMatching(/^update "attempts" set "answers" = .* where \("attempts"\."id" = \$/),
      expect.stringMatching(/^select .* from "attempts" where/),
      expect.stringMatching(/^update "attempts" set "answers" = .* where \("attempts"\."quiz_id" = \$/),
    ]);
    // A's copy is now the stale one; its next save keeps B's answer too.
    expect(
      await a.mergeAnswers(attempt.quizId, attempt.userId, [choose(created, 2, 3)], at(30), GRACE_MS),
    ).toBe(true);
    const row = await stored(attempt.id);
    expect(row.answers.map((x) => [x.qnId, x.selectedOption, x.seq])).toEqual([
      [created.questions[0]!.id, created.questions[0]!.choices[0], 1],
      [created.questions[1]!.id, created.questions[1]!.choices[0], 2],
      [created.questions[2]!.id, created.questions[2]!.choices[0], 3],
    ]);
    // And B, whose copy A just outdated, merges into the stored row rather than its own copy.
    expect(
      await b.mergeAnswers(attempt.quizId, attempt.userId, [choose(created, 0, 4, 1)], at(40), GRACE_MS),
    ).toBe(true);
    expect((await stored(attempt.id)).answers.map((x) => [x.selectedOption, x.seq])).toEqual([
      [created.questions[0]!.choices[1], 4],
      [created.questions[1]!.choices[0], 2],
      [created.questions[2]!.choices[0], 3],
    ]);
  });

  it('concurrent saves from two instances: every acknowledged save is in the database', async () => {
    const { created, attempt } = await running();
    const instances = [instance(), instance()];
    for (const i of instances) i.remember(attempt, NOW);
    // 20 saves, alternating instances, all at once: each question answered by one save with its seq.
    const saves = Array.from({ length: 20 }, (_, n) => ({
      by: instances[n % 2]!,
      entry: choose(created, n % 10, n + 1, n < 10 ? 0 : 1),
    }));
    const acks = await Promise.all(
      saves.map(({ by, entry }) =>
        by.mergeAnswers(attempt.quizId, attempt.userId, [entry], at(60), GRACE_MS),
      ),
    );
    expect(acks).toEqual(saves.map(() => true));
    const row = await stored(attempt.id);
    // Every question holds the newest (higher seq) of its two saves.
    expect(
      [...row.answers].sort((x, y) => x.seq! - y.seq!).map((x) => [x.qnId, x.selectedOption, x.seq]),
    ).toEqual(created.questions.map((q, index) => [q.id, q.choices[1], index + 11]));
  });

  it('a save of an attempt the sweeper closed is refused, though the copy says it is running', async () => {
    const { created, attempt } = await running();
    const a = instance();
    a.remember(attempt, NOW);
    await database.db
      .update(attempts)
      .set({ status: 'auto_submitted', submittedAt: at(5) })
      .where(eq(attempts.id, attempt.id));
    expect(
      await a.mergeAnswers(attempt.quizId, attempt.userId, [choose(created, 0, 1)], at(10), GRACE_MS),
    ).toBe(false);
    expect((await stored(attempt.id)).answers).toEqual([]);
    expect(a.known(attempt.quizId, attempt.userId)).toBeUndefined();
  });

  it('a deadline moved since the copy was made (an earlier quiz end) makes the swap miss: times clamp to the new one', async () => {
    const { created, attempt } = await running();
    const a = instance();
    a.remember(attempt, NOW);
    const earlier = at(100);
    await database.db.update(attempts).set({ deadlineAt: earlier }).where(eq(attempts.id, attempt.id));
    const statements = await statementsOf(async () => {
      expect(
        await a.mergeAnswers(
          attempt.quizId,
          attempt.userId,
          [{ ...choose(created, 0, 1), timeSpentMs: 600_000 }],
          at(110),
          GRACE_MS,
        ),
      ).toBe(true);
    });
    expect(statements).toHaveLength(3);
    // Time on screen is capped at the time the attempt had: 100 s to its new deadline, not 110 s.
    expect((await stored(attempt.id)).answers.map((x) => x.timeSpentMs)).toEqual([100_000]);
    expect(a.known(attempt.quizId, attempt.userId)?.deadlineAt).toBe(earlier.getTime());
  });

  it('past its budget an instance keeps no copy, and saves still commit (read, then swap)', async () => {
    const one = await running();
    const two = await running();
    // Room for one entry of '[]' plus overhead, not two.
    const a = instance(ENTRY_OVERHEAD_BYTES + 2 + 100);
    a.remember(one.attempt, NOW);
    a.remember(two.attempt, NOW);
    expect(a.known(one.attempt.quizId, one.attempt.userId)?.id).toBe(one.attempt.id);
    expect(a.known(two.attempt.quizId, two.attempt.userId)).toBeUndefined();
    const statements = await statementsOf(async () => {
      expect(
        await a.mergeAnswers(
          two.attempt.quizId,
          two.attempt.userId,
          [choose(two.created, 0, 1)],
          at(10),
          GRACE_MS,
        ),
      ).toBe(true);
    });
    expect(statements).toHaveLength(2);
    expect((await stored(two.attempt.id)).answers.map((x) => x.seq)).toEqual([1]);
    // The first learner's copy grew past the budget with this save: dropped, and the save committed.
    const long = Array.from({ length: 10 }, (_, n) => ({
      ...choose(one.created, n, n + 1),
      timeSpentMs: 1000,
    }));
    expect(await a.mergeAnswers(one.attempt.quizId, one.attempt.userId, long, at(20), GRACE_MS)).toBe(true);
    expect(a.known(one.attempt.quizId, one.attempt.userId)).toBeUndefined();
    expect((await stored(one.attempt.id)).answers).toHaveLength(10);
  });
});

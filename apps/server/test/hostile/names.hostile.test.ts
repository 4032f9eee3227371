import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@quizcast/contract/errors';
import { latestResultResponseSchema, leaderboardResponseSchema } from '@quizcast/contract/schemas/result';
import { STUDENT_MESSAGES } from '@quizcast/contract/schemas/student';
import { users } from '../../src/db/schema';
import { createAttempt, createQuiz, createStudent, type UserRow } from '../../src/seed/factories';
import { signUpViaApi } from '../account-support';
import { bearerFor, buildTestApp, type TestApp } from '../helpers';
import { reportFigure } from './support';

/**
 * Names that impersonate (issue 29 item 4). A name with U+202E (right-to-left override) turned the
 * rest of a leaderboard line around, a name of only U+200B showed as nobody, and a lone surrogate was
 * stored as U+FFFD. Names, places and institutions are now cleaned (NFC, no invisible format
 * characters, ZWJ/ZWNJ only inside a word) and need a visible letter; migration 0017 cleaned the
 * names already stored, so the leaderboard and the public podium show the cleaned form.
 */

const MIN = 60_000;
const START = new Date('2026-11-22T10:00:00Z');
const migration = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../src/db/migrations/0017_clean_display_names.sql',
);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: START });
});
afterAll(async () => {
  await t.close();
});

const profile = { place: 'Indore', school: 'Holkar Science College', class: 'Higher Secondary' };

function messagesOf(res: { json(): unknown }): string[] {
  const body = errorBodySchema.parse(res.json());
  return Array.isArray(body.message) ? body.message : [body.message];
}

async function updateProfile(user: UserRow, fields: Record<string, string>) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/students/update-profile',
    headers: await bearerFor(user, t.clock),
    payload: { ...profile, ...fields },
  });
}

async function storedUser(id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row!;
}

/** A quiz that ended an hour ago with `people` ranked in order, published by the sweeper. */
async function publishedQuizWith(people: UserRow[]) {
  const endAt = new Date(t.clock.now().getTime() - 60 * MIN);
  const quiz = await createQuiz(t.db, {
    startAt: new Date(endAt.getTime() - 120 * MIN),
    endAt,
    durationMin: 10,
  });
  for (const [i, user] of people.entries()) {
    const startedAt = new Date(endAt.getTime() - 90 * MIN);
    await createAttempt(t.db, {
      quizId: quiz.quiz.id,
      userId: user.id,
      status: 'submitted',
      startedAt,
      deadlineAt: new Date(startedAt.getTime() + 10 * MIN),
      submittedAt: new Date(startedAt.getTime() + (i + 1) * MIN),
      answers: [],
      score: 10 - i,
      correctCount: 10 - i,
      elapsedMs: (i + 1) * MIN,
    });
  }
  await t.app.sweeper.runOnce();
  t.clock.advance(MIN); // past the podium's short cache
  return quiz.quiz.id;
}

describe('names that impersonate', () => {
  it('cleans a name with direction overrides and zero-width characters; keeps a Hindi conjunct’s ZWJ', async () => {
    const user = await createStudent(t.db);
    const spoof = await updateProfile(user, {
      name: '\u202Enimda\u202C \u200BKumari\u2066',
      place: '\u2067Pune\u2069',
      school: '\uFEFF',
    });
    expect(spoof.statusCode, spoof.body).toBe(200);
    const row = await storedUser(user.id);
    expect([row.name, row.place, row.school]).toEqual(['nimda Kumari', 'Pune', null]);

    const hindi = await updateProfile(user, { name: 'क्\u200Dषमा \u200Dशर्मा' });
    expect(hindi.statusCode, hindi.body).toBe(200);
    expect((await storedUser(user.id)).name).toBe('क्\u200Dषमा शर्मा');

    // Sign-up follows the same rule.
    const signed = await signUpViaApi(t.app, { name: '\u202EAdmin\u202C Asha' });
    expect((await storedUser(signed._id)).name).toBe('Admin Asha');
  });

  it('refuses a name with no visible letter and a lone surrogate, and stores nothing', async () => {
    const user = await createStudent(t.db, { name: 'Kept Name' });
    const cases: [string, string][] = [
      ['\u200B', STUDENT_MESSAGES.nameRequired],
      ['\u200B\u202E\u2060\u3164', STUDENT_MESSAGES.nameRequired],
      ['\u202E1234', STUDENT_MESSAGES.nameNoLetter],
      ['Asha\uD800', STUDENT_MESSAGES.unreadableCharacters],
      ['Asha\uFFFD', STUDENT_MESSAGES.unreadableCharacters],
    ];
    for (const [name, message] of cases) {
      const res = await updateProfile(user, { name });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(messagesOf(res)).toEqual([message]);
    }
    const place = await updateProfile(user, { name: 'Asha', place: '\u200B\u200B' });
    expect(messagesOf(place)).toEqual([STUDENT_MESSAGES.placeRequired]);
    expect((await storedUser(user.id)).name).toBe('Kept Name');
  });

  it('migration 0017 cleans the names already stored: the leaderboard and the podium show them cleaned', async () => {
    // Stored before the rule, straight into the table as the old API let them in.
    const spoofer = await createStudent(t.db, { name: '\u202Enimda\u202C', place: 'Pune\u200B' });
    const invisible = await createStudent(t.db, { name: '\u200B' });
    const broken = await createStudent(t.db, { name: 'Ravi\uFFFD Kumar' });
    const hindi = await createStudent(t.db, { name: '\u200Dक्\u200Dषमा\u200D' });
    const quizId = await publishedQuizWith([spoofer, invisible, broken, hindi]);

    for (const statement of readFileSync(migration, 'utf8').split('--> statement-breakpoint')) {
      await t.db.execute(sql.raw(statement));
    }
    t.clock.advance(10 * MIN); // past every short cache of names

    const cleaned = ['nimda', 'Learner', 'Ravi Kumar', 'क्\u200Dषमा'];
    const viewer = await createStudent(t.db);
    const board = leaderboardResponseSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/quizzes/participant/${quizId}/leaderboard`,
          headers: await bearerFor(viewer, t.clock),
        })
      ).json(),
    );
    expect(board.results.map((r) => r.userId.name)).toEqual(cleaned);
    const podium = latestResultResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/result/latest' })).json(),
    );
    expect(podium.quiz?._id).toBe(quizId);
    expect(podium.results.map((r) => r.userId.name)).toEqual(cleaned.slice(0, podium.results.length));
    expect((await storedUser(spoofer.id)).place).toBe('Pune');
    reportFigure(
      'names',
      `4 stored names cleaned by migration 0017; 7 hostile names refused or cleaned by the API`,
    );
  });
});

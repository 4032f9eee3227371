import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quizParticipantsResponseSchema } from '@quizcast/contract/schemas/quiz-participants';
import { leaderboardResponseSchema } from '@quizcast/contract/schemas/result';
import { adminStudentDetailSchema } from '@quizcast/contract/schemas/student-directory';
import { attempts } from '../../src/db/schema';
import { createQuiz, createStudent, type UserRow } from '../../src/seed/factories';
import { bearerFor, buildTestApp, type TestApp } from '../helpers';
import { reportFigure } from './support';

/**
 * Instant submissions (issue 29 item 3): "start, then submit the full key 30 ms later" recorded an
 * elapsed time of 0 and ranked first. Ranking now holds every attempt to a plausible floor (2 s per
 * answered question by default, the server's own time): one under it is ranked as if it took the
 * floor and flagged for the admin, and at an equal ranked time the unflagged attempt goes first.
 * The admin's provisional ranks, before publication, follow the same rule (issue 29).
 * The clock is the test's ManualClock: 30 ms is 30 ms of server time.
 */

const MIN = 60_000;
const QUESTIONS = 3;
const START = new Date('2026-11-22T10:00:00Z');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: START });
});
afterAll(async () => {
  await t.close();
});

describe('plausible time', () => {
  it('ranks the 30 ms attack at the floor, behind an honest learner who took exactly the floor, before publication as after', async () => {
    const { quiz, questions } = await createQuiz(
      t.db,
      { startAt: START, endAt: new Date(START.getTime() + 30 * MIN), durationMin: 10 },
      undefined,
      t.clock.now(),
    );
    expect(questions).toHaveLength(10);
    const key = questions
      .slice(0, QUESTIONS)
      .map((q) => ({ qnId: q.id, selectedOption: q.choices[q.ansIndex]! }));
    const attacker = await createStudent(t.db, { name: 'Throw Away' });
    const onTheFloor = await createStudent(t.db, { name: 'Quick Honest' });
    const slower = await createStudent(t.db, { name: 'Slow Honest' });

    /** Start the attempt, let `ms` of server time pass, submit the key (three answers). */
    const attempt = async (user: UserRow, ms: number) => {
      const headers = await bearerFor(user, t.clock);
      const started = await t.app.inject({
        method: 'GET',
        url: `/api/quizzes/participant/attend/${quiz.id}`,
        headers,
      });
      expect(started.statusCode, started.body).toBe(200);
      t.clock.advance(ms);
      const submitted = await t.app.inject({
        method: 'POST',
        url: '/api/quizzes/participant/submit',
        headers,
        payload: { quizId: quiz.id, answers: key },
      });
      expect(submitted.statusCode, submitted.body).toBe(201);
      t.clock.advance(MIN - ms); // the next learner starts a minute later
    };
    await attempt(attacker, 30);
    await attempt(onTheFloor, QUESTIONS * 2000);
    await attempt(slower, QUESTIONS * 2000 + 1);

    const adminUser = await createStudent(t.db, { role: 'admin' });
    const participants = async () =>
      quizParticipantsResponseSchema.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/quizzes/admin-get-participants/${quiz.id}`,
            headers: await bearerFor(adminUser, t.clock),
          })
        ).json(),
      ).participants;
    // Before publication the admin sees provisional ranks: the participants list and a student's page.
    const provisional = (await participants()).map((p) => [p.name, p.rank]);
    const attackerPage = adminStudentDetailSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/students/admin-get-one/${attacker.id}`,
          headers: await bearerFor(adminUser, t.clock),
        })
      ).json(),
    );

    t.clock.advance(40 * MIN); // past the end and the grace: the sweeper publishes
    await t.app.sweeper.runOnce();

    const viewer = await bearerFor(await createStudent(t.db), t.clock);
    const board = leaderboardResponseSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/quizzes/participant/${quiz.id}/leaderboard`,
          headers: viewer,
        })
      ).json(),
    );
    expect(board.results.map((r) => [r.userId.name, r.rank])).toEqual([
      ['Quick Honest', 1],
      ['Throw Away', 2],
      ['Slow Honest', 3],
    ]);
    expect(provisional).toEqual(board.results.map((r) => [r.userId.name, r.rank]));
    expect(attackerPage.data.attempts.map((a) => a.rank)).toEqual([2]);

    expect((await participants()).map((p) => [p.name, p.implausibleTime])).toEqual([
      ['Quick Honest', false],
      ['Throw Away', true],
      ['Slow Honest', false],
    ]);
    reportFigure(
      'plausible time',
      `floor 2 s per answer; the 30 ms attack (${QUESTIONS} answers) ranked at ${QUESTIONS * 2} s, 2nd behind a tie at the floor; 1 of 3 attempts flagged`,
    );
  });

  it('times each question by the server clock: the key saved at 30 ms is flagged however long the submit waits, a human pace is not, and client times change nothing', async () => {
    const { quiz, questions } = await createQuiz(
      t.db,
      { startAt: t.clock.now(), endAt: new Date(t.clock.now().getTime() + 30 * MIN), durationMin: 10 },
      undefined,
      t.clock.now(),
    );
    const key = questions
      .slice(0, QUESTIONS)
      .map((q) => ({ qnId: q.id, selectedOption: q.choices[q.ansIndex]! }));
    const saver = await createStudent(t.db, { name: 'Saves Then Waits' });
    const human = await createStudent(t.db, { name: 'Human Pace' });
    const url = `/api/quizzes/participant/attend/${quiz.id}`;
    const start = async (user: UserRow) => {
      const headers = await bearerFor(user, t.clock);
      const started = await t.app.inject({ method: 'GET', url, headers });
      expect(started.statusCode, started.body).toBe(200);
      return headers;
    };
    const save = async (headers: Record<string, string>, answers: object[]) => {
      const saved = await t.app.inject({
        method: 'PUT',
        url: `${url}/answers`,
        headers,
        payload: { answers },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    };
    const submit = async (headers: Record<string, string>, answers: object[]) => {
      const submitted = await t.app.inject({
        method: 'POST',
        url: '/api/quizzes/participant/submit',
        headers,
        payload: { quizId: quiz.id, answers, startedAt: '2026-11-22T09:00:00.000Z' },
      });
      expect(submitted.statusCode, submitted.body).toBe(201);
    };

    // The key saved 30 ms after the start, with the client claiming an hour on each question (and
    // a server field it may not write); then the submission waits past the whole floor.
    const attacker = await start(saver);
    t.clock.advance(30);
    await save(
      attacker,
      key.map((a) => ({ ...a, timeSpentMs: 3_600_000, serverMs: 3_600_000, serverAt: 0 })),
    );
    t.clock.advance(5 * MIN);
    await submit(
      attacker,
      key.map((a) => ({ ...a, timeSpentMs: 3_600_000 })),
    );

    // A learner who answers one question every 7 s, each saved as it is chosen.
    const learner = await start(human);
    for (const [i, answer] of key.entries()) {
      t.clock.advance(7000);
      await save(learner, [{ ...answer, seq: i + 1 }]);
    }
    t.clock.advance(1000);
    await submit(learner, key);

    const stored = async (user: UserRow) => {
      const [row] = await t.db
        .select({ answers: attempts.answers, elapsedMs: attempts.elapsedMs })
        .from(attempts)
        .where(and(eq(attempts.quizId, quiz.id), eq(attempts.userId, user.id)));
      return {
        elapsedMs: row!.elapsedMs,
        serverMs: row!.answers.filter((a) => a.selectedOption).map((a) => a.serverMs),
      };
    };
    // The ManualClock's intervals, exactly: 30 ms shared by the three answers; 7 s each.
    expect(await stored(saver)).toEqual({ elapsedMs: 5 * MIN + 30, serverMs: [10, 10, 10] });
    expect(await stored(human)).toEqual({ elapsedMs: 22_000, serverMs: [7000, 7000, 7000] });

    const adminUser = await createStudent(t.db, { role: 'admin' });
    const participants = async () =>
      quizParticipantsResponseSchema
        .parse(
          (
            await t.app.inject({
              method: 'GET',
              url: `/api/quizzes/admin-get-participants/${quiz.id}`,
              headers: await bearerFor(adminUser, t.clock),
            })
          ).json(),
        )
        .participants.map((p) => [p.name, p.rank, p.implausibleTime, p.secondsPerAnswer]);
    const expected = [
      ['Human Pace', 1, false, 7],
      ['Saves Then Waits', 2, true, 0.01],
    ];
    // The admin sees the flag and the time a question before publication (provisional) and after.
    expect(await participants()).toEqual(expected);
    t.clock.advance(40 * MIN);
    await t.app.sweeper.runOnce();
    expect(await participants()).toEqual(expected);
    reportFigure(
      'plausible time per question',
      `the key saved at 30 ms and submitted 5 min later: 10 ms a question by the server's clock, flagged; 7 s a question: not flagged; 1 of 2 attempts flagged`,
    );
  });
});

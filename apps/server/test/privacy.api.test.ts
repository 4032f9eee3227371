import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { leaderboardResponseSchema, latestResultResponseSchema } from '@quizcast/contract/schemas/result';
import { userEnvelopeSchema } from '@quizcast/contract/schemas/student';
import {
  attempts,
  learnerProgress,
  otpChallenges,
  reviewCards,
  reviewSettings,
  sessions,
  users,
} from '../src/db/schema';
import { createCardsAtPublication } from '../src/modules/review/cards-at-publication';
import { createAttempt, createQuiz, createStudent, type UserRow } from '../src/seed/factories';
import { authHeader, freshPhone, pngImage, sendOtp, signUpViaApi } from './account-support';
import { bearerFor, buildTestApp, testDatabaseKind, type TestApp } from './helpers';

/** Issue 15 item 17 (docs/privacy.md): initials only, podium photos by opt-in, account deletion. */

const MIN = 60_000;
const START = new Date('2026-11-22T10:00:00Z');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: START });
});
afterAll(async () => {
  await t.close();
});

const privacy = (headers: Record<string, string>, body: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/students/privacy', headers, payload: body });

/** A quiz that ended before START, with `people` ranked in order, published by the sweeper. */
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

describe(`privacy choices (${testDatabaseKind})`, () => {
  it('a learner chooses initials only and a podium photo; both are saved and returned', async () => {
    const user = await createStudent(t.db, { phNo: freshPhone() });
    const headers = await bearerFor(user, t.clock);
    const res = await privacy(headers, { initialsOnly: true, publicPhoto: false });
    expect(res.statusCode).toBe(200);
    expect(userEnvelopeSchema.parse(res.json()).data).toMatchObject({
      initialsOnly: true,
      publicPhoto: false,
    });
    expect((await privacy(headers, { initialsOnly: 'yes' })).statusCode).toBe(400);
    expect((await privacy({}, { initialsOnly: true, publicPhoto: true })).statusCode).toBe(401);
  });

  it('the public podium shows initials when chosen and a photo only with consent', async () => {
    const pic = 'avatars/00000000-0000-4000-8000-000000000001.webp';
    const asha = await createStudent(t.db, { name: 'Asha Verma', profilePicKey: pic });
    const ravi = await createStudent(t.db, { name: 'Ravi Kumar', profilePicKey: pic, publicPhoto: true });
    const meena = await createStudent(t.db, {
      name: 'Meena Devi Rao',
      profilePicKey: pic,
      publicPhoto: true,
      initialsOnly: true,
    });
    const quizId = await publishedQuizWith([asha, ravi, meena]);
    const signedPic = t.app.ctx.avatarUrls.url(pic);
    expect(signedPic).toMatch(/^\/api\/files\/avatars\/[0-9a-f-]{36}\.webp\?exp=\d+&sig=[\w-]+$/);

    const podium = latestResultResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/result/latest' })).json(),
    );
    expect(podium.quiz?._id).toBe(quizId);
    expect(podium.results.map((r) => [r.userId.name, r.userId.profilePicUrl])).toEqual([
      ['Asha Verma', null], // has a photo, never opted in
      ['Ravi Kumar', signedPic], // opted in
      ['M. D. R.', null], // initials only: no photo either
    ]);

    // Signed in, the leaderboard keeps names and photos, except for the initials-only learner.
    const board = leaderboardResponseSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/quizzes/participant/${quizId}/leaderboard`,
          headers: await bearerFor(asha, t.clock),
        })
      ).json(),
    );
    expect(board.results.map((r) => [r.userId.name, r.userId.profilePicUrl])).toEqual([
      ['Asha Verma', signedPic],
      ['Ravi Kumar', signedPic],
      ['M. D. R.', null],
    ]);
  });
});

describe(`account deletion (${testDatabaseKind})`, () => {
  it('erases personal data, ends every session, keeps the anonymised attempt so ranks stay true', async () => {
    const signed = await signUpViaApi(
      t.app,
      { name: 'Kiran Shah' },
      { name: 'me.png', data: await pngImage(64, 64), type: 'image/png' },
    );
    const [row] = await t.db.select().from(users).where(eq(users.id, signed._id));
    const other = await createStudent(t.db, { name: 'Other Learner' });
    const quizId = await publishedQuizWith([other, row!]);
    const photoPath = signed.profilePicUrl!;
    expect((await t.app.inject({ method: 'GET', url: photoPath })).statusCode).toBe(200);
    await t.db.insert(reviewSettings).values({
      userId: signed._id,
      desiredRetention: 0.9,
      examName: 'UPSC Prelims 2027',
      examDate: '2027-05-30',
      dailyNewLimit: 20,
      dailyReviewCap: 200,
      updatedAt: t.clock.now(),
    });

    // The analysis after publication made their cards (every question skipped); their progress page is cached.
    expect(await t.db.select().from(reviewCards).where(eq(reviewCards.userId, signed._id))).not.toEqual([]);
    const progress = await t.app.inject({
      method: 'GET',
      url: '/api/analytics/me',
      headers: authHeader(signed.accessToken),
    });
    expect(progress.statusCode).toBe(200);
    expect(
      await t.db.select().from(learnerProgress).where(eq(learnerProgress.userId, signed._id)),
    ).toHaveLength(1);

    const headers = authHeader(signed.accessToken);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/students/delete-account',
      headers,
      payload: { confirm: 'delete' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Type DELETE to confirm');

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/students/delete-account',
      headers,
      payload: { confirm: 'DELETE' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your account and personal data have been deleted' });

    // Signed out everywhere; nothing personal left in the row; the photo file is gone.
    expect((await t.app.inject({ method: 'GET', url: '/api/students/me', headers })).statusCode).toBe(401);
    const [erased] = await t.db.select().from(users).where(eq(users.id, signed._id));
    expect(erased).toMatchObject({
      name: 'Deleted learner',
      email: null,
      place: '',
      school: null,
      class: '',
      profilePicKey: null,
    });
    expect(erased!.phNo).not.toBe(signed.phNo);
    expect(erased!.deletedAt).not.toBeNull();
    expect(JSON.stringify(erased)).not.toContain('Kiran');
    expect((await t.app.inject({ method: 'GET', url: photoPath })).statusCode).toBe(404);
    const open = await t.db.select().from(sessions).where(eq(sessions.userId, signed._id));
    expect(open.every((s) => s.revokedAt !== null)).toBe(true);
    expect(await t.db.select().from(otpChallenges).where(eq(otpChallenges.phNo, signed.phNo))).toEqual([]);
    expect(await t.db.select().from(reviewSettings).where(eq(reviewSettings.userId, signed._id))).toEqual([]);
    expect(await t.db.select().from(learnerProgress).where(eq(learnerProgress.userId, signed._id))).toEqual(
      [],
    );
    // An analysis step that runs again later (a retry, a large quiz's next batch) makes them no new card.
    await createCardsAtPublication(t.db, quizId, t.clock.now());
    expect(await t.db.select().from(reviewCards).where(eq(reviewCards.userId, signed._id))).toEqual([]);
    expect(await t.db.select().from(reviewCards).where(eq(reviewCards.userId, other.id))).not.toEqual([]);

    // The attempt stays, ranked as before; the leaderboard shows no name of theirs.
    const [attempt] = await t.db.select().from(attempts).where(eq(attempts.userId, signed._id));
    expect(attempt!.rank).toBe(2);
    const board = leaderboardResponseSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/quizzes/participant/${quizId}/leaderboard`,
          headers: await bearerFor(other, t.clock),
        })
      ).json(),
    );
    expect(board.results.map((r) => [r.rank, r.userId.name])).toEqual([
      [1, 'Other Learner'],
      [2, 'Deleted learner'],
    ]);

    // The number is free again: a new account can be made with it.
    t.clock.advance(MIN);
    expect((await sendOtp(t.app, 'signup', signed.phNo)).statusCode).toBe(200);
  });
});

describe(`avatars only through signed URLs (${testDatabaseKind})`, () => {
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const withQuery = (url: string, query: string) => `${url.split('?')[0]}${query}`;

  it("the signed-in response's URL works; no, forged or expired signatures are refused", async () => {
    const signed = await signUpViaApi(
      t.app,
      { name: 'Photo Owner' },
      { name: 'me.png', data: await pngImage(64, 64), type: 'image/png' },
    );
    const me = userEnvelopeSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/students/me',
          headers: authHeader(signed.accessToken),
        })
      ).json(),
    ).data;
    const url = me.profilePicUrl!;
    const { searchParams } = new URL(url, 'http://local');
    const exp = searchParams.get('exp')!;
    const sig = searchParams.get('sig')!;

    expect((await get(url)).statusCode).toBe(200);
    expect((await get(url.replace('.webp?', '-96.webp?'))).statusCode).toBe(200);

    const refused = [
      withQuery(url, ''), // no signature: the bare URL anyone could pass around before
      withQuery(url, `?exp=${exp}`),
      withQuery(url, `?exp=${exp}&sig=${'A'.repeat(sig.length)}`), // forged
      withQuery(url, `?exp=${Number(exp) + 86_400}&sig=${sig}`), // expiry pushed out
      withQuery(
        url.replace(/[0-9a-f-]{36}/, '00000000-0000-4000-8000-000000000000'),
        `?exp=${exp}&sig=${sig}`,
      ),
    ];
    for (const bad of refused) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(403);
      expect(res.json()).toEqual({
        statusCode: 403,
        message: 'This photo link is not valid or has expired',
        error: 'Forbidden',
      });
    }

    // Expired: the same URL two days later is refused; a fresh response hands out a new one.
    t.clock.advance(2 * 24 * 60 * MIN);
    expect((await get(url)).statusCode).toBe(403);
    const fresh = userEnvelopeSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/students/me',
          headers: authHeader(signed.accessToken),
        })
      ).json(),
    ).data.profilePicUrl!;
    expect(fresh).not.toBe(url);
    expect((await get(fresh)).statusCode).toBe(200);
  });

  it('the public podium gives a working photo URL only for learners who opted in', async () => {
    const shy = await signUpViaApi(
      t.app,
      { name: 'Shy Learner' },
      { name: 'a.png', data: await pngImage(32, 32), type: 'image/png' },
    );
    const proud = await signUpViaApi(
      t.app,
      { name: 'Proud Learner' },
      { name: 'b.png', data: await pngImage(32, 32), type: 'image/png' },
    );
    expect(
      (await privacy(authHeader(proud.accessToken), { initialsOnly: false, publicPhoto: true })).statusCode,
    ).toBe(200);
    const rows = await t.db.select().from(users).where(eq(users.id, proud._id));
    const [shyRow] = await t.db.select().from(users).where(eq(users.id, shy._id));
    await publishedQuizWith([rows[0]!, shyRow!]);

    const podium = latestResultResponseSchema.parse((await get('/api/result/latest')).json());
    const byName = new Map(podium.results.map((r) => [r.userId.name, r.userId.profilePicUrl]));
    expect(byName.get('Shy Learner')).toBeNull();
    const proudUrl = byName.get('Proud Learner')!;
    expect(proudUrl).toMatch(/\?exp=\d+&sig=/);
    // Anyone (no token) can load the opted-in learner's photo through the podium's URL.
    expect((await get(proudUrl)).statusCode).toBe(200);
    // The shy learner's photo cannot be reached without a signed URL.
    expect((await get(withQuery(shy.profilePicUrl!, ''))).statusCode).toBe(403);
  });
});

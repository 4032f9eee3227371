import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminQuizListResponseSchema, adminQuizSchema } from '@quizcast/contract/schemas/admin-quiz';
import { payments, questions } from '../src/db/schema';
import { createAttempt, createStudent } from '../src/seed/factories';
import { testDatabaseKind } from './helpers';
import {
  NOW,
  HOUR,
  at,
  participant,
  adminAuth,
  useAdminApp,
  quizBody,
  createViaApi,
  messagesOf,
  submittedAttempt,
} from './support/admin';
import { t } from './support/app';

useAdminApp();

describe(`admin API (${testDatabaseKind})`, () => {
  describe('PUT /quizzes/:id', () => {
    it('before anyone starts: edits everything and keeps question ids that are sent back', async () => {
      const quiz = await createViaApi();
      const [q1, q2, q3] = quiz.questions;
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/quizzes/${quiz._id}`,
        headers: adminAuth,
        payload: quizBody({
          name: 'Polity basics (revised)',
          duration: 20,
          startTimeStamp: at(2 * HOUR),
          questions: [
            { ...q3!, choices: ['Rajendra Prasad', 'Nehru', 'Patel'] },
            { _id: q1!._id, qn: q1!.qn, choices: q1!.choices, ansIndex: 3 },
            { qn: 'A new question?', choices: ['yes', 'no'], ansIndex: 1 },
          ],
        }),
      });
      expect(res.statusCode, res.body).toBe(200);
      const updated = adminQuizSchema.parse(res.json());
      expect(updated).toMatchObject({
        name: 'Polity basics (revised)',
        duration: 20,
        startTimeStamp: at(2 * HOUR),
      });
      expect(updated.questions.map((q) => q._id).slice(0, 2)).toEqual([q3!._id, q1!._id]);
      expect(updated.questions.map((q) => [q.qn, q.ansIndex, q.choices.length])).toEqual([
        [q3!.qn, 0, 3],
        [q1!.qn, 3, 4],
        ['A new question?', 1, 2],
      ]);
      const remaining = await t.db.select().from(questions).where(eq(questions.id, q2!._id));
      expect(remaining).toEqual([]);
    });

    it('refuses ids of another quiz and repeated ids', async () => {
      const a = await createViaApi();
      const b = await createViaApi();
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/quizzes/${a._id}`,
        headers: adminAuth,
        payload: quizBody({
          questions: [{ ...b.questions[0]! }, { ...a.questions[1]! }, { ...a.questions[1]! }],
        }),
      });
      expect(res.statusCode).toBe(400);
      expect(messagesOf(res)).toEqual([
        'Question 1: unknown question id',
        'Question 3: the same question appears twice',
      ]);
    });

    it('after an attempt exists: refuses changes to questions, choices, answers, duration, start and marking (409)', async () => {
      const quiz = await createViaApi({ startTimeStamp: at(-HOUR) });
      await createAttempt(t.db, {
        quizId: quiz._id,
        userId: participant.id,
        startedAt: NOW,
        deadlineAt: new Date(NOW.getTime() + 15 * 60_000),
      });
      const base = quizBody({ startTimeStamp: at(-HOUR), questions: quiz.questions });

      const changed = await t.app.inject({
        method: 'PUT',
        url: `/api/quizzes/${quiz._id}`,
        headers: adminAuth,
        payload: {
          ...base,
          duration: 30,
          startTimeStamp: at(-2 * HOUR),
          markingScheme: { correct: 2, wrong: 0 },
          questions: [
            { ...quiz.questions[0]!, choices: ['14', '17', '21', '44'] },
            { ...quiz.questions[1]!, ansIndex: 1 },
            quiz.questions[2]!,
          ],
        },
      });
      expect(changed.statusCode).toBe(409);
      expect(messagesOf(changed)).toEqual([
        'Duration cannot change after participants have started this quiz',
        'Start time cannot change after participants have started this quiz',
        'Marking scheme cannot change after participants have started this quiz',
        'Question 1: choices cannot change after participants have started this quiz',
        'Question 2: the correct answer cannot change after participants have started this quiz',
      ]);

      const added = await t.app.inject({
        method: 'PUT',
        url: `/api/quizzes/${quiz._id}`,
        headers: adminAuth,
        payload: {
          ...base,
          questions: [...quiz.questions, { qn: 'Extra?', choices: ['a', 'b'], ansIndex: 0 }],
        },
      });
      expect(added.statusCode).toBe(409);
      expect(messagesOf(added)).toEqual([
        'Questions cannot be added or removed after participants have started this quiz',
      ]);

      const reordered = await t.app.inject({
        method: 'PUT',
        url: `/api/quizzes/${quiz._id}`,
        headers: adminAuth,
        payload: { ...base, questions: [quiz.questions[1]!, quiz.questions[0]!, quiz.questions[2]!] },
      });
      expect(reordered.statusCode).toBe(409);

      const unchanged = adminQuizSchema.parse(
        (await t.app.inject({ url: `/api/quizzes/admin-get-one/${quiz._id}`, headers: adminAuth })).json(),
      );
      expect(unchanged.questions).toEqual(quiz.questions);
      expect(unchanged).toMatchObject({ duration: 15, locked: true });
    });

    it('after an attempt exists: still fixes text typos and moves the end time', async () => {
      const quiz = await createViaApi({ startTimeStamp: at(-HOUR) });
      await createAttempt(t.db, {
        quizId: quiz._id,
        userId: participant.id,
        startedAt: NOW,
        deadlineAt: new Date(NOW.getTime() + 15 * 60_000),
      });
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/quizzes/${quiz._id}`,
        headers: adminAuth,
        payload: quizBody({
          name: 'Polity basics — fixed typo',
          desc: 'Corrected description.',
          startTimeStamp: at(-HOUR),
          endTimeStamp: at(8 * HOUR),
          questions: quiz.questions.map((q, i) =>
            i === 0
              ? { ...q, qn: 'Which article abolishes untouchability? (fixed)', explanation: 'Art. 17' }
              : q,
          ),
        }),
      });
      expect(res.statusCode, res.body).toBe(200);
      const updated = adminQuizSchema.parse(res.json());
      expect(updated).toMatchObject({
        name: 'Polity basics — fixed typo',
        endTimeStamp: at(8 * HOUR),
        locked: true,
      });
      expect(updated.questions[0]).toEqual({
        ...quiz.questions[0],
        qn: 'Which article abolishes untouchability? (fixed)',
        explanation: 'Art. 17',
      });
      expect(updated.questions.map((q) => q._id)).toEqual(quiz.questions.map((q) => q._id));
    });

    it("keeps a question's recording when its text is edited, and reports it as audioUrl", async () => {
      const quiz = await createViaApi();
      const first = quiz.questions[0]!;
      await t.db.update(questions).set({ audioKey: 'audio/rec-1.mp3' }).where(eq(questions.id, first._id));
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/quizzes/${quiz._id}`,
        headers: adminAuth,
        payload: quizBody({
          questions: quiz.questions.map((q, i) => (i === 0 ? { ...q, qn: 'Reworded?' } : q)),
        }),
      });
      expect(res.statusCode, res.body).toBe(200);
      const updated = adminQuizSchema.parse(res.json());
      expect(updated.questions[0]).toMatchObject({
        _id: first._id,
        qn: 'Reworded?',
        audioUrl: '/api/files/audio/rec-1.mp3',
      });
      expect(updated.questions[1]!.audioUrl).toBeNull();
    });

    it('answers 404 for an unknown quiz and validates the body like POST', async () => {
      const unknown = await t.app.inject({
        method: 'PUT',
        url: '/api/quizzes/00000000-0000-4000-8000-000000000000',
        headers: adminAuth,
        payload: quizBody(),
      });
      expect(unknown.statusCode).toBe(404);
      expect(messagesOf(unknown)).toEqual(['Quiz not found']);
      const quiz = await createViaApi();
      const bad = await t.app.inject({
        method: 'PUT',
        url: `/api/quizzes/${quiz._id}`,
        headers: adminAuth,
        payload: quizBody({ name: 'x' }),
      });
      expect(bad.statusCode).toBe(400);
      expect(messagesOf(bad)).toEqual(['Name must be 3–200 characters']);
    });
  });

  describe('DELETE /quizzes/:id', () => {
    it('deletes a quiz nobody has attempted; then it is gone', async () => {
      const quiz = await createViaApi();
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/quizzes/${quiz._id}`,
        headers: adminAuth,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ _id: quiz._id, deleted: true });
      const again = await t.app.inject({ url: `/api/quizzes/admin-get-one/${quiz._id}`, headers: adminAuth });
      expect(again.statusCode).toBe(404);
      expect(await t.db.select().from(questions).where(eq(questions.quizId, quiz._id))).toEqual([]);
    });

    it('refuses once anyone has attempted it (409) or paid for it, and 404 for an unknown id', async () => {
      const attempted = await createViaApi();
      await createAttempt(t.db, {
        quizId: attempted._id,
        userId: participant.id,
        startedAt: NOW,
        deadlineAt: new Date(NOW.getTime() + 60_000),
      });
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/quizzes/${attempted._id}`,
        headers: adminAuth,
      });
      expect(res.statusCode).toBe(409);
      expect(messagesOf(res)).toEqual(['This quiz cannot be deleted because participants have attempted it']);

      const paid = await createViaApi();
      await t.db.insert(payments).values({
        userId: participant.id,
        quizId: paid._id,
        provider: 'fake',
        orderId: `order_${paid._id}`,
        basePaise: 1000,
        gstPaise: 180,
        amountPaise: 1180,
        status: 'success',
      });
      const refused = await t.app.inject({
        method: 'DELETE',
        url: `/api/quizzes/${paid._id}`,
        headers: adminAuth,
      });
      expect(refused.statusCode).toBe(409);
      expect(messagesOf(refused)).toEqual([
        'This quiz cannot be deleted because participants have paid for it',
      ]);

      const unknown = await t.app.inject({
        method: 'DELETE',
        url: '/api/quizzes/not-a-quiz',
        headers: adminAuth,
      });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('GET /quizzes/admin-get-all', () => {
    it('pages and searches quizzes with status and attempt counts', async () => {
      const tag = 'Zeppelin';
      const live = await createViaApi({
        name: `${tag} live`,
        startTimeStamp: at(-HOUR),
        endTimeStamp: at(HOUR),
      });
      await createViaApi({
        name: `${tag} upcoming`,
        startTimeStamp: at(2 * HOUR),
        endTimeStamp: at(3 * HOUR),
      });
      await createViaApi({ name: `${tag} ended`, startTimeStamp: at(-5 * HOUR), endTimeStamp: at(-HOUR) });
      await createViaApi({ name: `${tag} draft`, published: false });
      await submittedAttempt(live._id, participant, 2, 60_000);
      const other = await createStudent(t.db);
      await createAttempt(t.db, {
        quizId: live._id,
        userId: other.id,
        startedAt: NOW,
        deadlineAt: new Date(NOW.getTime() + 60_000),
      });

      const res = await t.app.inject({
        url: `/api/quizzes/admin-get-all?searchTerm=${tag.toLowerCase()}&page=1&limit=10`,
        headers: adminAuth,
      });
      expect(res.statusCode).toBe(200);
      const body = adminQuizListResponseSchema.parse(res.json());
      expect(body.total).toBe(4);
      const byName = Object.fromEntries(body.quizzes.map((q) => [q.name, q]));
      expect(byName[`${tag} live`]).toMatchObject({
        status: 'live',
        attemptCount: 2,
        submittedCount: 1,
        questionCount: 3,
      });
      expect(byName[`${tag} upcoming`]).toMatchObject({ status: 'upcoming', attemptCount: 0 });
      expect(byName[`${tag} ended`]).toMatchObject({ status: 'ended' });
      expect(byName[`${tag} draft`]).toMatchObject({ status: 'draft', published: false });

      const page2 = adminQuizListResponseSchema.parse(
        (
          await t.app.inject({
            url: `/api/quizzes/admin-get-all?searchTerm=${tag}&page=2&limit=3`,
            headers: adminAuth,
          })
        ).json(),
      );
      expect(page2).toMatchObject({ total: 4, page: 2, limit: 3 });
      expect(page2.quizzes).toHaveLength(1);

      const none = adminQuizListResponseSchema.parse(
        (
          await t.app.inject({
            url: '/api/quizzes/admin-get-all?searchTerm=100%25_nothing',
            headers: adminAuth,
          })
        ).json(),
      );
      expect(none).toMatchObject({ quizzes: [], total: 0 });

      const badPage = await t.app.inject({
        url: '/api/quizzes/admin-get-all?page=0&limit=500',
        headers: adminAuth,
      });
      expect(badPage.statusCode).toBe(400);
      expect(messagesOf(badPage)).toEqual(['page must be 1 or more', 'limit must be 1–100']);
    });
  });
});

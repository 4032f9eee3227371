import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { adminQuizSchema } from '@quizcast/contract/schemas/admin-quiz';
import { quizParticipantsResponseSchema } from '@quizcast/contract/schemas/quiz-participants';
import {
  adminStudentDetailSchema,
  adminStudentListResponseSchema,
} from '@quizcast/contract/schemas/student-directory';
import { payments } from '../src/db/schema';
import { createAttempt, createQuiz, createStudent, type UserRow } from '../src/seed/factories';
import { testDatabaseKind } from './helpers';
import {
  NOW,
  HOUR,
  at,
  adminAuth,
  useAdminApp,
  createViaApi,
  messagesOf,
  submittedAttempt,
} from './support/admin';
import { t } from './support/app';

useAdminApp();

describe(`admin API (${testDatabaseKind})`, () => {
  describe('results: admin-get-one stats and admin-get-participants', () => {
    let quizId: string;
    const people: UserRow[] = [];
    beforeAll(async () => {
      const quiz = await createViaApi({
        name: 'Results quiz',
        startTimeStamp: at(-2 * HOUR),
        endTimeStamp: at(HOUR),
      });
      quizId = quiz._id;
      // Scores 3, 2 (faster), 2 (slower), 0 and one still in progress; plus a spreadsheet-formula name.
      const names = ['Bhavna Rao', 'Chetan Iyer', 'Devika Nair', '=HYPERLINK("http://x")', 'Esha Pillai'];
      for (const name of names) people.push(await createStudent(t.db, { name }));
      await submittedAttempt(quizId, people[0]!, 3, 300_000);
      await submittedAttempt(quizId, people[1]!, 2, 120_000);
      await submittedAttempt(quizId, people[2]!, 2, 240_000);
      await submittedAttempt(quizId, people[3]!, 0, 65_000);
      await createAttempt(t.db, {
        quizId,
        userId: people[4]!.id,
        startedAt: NOW,
        deadlineAt: new Date(NOW.getTime() + 15 * 60_000),
      });
    });

    it('admin-get-one reports counts, the average and a histogram', async () => {
      const res = await t.app.inject({ url: `/api/quizzes/admin-get-one/${quizId}`, headers: adminAuth });
      const quiz = adminQuizSchema.parse(res.json());
      expect(quiz.status).toBe('live');
      expect(quiz.stats).toEqual({
        attempted: 5,
        inProgress: 1,
        submitted: 4,
        averageScore: 1.75,
        highestScore: 3,
        maxScore: 3,
        histogram: [
          { label: '0', from: 0, to: 0, count: 1 },
          { label: '1', from: 1, to: 1, count: 0 },
          { label: '2', from: 2, to: 2, count: 2 },
          { label: '3', from: 3, to: 3, count: 1 },
        ],
      });
    });

    it('lists participants by rank (score, then time), with search and paging', async () => {
      const res = await t.app.inject({
        url: `/api/quizzes/admin-get-participants/${quizId}?limit=10`,
        headers: adminAuth,
      });
      expect(res.statusCode).toBe(200);
      const body = quizParticipantsResponseSchema.parse(res.json());
      expect(body.total).toBe(5);
      expect(body.quiz).toEqual({ _id: quizId, name: 'Results quiz' });
      expect(body.participants.map((p) => [p.name, p.rank, p.score, p.elapsedTime, p.status])).toEqual([
        ['Bhavna Rao', 1, 3, 300, 'submitted'],
        ['Chetan Iyer', 2, 2, 120, 'submitted'],
        ['Devika Nair', 3, 2, 240, 'submitted'],
        ['=HYPERLINK("http://x")', 4, 0, 65, 'submitted'],
        ['Esha Pillai', null, null, null, 'in_progress'],
      ]);
      expect(body.participants[0]!.userId).toEqual({
        _id: people[0]!.id,
        name: 'Bhavna Rao',
        phNo: people[0]!.phNo,
      });

      // The rank is over the whole quiz, not just the search results.
      const search = quizParticipantsResponseSchema.parse(
        (
          await t.app.inject({
            url: `/api/quizzes/admin-get-participants/${quizId}?searchTerm=devika`,
            headers: adminAuth,
          })
        ).json(),
      );
      expect(search.participants.map((p) => [p.name, p.rank])).toEqual([['Devika Nair', 3]]);
      const byPhone = quizParticipantsResponseSchema.parse(
        (
          await t.app.inject({
            url: `/api/quizzes/admin-get-participants/${quizId}?searchTerm=${people[1]!.phNo}`,
            headers: adminAuth,
          })
        ).json(),
      );
      expect(byPhone.participants.map((p) => p.name)).toEqual(['Chetan Iyer']);

      const page2 = quizParticipantsResponseSchema.parse(
        (
          await t.app.inject({
            url: `/api/quizzes/admin-get-participants/${quizId}?page=2&limit=2`,
            headers: adminAuth,
          })
        ).json(),
      );
      expect(page2.participants.map((p) => p.name)).toEqual(['Devika Nair', '=HYPERLINK("http://x")']);
      expect(page2.total).toBe(5);
    });

    it('exports every participant as CSV with safe cells', async () => {
      const res = await t.app.inject({
        url: `/api/quizzes/admin-get-participants/${quizId}/export.csv`,
        headers: adminAuth,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="results-quiz-participants.csv"');
      expect(res.body.startsWith('\uFEFF')).toBe(true);
      const rows = parse(res.body, { bom: true }) as string[][];
      expect(rows[0]).toEqual([
        'Rank',
        'Name',
        'Phone',
        'Score',
        'Correct answers',
        'Elapsed time (m:ss)',
        'Elapsed seconds',
        'Status',
        'Started at (UTC)',
        'Submitted at (UTC)',
      ]);
      expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[3], r[5], r[6], r[7]])).toEqual([
        ['1', 'Bhavna Rao', people[0]!.phNo, '3', '5:00', '300.0', 'Submitted'],
        ['2', 'Chetan Iyer', people[1]!.phNo, '2', '2:00', '120.0', 'Submitted'],
        ['3', 'Devika Nair', people[2]!.phNo, '2', '4:00', '240.0', 'Submitted'],
        ['4', `'=HYPERLINK("http://x")`, people[3]!.phNo, '0', '1:05', '65.0', 'Submitted'],
        ['', 'Esha Pillai', people[4]!.phNo, '', '', '', 'In progress'],
      ]);
      expect(rows[1]![8]).toBe(at(-HOUR));
      expect(rows[1]![9]).toBe(at(-HOUR + 300_000));

      const filtered = await t.app.inject({
        url: `/api/quizzes/admin-get-participants/${quizId}/export.csv?searchTerm=esha`,
        headers: adminAuth,
      });
      expect((parse(filtered.body, { bom: true }) as string[][]).map((r) => r[1])).toEqual([
        'Name',
        'Esha Pillai',
      ]);
    });

    it('answers 404 for an unknown quiz', async () => {
      const res = await t.app.inject({
        url: '/api/quizzes/admin-get-participants/00000000-0000-4000-8000-000000000000',
        headers: adminAuth,
      });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('students', () => {
    it('pages and searches all students', async () => {
      const a = await createStudent(t.db, { name: 'Quentin Quiztaker', place: 'Shillong' });
      await createStudent(t.db, { name: 'Quincy Quiztaker', place: 'Imphal' });
      const res = await t.app.inject({
        url: '/api/students/admin-get-all?searchTerm=quiztaker&limit=1',
        headers: adminAuth,
      });
      expect(res.statusCode).toBe(200);
      const body = adminStudentListResponseSchema.parse(res.json());
      expect(body.total).toBe(2);
      expect(body.students).toHaveLength(1);
      const byPlace = adminStudentListResponseSchema.parse(
        (
          await t.app.inject({ url: '/api/students/admin-get-all?searchTerm=shillong', headers: adminAuth })
        ).json(),
      );
      expect(byPlace.students.map((s) => [s._id, s.name, s.role, s.attemptCount])).toEqual([
        [a.id, 'Quentin Quiztaker', 'participant', 0],
      ]);
    });

    it('shows one student with profile, attempts and payments', async () => {
      const student = await createStudent(t.db, { name: 'Ritu Sharma', email: 'ritu@example.com' });
      const { quiz } = await createQuiz(t.db, { name: 'Detail quiz', durationMin: 10 }, undefined, NOW);
      await submittedAttempt(quiz.id, student, 7, 90_000);
      await t.db.insert(payments).values({
        userId: student.id,
        quizId: quiz.id,
        provider: 'fake',
        orderId: `order_detail_${student.id}`,
        basePaise: 1000,
        gstPaise: 180,
        amountPaise: 1180,
        status: 'success',
      });
      const res = await t.app.inject({
        url: `/api/students/admin-get-one/${student.id}`,
        headers: adminAuth,
      });
      expect(res.statusCode).toBe(200);
      const body = adminStudentDetailSchema.parse(res.json());
      expect(body.data).toMatchObject({
        _id: student.id,
        name: 'Ritu Sharma',
        email: 'ritu@example.com',
        attemptCount: 1,
      });
      expect(body.data.attempts).toEqual([
        {
          _id: expect.any(String),
          quiz: { _id: quiz.id, name: 'Detail quiz' },
          status: 'submitted',
          score: 7,
          rank: 1,
          elapsedTime: 90,
          startedAt: at(-HOUR),
          submittedAt: at(-HOUR + 90_000),
        },
      ]);
      expect(body.data.payments).toEqual([
        expect.objectContaining({
          quiz: { _id: quiz.id, name: 'Detail quiz' },
          amount: 11.8,
          status: 'success',
          currency: 'INR',
        }),
      ]);

      const unknown = await t.app.inject({ url: '/api/students/admin-get-one/nobody', headers: adminAuth });
      expect(unknown.statusCode).toBe(404);
      expect(messagesOf(unknown)).toEqual(['Student not found']);
    });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { errorBodySchema } from '@quizcast/contract/errors';
import { adminQuizSchema } from '@quizcast/contract/schemas/admin-quiz';
import { quizzes } from '../src/db/schema';
import { testDatabaseKind } from './helpers';
import {
  HOUR,
  at,
  admin,
  participant,
  adminAuth,
  participantAuth,
  useAdminApp,
  quizBody,
  createViaApi,
  messagesOf,
  multipart,
} from './support/admin';
import { t } from './support/app';

useAdminApp();

describe(`admin API (${testDatabaseKind})`, () => {
  describe('every admin route: 401 without a token, 403 for a participant, 2xx for an admin', () => {
    let quizId: string;
    let deletableId: string;
    beforeAll(async () => {
      quizId = (await createViaApi({ name: 'Role check quiz' }))._id;
      deletableId = (await createViaApi({ name: 'Role check deletable' }))._id;
    });

    interface RouteCase {
      method: 'GET' | 'POST' | 'PUT' | 'DELETE';
      url: string;
      payload?: unknown;
      headers?: Record<string, string>;
      ok: number;
    }
    const routes = (): RouteCase[] => {
      const csv = () => multipart('q.csv', 'qn,choice1,choice2,answer\nRole?,a,b,A\n');
      return [
        { method: 'POST', url: '/api/quizzes', payload: quizBody(), ok: 201 },
        {
          method: 'PUT',
          url: `/api/quizzes/${quizId}`,
          payload: quizBody({ name: 'Role check quiz' }),
          ok: 200,
        },
        { method: 'GET', url: '/api/quizzes/admin-get-all', ok: 200 },
        { method: 'GET', url: `/api/quizzes/admin-get-one/${quizId}`, ok: 200 },
        { method: 'GET', url: `/api/quizzes/admin-get-participants/${quizId}`, ok: 200 },
        { method: 'GET', url: `/api/quizzes/admin-get-participants/${quizId}/export.csv`, ok: 200 },
        { method: 'POST', url: `/api/quizzes/${quizId}/questions/import`, ...csv(), ok: 200 },
        { method: 'POST', url: '/api/quizzes/questions/import-preview', ...csv(), ok: 200 },
        { method: 'GET', url: '/api/students/admin-get-all', ok: 200 },
        { method: 'GET', url: `/api/students/admin-get-one/${participant.id}`, ok: 200 },
        { method: 'DELETE', url: `/api/quizzes/${deletableId}`, ok: 200 },
      ];
    };

    it('refuses a request without a token (401) and a participant (403 "Forbidden resource"), and answers an admin', async () => {
      for (const { ok, headers: extra = {}, method, url, payload } of routes()) {
        const send = (headers: Record<string, string>) =>
          t.app.inject({
            method,
            url,
            headers: { ...extra, ...headers },
            ...(payload === undefined ? {} : { payload: payload as string }),
          });
        const anonymous = await send({});
        expect(anonymous.statusCode, `${method} ${url} anonymous`).toBe(401);

        const asParticipant = await send(participantAuth);
        expect(asParticipant.statusCode, `${method} ${url} participant`).toBe(403);
        expect(asParticipant.json()).toEqual({
          statusCode: 403,
          message: 'Forbidden resource',
          error: 'Forbidden',
        });

        const asAdmin = await send(adminAuth);
        expect(asAdmin.statusCode, `${method} ${url} admin: ${asAdmin.body}`).toBe(ok);
      }
    });

    it("answers a malformed path id like any other request: 401, then 403, then the route's 404", async () => {
      const cases = [
        { url: '/api/quizzes/admin-get-one/not-a-uuid', message: 'Quiz not found' },
        { url: '/api/quizzes/admin-get-participants/not-a-uuid', message: 'Quiz not found' },
        { url: '/api/students/admin-get-one/not-a-uuid', message: 'Student not found' },
      ];
      for (const { url, message } of cases) {
        const send = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
        expect((await send({})).json(), `${url} anonymous`).toEqual({
          statusCode: 401,
          message: 'Missing access token',
          error: 'Unauthorized',
        });
        expect((await send(participantAuth)).json(), `${url} participant`).toEqual({
          statusCode: 403,
          message: 'Forbidden resource',
          error: 'Forbidden',
        });
        expect((await send(adminAuth)).json(), `${url} admin`).toEqual({
          statusCode: 404,
          message,
          error: 'Not Found',
        });
      }
    });

    it('authorises a request with a malformed path id first, then checks its body (401, 403, 400, as for any id)', async () => {
      const put = (id: string, headers: Record<string, string>) =>
        t.app.inject({ method: 'PUT', url: `/api/quizzes/${id}`, headers, payload: { name: '' } });
      const wellFormed = '00000000-0000-4000-8000-000000000000';
      for (const id of [wellFormed, 'not-a-uuid']) {
        expect((await put(id, {})).statusCode, id).toBe(401);
        expect((await put(id, participantAuth)).statusCode, id).toBe(403);
      }
      const invalid = await put(wellFormed, adminAuth);
      expect(invalid.statusCode).toBe(400);
      expect((await put('not-a-uuid', adminAuth)).json()).toEqual(invalid.json());
    });
  });

  describe('POST /quizzes', () => {
    it('creates a quiz and returns it with _id, answers, rupee price and stored paise', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/quizzes',
        headers: adminAuth,
        payload: quizBody({ markingScheme: { correct: 4, wrong: 1 }, price: 12.5 }),
      });
      expect(res.statusCode).toBe(201);
      const quiz = adminQuizSchema.parse(res.json());
      expect(quiz).toMatchObject({
        name: 'Polity basics',
        exam: 'UPSC',
        duration: 15,
        price: 12.5,
        published: true,
        status: 'upcoming',
        markingScheme: { correct: 4, wrong: 1 },
        instructions: ['Read each question carefully.'],
        locked: false,
        startTimeStamp: at(HOUR),
        endTimeStamp: at(5 * HOUR),
      });
      expect(quiz._id).toMatch(/^[0-9a-f-]{36}$/);
      expect(quiz.questions.map((q) => [q.qn, q.choices, q.ansIndex, q.explanation, q.lang])).toEqual([
        ['Which article abolishes untouchability?', ['14', '17', '21', '32'], 1, null, 'en'],
        [
          'Line one\nLine two: who is the head of state?',
          ['President', 'Prime Minister'],
          0,
          'Article 52.',
          'en',
        ],
        ['भारत के प्रथम राष्ट्रपति?', ['राजेंद्र प्रसाद', 'नेहरू'], 0, null, 'hi'],
      ]);
      const [row] = await t.db.select().from(quizzes).where(eq(quizzes.id, quiz._id));
      expect(row).toMatchObject({ pricePaise: 1250, markCorrect: 4, markWrong: 1, createdBy: admin.id });
      expect(quiz.stats).toMatchObject({ attempted: 0, submitted: 0, averageScore: null, maxScore: 12 });
    });

    it('defaults the marking to +1/−0 and accepts a free, unpublished quiz that starts now', async () => {
      const quiz = await createViaApi({
        price: 0,
        published: false,
        startTimeStamp: at(0),
        markingScheme: undefined,
      });
      expect(quiz).toMatchObject({
        price: 0,
        published: false,
        status: 'draft',
        markingScheme: { correct: 1, wrong: 0 },
      });
    });

    it('keeps an optional topic per question (trimmed, ≤ 60 characters; issue 14)', async () => {
      const base = quizBody().questions;
      const quiz = await createViaApi({
        questions: [{ ...base[0]!, topic: '  Fundamental Rights ' }, base[1]!, { ...base[2]!, topic: '' }],
      });
      expect(quiz.questions.map((q) => q.topic)).toEqual(['Fundamental Rights', null, null]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/quizzes',
        headers: adminAuth,
        payload: quizBody({ questions: [{ ...base[0]!, topic: 'x'.repeat(61) }] }),
      });
      expect(res.statusCode).toBe(400);
      expect(errorBodySchema.parse(res.json()).message).toContain(
        'Question 1: topic must be at most 60 characters',
      );
    });

    it('lists every broken field rule in one 400', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/quizzes',
        headers: adminAuth,
        payload: quizBody({
          name: ' ab ',
          duration: 0,
          startTimeStamp: at(5 * HOUR),
          endTimeStamp: at(HOUR),
          price: -1,
          questions: [],
        }),
      });
      expect(res.statusCode).toBe(400);
      expect(messagesOf(res).sort()).toEqual(
        [
          'Name must be 3–200 characters',
          'Duration must be 1–300 minutes',
          'Price must be 0 (free) or more',
          'A quiz needs 1–200 questions',
          'Start time must be before end time',
        ].sort(),
      );
    });

    it('checks the upper limits: name 200, duration 300, questions 200', async () => {
      const q = { qn: 'Q?', choices: ['a', 'b'], ansIndex: 0 };
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/quizzes',
        headers: adminAuth,
        payload: quizBody({
          name: 'n'.repeat(200),
          duration: 300,
          questions: Array.from({ length: 200 }, () => q),
        }),
      });
      expect(ok.statusCode, ok.body).toBe(201);
      expect(adminQuizSchema.parse(ok.json()).questions).toHaveLength(200);

      const tooMuch = await t.app.inject({
        method: 'POST',
        url: '/api/quizzes',
        headers: adminAuth,
        payload: quizBody({
          name: 'n'.repeat(201),
          duration: 301,
          startTimeStamp: at(HOUR),
          endTimeStamp: at(HOUR),
          questions: Array.from({ length: 201 }, () => q),
        }),
      });
      expect(tooMuch.statusCode).toBe(400);
      expect(messagesOf(tooMuch).sort()).toEqual(
        [
          'Name must be 3–200 characters',
          'Duration must be 1–300 minutes',
          'A quiz needs 1–200 questions',
          'Start time must be before end time',
        ].sort(),
      );
    });

    it('lists every broken question rule with its question number', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/quizzes',
        headers: adminAuth,
        payload: quizBody({
          duration: 2.5,
          questions: [
            { qn: 'Fine?', choices: ['yes', 'no'], ansIndex: 0 },
            { qn: '   \n ', choices: ['a', 'b'], ansIndex: 0 },
            { qn: 'One choice', choices: ['only'], ansIndex: 0 },
            { qn: 'Seven', choices: ['1', '2', '3', '4', '5', '6', '7'], ansIndex: 0 },
            { qn: 'Dupes', choices: ['Paris', ' paris '], ansIndex: 0 },
            { qn: 'Empty choice', choices: ['a', ''], ansIndex: 0 },
            { qn: 'Answer out of range', choices: ['a', 'b'], ansIndex: 2 },
            { qn: 'Negative answer', choices: ['a', 'b'], ansIndex: -1 },
          ],
        }),
      });
      expect(res.statusCode).toBe(400);
      expect(messagesOf(res)).toEqual([
        'Duration must be a whole number of minutes',
        'Question 2: question text is required',
        'Question 3: needs 2–6 choices (has 1)',
        'Question 4: needs 2–6 choices (has 7)',
        'Question 5: choices must be distinct (A and B are both "paris")',
        'Question 6: choice B is empty',
        'Question 7: the correct answer must be one of its choices',
        'Question 8: the correct answer must be one of its choices',
      ]);
    });

    it('refuses unknown exam and class values and malformed times', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/quizzes',
        headers: adminAuth,
        payload: { ...quizBody(), exam: 'GRE', class: 'PhD', startTimeStamp: 'tomorrow' },
      });
      expect(res.statusCode).toBe(400);
      expect(messagesOf(res)).toEqual([
        'Exam must be one of UPSC, SSC, Banking, NEET, JEE, Other',
        'Class must be one of Lower Primary, Upper Primary, High School, Higher Secondary, Preparing for Competitive exams, Other',
        'Start time must be a date and time (ISO 8601)',
      ]);
    });
  });
});

describe('previous-year papers (issue 27)', () => {
  it('tags a quiz with the year of its paper, and refuses a year out of range', async () => {
    const tagged = await createViaApi({ name: 'UPSC prelims 2021 paper', previousYear: 2021 });
    expect(tagged.previousYear).toBe(2021);
    expect((await createViaApi({ name: 'Not a paper' })).previousYear).toBeNull();
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/quizzes',
      headers: adminAuth,
      payload: quizBody({ previousYear: 1800 }),
    });
    expect(bad.statusCode).toBe(400);
    expect(messagesOf(bad)).toContain('Previous-year paper must be 1950–2100');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { errorBodySchema } from '@quizcast/contract/errors';
import { adminQuizListResponseSchema, adminQuizSchema } from '@quizcast/contract/schemas/admin-quiz';
import {
  importPreviewResponseSchema,
  importResponseSchema,
} from '@quizcast/contract/schemas/question-import';
import type { QuizInput } from '@quizcast/contract/schemas/quiz-input';
import { quizParticipantsResponseSchema } from '@quizcast/contract/schemas/quiz-participants';
import {
  adminStudentDetailSchema,
  adminStudentListResponseSchema,
} from '@quizcast/contract/schemas/student-directory';
import { payments, questions, quizzes } from '../src/db/schema';
import { createAttempt, createQuiz, createStudent, type UserRow } from '../src/seed/factories';
import { bearerFor, buildTestApp, testDatabaseKind, type TestApp } from './helpers';

const NOW = new Date('2026-11-22T10:00:00Z');
const HOUR = 3600_000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();

let t: TestApp;
let admin: UserRow;
let participant: UserRow;
let adminAuth: Record<string, string>;
let participantAuth: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  admin = await createStudent(t.db, { role: 'admin', name: 'Asha Admin' });
  participant = await createStudent(t.db, { name: 'Pawan Participant' });
  adminAuth = await bearerFor(admin, t.clock);
  participantAuth = await bearerFor(participant, t.clock);
});
afterAll(async () => {
  await t.close();
});

function quizBody(overrides: Partial<QuizInput> = {}): QuizInput {
  return {
    name: 'Polity basics',
    desc: 'Fundamental rights and duties.',
    exam: 'UPSC',
    class: 'Preparing for Competitive exams',
    duration: 15,
    startTimeStamp: at(HOUR),
    endTimeStamp: at(5 * HOUR),
    price: 10,
    published: true,
    instructions: ['Read each question carefully.'],
    questions: [
      { qn: 'Which article abolishes untouchability?', choices: ['14', '17', '21', '32'], ansIndex: 1 },
      {
        qn: 'Line one\nLine two: who is the head of state?',
        choices: ['President', 'Prime Minister'],
        ansIndex: 0,
        explanation: 'Article 52.',
        lang: 'en',
      },
      { qn: 'भारत के प्रथम राष्ट्रपति?', choices: ['राजेंद्र प्रसाद', 'नेहरू'], ansIndex: 0, lang: 'hi' },
    ],
    ...overrides,
  };
}

async function createViaApi(overrides: Partial<QuizInput> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/quizzes',
    headers: adminAuth,
    payload: quizBody(overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return adminQuizSchema.parse(res.json());
}

function messagesOf(res: { json(): unknown }): string[] {
  const body = errorBodySchema.parse(res.json());
  return Array.isArray(body.message) ? body.message : [body.message];
}

/** A multipart/form-data body with one file field, as a browser sends it. */
function multipart(filename: string, content: string | Buffer, contentType = 'text/csv') {
  const boundary = '----quizcastTestBoundary7MA4YWxkTrZu0gW';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function submittedAttempt(quizId: string, user: UserRow, score: number, elapsedMs: number) {
  return createAttempt(t.db, {
    quizId,
    userId: user.id,
    status: 'submitted',
    startedAt: new Date(NOW.getTime() - HOUR),
    deadlineAt: new Date(NOW.getTime() - HOUR + 15 * 60_000),
    submittedAt: new Date(NOW.getTime() - HOUR + elapsedMs),
    score,
    correctCount: score,
    elapsedMs,
  });
}

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

  describe('POST /quizzes/:id/questions/import', () => {
    const goodCsv = [
      'qn,choice1,choice2,choice3,choice4,choice5,choice6,answer,explanation',
      'What is 6 × 7?,42,36,48,,,,A,Times tables.',
      '"Which is a vowel?',
      '(pick one)",b,c,e,,,,3,',
    ].join('\n');
    const badCsv = [
      'qn,choice1,choice2,choice3,choice4,choice5,choice6,answer,explanation',
      'Good row?,yes,no,,,,,A,',
      ',a,b,,,,,A,',
      'Bad answer,a,b,,,,,Q,',
      'Dupes,x,X,,,,,1,',
    ].join('\n');
    const goodAiken =
      'Largest planet?\nA. Earth\nB. Jupiter\nANSWER: B\n\nSmallest planet?\nA. Mercury\nB. Mars\nANSWER: A\n';
    const badAiken = 'Largest planet?\nA. Earth\nB. Jupiter\n\nNo options here\nANSWER: A\n';

    async function importFile(quizId: string, filename: string, content: string | Buffer, query = '') {
      return t.app.inject({
        method: 'POST',
        url: `/api/quizzes/${quizId}/questions/import${query}`,
        ...(() => {
          const m = multipart(filename, content);
          return { payload: m.payload, headers: { ...m.headers, ...adminAuth } };
        })(),
      });
    }
    const questionTexts = async (quizId: string) =>
      (await t.db.select().from(questions).where(eq(questions.quizId, quizId)))
        .sort((a, b) => a.position - b.position)
        .map((q) => q.qn);

    it('appends the questions of a good CSV', async () => {
      const quiz = await createViaApi();
      const res = await importFile(quiz._id, 'questions.csv', goodCsv);
      expect(res.statusCode, res.body).toBe(200);
      const body = importResponseSchema.parse(res.json());
      expect(body).toMatchObject({ format: 'csv', imported: 2 });
      expect(body.questions).toHaveLength(5);
      expect(body.questions.slice(3).map((q) => [q.qn, q.choices, q.ansIndex, q.explanation])).toEqual([
        ['What is 6 × 7?', ['42', '36', '48'], 0, 'Times tables.'],
        ['Which is a vowel?\n(pick one)', ['b', 'c', 'e'], 2, null],
      ]);
      expect(await questionTexts(quiz._id)).toHaveLength(5);
    });

    it('reports every bad CSV line and saves nothing', async () => {
      const quiz = await createViaApi();
      const res = await importFile(quiz._id, 'questions.csv', badCsv);
      expect(res.statusCode).toBe(400);
      expect(messagesOf(res)).toEqual([
        'Line 3: question text is required',
        'Line 4: answer must be a letter A–F or a number 1–6 (got "Q")',
        'Line 5: choices must be distinct (A and B are both "X")',
      ]);
      expect(await questionTexts(quiz._id)).toEqual(quiz.questions.map((q) => q.qn));
    });

    it('replaces the questions with a good Aiken file', async () => {
      const quiz = await createViaApi();
      const res = await importFile(quiz._id, 'planets.txt', goodAiken, '?mode=replace');
      expect(res.statusCode, res.body).toBe(200);
      const body = importResponseSchema.parse(res.json());
      expect(body).toMatchObject({ format: 'aiken', imported: 2 });
      expect(body.questions.map((q) => [q.qn, q.choices, q.ansIndex])).toEqual([
        ['Largest planet?', ['Earth', 'Jupiter'], 1],
        ['Smallest planet?', ['Mercury', 'Mars'], 0],
      ]);
      expect(await questionTexts(quiz._id)).toEqual(['Largest planet?', 'Smallest planet?']);
    });

    it('reports every bad Aiken question and saves nothing', async () => {
      const quiz = await createViaApi();
      const res = await importFile(quiz._id, 'planets.txt', badAiken, '?mode=replace');
      expect(res.statusCode).toBe(400);
      expect(messagesOf(res)).toEqual([
        'Line 1: question has no "ANSWER:" line',
        'Line 6: "ANSWER:" comes before any option (e.g. "A. text")',
      ]);
      expect(await questionTexts(quiz._id)).toEqual(quiz.questions.map((q) => q.qn));
    });

    it('refuses once anyone has started (409), past 200 questions, non-UTF-8, a missing file and oversize files', async () => {
      const started = await createViaApi();
      await createAttempt(t.db, {
        quizId: started._id,
        userId: participant.id,
        startedAt: NOW,
        deadlineAt: new Date(NOW.getTime() + 60_000),
      });
      const locked = await importFile(started._id, 'q.csv', goodCsv);
      expect(locked.statusCode).toBe(409);
      expect(messagesOf(locked)).toEqual([
        'Questions cannot change after participants have started this quiz',
      ]);

      const full = await createViaApi({
        questions: Array.from({ length: 199 }, (_, i) => ({
          qn: `Q${i}?`,
          choices: ['a', 'b'],
          ansIndex: 0,
        })),
      });
      const tooMany = await importFile(full._id, 'q.csv', goodCsv);
      expect(tooMany.statusCode).toBe(400);
      expect(messagesOf(tooMany)).toEqual([
        'A quiz can have at most 200 questions: it has 199 and the file adds 2',
      ]);

      const quiz = await createViaApi();
      const latin1 = await importFile(
        quiz._id,
        'q.csv',
        Buffer.from([0x51, 0xe9, 0x2c, 0x61, 0x2c, 0x62, 0x2c, 0x41]),
      );
      expect(latin1.statusCode).toBe(400);
      expect(messagesOf(latin1)).toEqual([
        'The file must be UTF-8 text (in Excel choose "CSV UTF-8" when saving)',
      ]);

      const json = await t.app.inject({
        method: 'POST',
        url: `/api/quizzes/${quiz._id}/questions/import`,
        headers: adminAuth,
        payload: { file: 'nope' },
      });
      expect(json.statusCode).toBe(400);

      const huge = await importFile(
        quiz._id,
        'q.csv',
        `qn,choice1,choice2,answer\n${'x,a,b,A\n'.repeat(200_000)}`,
      );
      expect(huge.statusCode).toBe(413);
      expect(await questionTexts(quiz._id)).toHaveLength(3);

      const unknown = await importFile('00000000-0000-4000-8000-000000000000', 'q.csv', goodCsv);
      expect(unknown.statusCode).toBe(404);
    });

    it('previews a file without saving anything', async () => {
      const m = multipart('planets.txt', goodAiken, 'text/plain');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/quizzes/questions/import-preview',
        payload: m.payload,
        headers: { ...m.headers, ...adminAuth },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(importPreviewResponseSchema.parse(res.json())).toEqual({
        format: 'aiken',
        questions: [
          { qn: 'Largest planet?', choices: ['Earth', 'Jupiter'], ansIndex: 1, explanation: null },
          { qn: 'Smallest planet?', choices: ['Mercury', 'Mars'], ansIndex: 0, explanation: null },
        ],
      });
      const bad = multipart('q.csv', badCsv);
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/quizzes/questions/import-preview',
        payload: bad.payload,
        headers: { ...bad.headers, ...adminAuth },
      });
      expect(refused.statusCode).toBe(400);
      expect(messagesOf(refused)).toHaveLength(3);
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

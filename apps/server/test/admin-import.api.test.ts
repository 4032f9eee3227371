import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  importPreviewResponseSchema,
  importResponseSchema,
} from '@quizcast/contract/schemas/question-import';
import { questions } from '../src/db/schema';
import { createAttempt } from '../src/seed/factories';
import { testDatabaseKind } from './helpers';
import {
  NOW,
  participant,
  adminAuth,
  useAdminApp,
  createViaApi,
  messagesOf,
  multipart,
} from './support/admin';
import { t } from './support/app';

useAdminApp();

describe(`admin API (${testDatabaseKind})`, () => {
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
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuizSchema } from '@quizcast/contract/schemas/admin-quiz';
import type { QuizInput } from '@quizcast/contract/schemas/quiz-input';
import { createAttempt, createStudent, type UserRow } from '../src/seed/factories';
import { bearerFor, buildTestApp, type TestApp } from './helpers';

/** Issue 26 (ADR 022): authoring a quiz with sections, and importing questions into them. */

const NOW = new Date('2026-11-22T10:00:00Z');
const HOUR = 3600_000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();
let t: TestApp;
let admin: UserRow;
let auth: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  admin = await createStudent(t.db, { role: 'admin' });
  auth = await bearerFor(admin, t.clock);
});
afterAll(async () => {
  await t.close();
});

const mcq = (qn: string, section?: number) => ({
  qn,
  choices: ['1', '2', '3', '4'],
  ansIndex: 0,
  ...(section === undefined ? {} : { section }),
});

function body(overrides: Partial<QuizInput> = {}): QuizInput {
  return {
    name: 'IBPS PO prelims mock',
    exam: 'Banking',
    class: 'Preparing for Competitive exams',
    duration: 5,
    startTimeStamp: at(HOUR),
    endTimeStamp: at(5 * HOUR),
    price: 0,
    published: true,
    markingScheme: { correct: 1, wrong: 0.25 },
    navigation: 'locked',
    sections: [
      { name: 'English Language', nameHi: 'अंग्रेज़ी भाषा', duration: 20, cutoff: 6 },
      { name: 'Quantitative Aptitude', nameHi: 'संख्यात्मक अभियोग्यता', duration: 20 },
      {
        name: 'Reasoning Ability',
        nameHi: 'तर्कशक्ति',
        duration: 20,
        markingScheme: { correct: 2, wrong: 0.5 },
      },
    ],
    questions: [mcq('E1', 0), mcq('Q1', 1), mcq('R1', 2), mcq('E2', 0)],
    ...overrides,
  };
}

const send = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
  t.app.inject({ method, url, headers: auth, payload: payload as object });

describe('sections in the authoring API (issue 26)', () => {
  it('creates a locked quiz with sections: its duration is their sum; edits rename, reorder and move before any attempt', async () => {
    const created = await send('POST', '/api/quizzes', body());
    expect(created.statusCode, created.body).toBe(201);
    const quiz = adminQuizSchema.parse(created.json());
    expect(quiz.duration).toBe(60);
    expect(quiz.navigation).toBe('locked');
    expect(quiz.sections!.map((s) => [s.name, s.duration, s.markingScheme, s.cutoff])).toEqual([
      ['English Language', 20, null, 6],
      ['Quantitative Aptitude', 20, null, null],
      ['Reasoning Ability', 20, { correct: 2, wrong: 0.5 }, null],
    ]);
    expect(quiz.questions.map((q) => [q.qn, q.section])).toEqual([
      ['E1', 0],
      ['Q1', 1],
      ['R1', 2],
      ['E2', 0],
    ]);
    // Reorder (Reasoning first), rename, retime, and move E2 into Reasoning.
    const [e1, q1, r1, e2] = quiz.questions;
    const edited = await send(
      'PUT',
      `/api/quizzes/${quiz._id}`,
      body({
        sections: [
          { name: 'Reasoning', nameHi: 'तर्कशक्ति', duration: 25 },
          { name: 'English Language', nameHi: 'अंग्रेज़ी भाषा', duration: 20 },
          { name: 'Quantitative Aptitude', nameHi: 'संख्यात्मक अभियोग्यता', duration: 15 },
        ],
        questions: [
          { ...mcq('E1', 1), _id: e1!._id },
          { ...mcq('Q1', 2), _id: q1!._id },
          { ...mcq('R1', 0), _id: r1!._id },
          { ...mcq('E2', 0), _id: e2!._id },
        ],
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const after = adminQuizSchema.parse(edited.json());
    expect(after.duration).toBe(60);
    expect(after.sections!.map((s) => s.name)).toEqual([
      'Reasoning',
      'English Language',
      'Quantitative Aptitude',
    ]);
    expect(after.questions.map((q) => [q.qn, q.section])).toEqual([
      ['E1', 1],
      ['Q1', 2],
      ['R1', 0],
      ['E2', 0],
    ]);
  });

  it('refuses questions outside the sections, untimed locked sections, and timed free ones', async () => {
    const res = await send(
      'POST',
      '/api/quizzes',
      body({
        sections: [{ name: 'A', nameHi: 'क', duration: null }],
        questions: [mcq('x', 0), mcq('y', 3), mcq('z')],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(
      expect.arrayContaining([
        'Section 1 needs its own time in a locked quiz',
        "Question 2 needs one of the quiz's sections",
        "Question 3 needs one of the quiz's sections",
      ]),
    );
    const free = await send(
      'POST',
      '/api/quizzes',
      body({
        navigation: 'free',
        sections: [{ name: 'A', nameHi: 'क', duration: 5 }],
        questions: [mcq('x', 0)],
      }),
    );
    expect(free.statusCode).toBe(400);
    expect(free.json().message).toBe('Section 1: only a locked quiz times its sections');
  });

  it('after the first attempt: sections are frozen (names and cut-offs may still change)', async () => {
    const quiz = adminQuizSchema.parse((await send('POST', '/api/quizzes', body())).json());
    const learner = await createStudent(t.db);
    await createAttempt(t.db, {
      quizId: quiz._id,
      userId: learner.id,
      startedAt: NOW,
      deadlineAt: new Date(NOW.getTime() + HOUR),
    });
    const ids = quiz.questions.map((q) => q._id);
    const same = body().questions.map((q, i) => ({ ...q, _id: ids[i]! }));
    const retimed = body().sections!.map((s, i) => (i === 1 ? { ...s, duration: 25 } : s));
    const refused = await send(
      'PUT',
      `/api/quizzes/${quiz._id}`,
      body({ sections: retimed, questions: same }),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toEqual(
      expect.arrayContaining([
        'Sections (their order, times, marking, questions) and navigation cannot change after participants have started this quiz',
      ]),
    );
    const moved = same.map((q, i) => (i === 3 ? { ...q, section: 1 } : q));
    expect((await send('PUT', `/api/quizzes/${quiz._id}`, body({ questions: moved }))).statusCode).toBe(409);
    const renamed = body().sections!.map((s, i) => (i === 0 ? { ...s, name: 'English', cutoff: 7 } : s));
    const ok = await send('PUT', `/api/quizzes/${quiz._id}`, body({ sections: renamed, questions: same }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(adminQuizSchema.parse(ok.json()).sections![0]).toMatchObject({ name: 'English', cutoff: 7 });
  });

  it('imports a CSV section column and Aiken SECTION: markers by English or Hindi name', async () => {
    const quiz = adminQuizSchema.parse((await send('POST', '/api/quizzes', body())).json());
    const upload = (filename: string, content: string) => {
      const boundary = '----quizcastSections';
      const payload = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/plain\r\n\r\n${content}\r\n--${boundary}--\r\n`,
      );
      return t.app.inject({
        method: 'POST',
        url: `/api/quizzes/${quiz._id}/questions/import?mode=replace`,
        headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    };
    const csv = [
      'qn,choice1,choice2,answer,section',
      'Synonym of big?,large,small,A,English Language',
      'What is 2+2?,4,5,A,संख्यात्मक अभियोग्यता',
    ].join('\n');
    const imported = await upload('q.csv', csv);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().questions.map((q: { section: number }) => q.section)).toEqual([0, 1]);

    const aiken =
      'SECTION: reasoning ability\nOdd one out?\nA. 2\nB. 3\nANSWER: A\n\nSECTION: English Language\nAntonym of hot?\nA. cold\nB. warm\nANSWER: A\n';
    const fromAiken = await upload('q.txt', aiken);
    expect(fromAiken.statusCode, fromAiken.body).toBe(200);
    expect(fromAiken.json().questions.map((q: { section: number }) => q.section)).toEqual([2, 0]);

    const unknown = await upload(
      'q.csv',
      ['qn,choice1,choice2,answer,section', 'x?,a,b,A,General Awareness', 'y?,a,b,A,'].join('\n'),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toEqual([
      'Question 1 (line 2): "General Awareness" is not one of this quiz\'s sections',
      'Question 2 (line 3): this quiz has sections: name one in the section column',
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@quizcast/contract/errors';
import { adminQuizSchema } from '@quizcast/contract/schemas/admin-quiz';
import {
  importPreviewResponseSchema,
  importResponseSchema,
} from '@quizcast/contract/schemas/question-import';
import type { QuizInput } from '@quizcast/contract/schemas/quiz-input';
import { quizAttemptSchema } from '@quizcast/contract/schemas/quiz';
import { quizSummaryResponseSchema } from '@quizcast/contract/schemas/result';
import { createAttempt, createQuiz, createStudent, type UserRow } from '../src/seed/factories';
import { bearerFor, buildTestApp, testDatabaseKind, type TestApp } from './helpers';
import { expectContractBytes } from './support/results';

/** Bilingual questions and math (issue 12, ADR 019): saved, rendered, sent without leaking answers. */
const NOW = new Date('2026-11-22T10:00:00Z');
const HOUR = 3600_000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();

let t: TestApp;
let admin: UserRow;
let adminAuth: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({ now: NOW });
  admin = await createStudent(t.db, { role: 'admin' });
  adminAuth = await bearerFor(admin, t.clock);
});
afterAll(async () => {
  await t.close();
});

const BILINGUAL = {
  qn: 'A body starts from rest with acceleration $a$. Its displacement after time $t$ is',
  choices: ['$at$', '$\\frac{1}{2}at^2$', '$2at^2$', '$a^2t$'],
  ansIndex: 1,
  explanation: 'Use $s = ut + \\frac{1}{2}at^2$ with $u = 0$. SECRET-EN',
  qnHi: 'एक पिंड विरामावस्था से त्वरण $a$ से चलना आरंभ करता है। समय $t$ के बाद उसका विस्थापन है',
  choicesHi: ['$at$', '$\\frac{1}{2}at^2$', '$2at^2$', '$a^2t$'],
  explanationHi: '$u = 0$ रखकर $s = ut + \\frac{1}{2}at^2$ लगाइए। SECRET-HI',
};

function quizBody(overrides: Partial<QuizInput> = {}): QuizInput {
  return {
    name: 'Kinematics in two languages',
    desc: 'Bilingual math questions.',
    exam: 'JEE',
    class: 'Preparing for Competitive exams',
    duration: 15,
    startTimeStamp: at(-HOUR),
    endTimeStamp: at(5 * HOUR),
    price: 0,
    published: true,
    questions: [
      { qn: 'Plain question <b>bold</b>?', choices: ['Yes', 'No'], ansIndex: 0, explanation: 'Plain.' },
      BILINGUAL,
    ],
    ...overrides,
  };
}

function messagesOf(res: { json(): unknown }): string[] {
  const body = errorBodySchema.parse(res.json());
  return Array.isArray(body.message) ? body.message : [body.message];
}

function multipart(filename: string, content: string) {
  const boundary = '----quizcastExamLangBoundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(content, 'utf8'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { ...adminAuth, 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function create(overrides: Partial<QuizInput> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/quizzes',
    headers: adminAuth,
    payload: quizBody(overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return adminQuizSchema.parse(res.json());
}

describe(`bilingual and math questions (${testDatabaseKind})`, () => {
  it('round-trip through create and edit, and reach the participant rendered, without answers or explanations', async () => {
    const created = await create();
    const q = created.questions[1]!;
    expect(q).toMatchObject({
      qn: BILINGUAL.qn,
      choices: BILINGUAL.choices,
      qnHi: BILINGUAL.qnHi,
      choicesHi: BILINGUAL.choicesHi,
      explanationHi: BILINGUAL.explanationHi,
    });
    expect(created.questions[0]).toMatchObject({ qnHi: null, choicesHi: null, explanationHi: null });

    // Edit: the Hindi wording changes and a Hindi version is added to the plain question.
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/quizzes/${created._id}`,
      headers: adminAuth,
      payload: quizBody({
        questions: [
          {
            _id: created.questions[0]!._id,
            qn: 'Plain question <b>bold</b>?',
            choices: ['Yes', 'No'],
            ansIndex: 0,
            qnHi: 'सादा प्रश्न <b>मोटा</b>?',
            choicesHi: ['हाँ', 'नहीं'],
          },
          { ...BILINGUAL, _id: q._id, qnHi: 'विस्थापन $s$ ज्ञात कीजिए' },
        ],
      }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const saved = adminQuizSchema.parse(edited.json());
    expect(saved.questions.map((x) => [x.qnHi, x.choicesHi])).toEqual([
      ['सादा प्रश्न <b>मोटा</b>?', ['हाँ', 'नहीं']],
      ['विस्थापन $s$ ज्ञात कीजिए', BILINGUAL.choicesHi],
    ]);

    const learner = await createStudent(t.db);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/quizzes/participant/attend/${created._id}`,
      headers: await bearerFor(learner, t.clock),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toMatch(/SECRET-EN|SECRET-HI|ansIndex|explanation/);
    const attempt = quizAttemptSchema.parse(res.json());
    const plain = attempt.questions.find((x) => x.qn.startsWith('Plain'))!;
    expect(plain.math ?? null).toBeNull();
    expect(plain.hi).toEqual({ qn: 'सादा प्रश्न <b>मोटा</b>?', choices: ['हाँ', 'नहीं'] });
    const math = attempt.questions.find((x) => x.qn === BILINGUAL.qn)!;
    // The answer is still the question's own choice text; the formulas come rendered beside it.
    expect(math.choices).toEqual(BILINGUAL.choices);
    expect(math.math!.qn!.html).toContain('<math');
    expect(math.math!.qn!.speech).toBe(
      'A body starts from rest with acceleration a. Its displacement after time t is',
    );
    expect(math.math!.choices[1]!.html).toContain('<mfrac>');
    expect(math.math!.choices[1]!.speech).toBe('one half a t squared');
    expect(math.hi!.qn).toBe('विस्थापन $s$ ज्ञात कीजिए');
    expect(math.hi!.math!.qn!.speech).toBe('विस्थापन एस ज्ञात कीजिए');
    expect(math.hi!.math!.choices[1]!.speech).toBe('एक द्वितीयांश ए टी वर्गित');

    // Answering with the canonical choice text is accepted.
    const save = await t.app.inject({
      method: 'PUT',
      url: `/api/quizzes/participant/attend/${created._id}/answers`,
      headers: await bearerFor(learner, t.clock),
      payload: { answers: [{ qnId: math._id, selectedOption: BILINGUAL.choices[1], visited: true, seq: 1 }] },
    });
    expect(save.statusCode, save.body).toBe(200);
  });

  it('keeps each Hindi choice and formula beside its choice when choices are shuffled per learner', async () => {
    const choices = ['$x^1$', '$x^2$', '$x^3$', '$x^4$', '$x^5$', '$x^6$'];
    const created = await create({
      shuffleChoices: true,
      questions: [
        { qn: 'Pick', choices, ansIndex: 0, qnHi: 'चुनिए', choicesHi: choices.map((c) => `विकल्प ${c}`) },
      ],
    });
    const orders = new Set<string>();
    for (let n = 0; n < 4; n += 1) {
      const learner = await createStudent(t.db);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/quizzes/participant/attend/${created._id}`,
        headers: await bearerFor(learner, t.clock),
      });
      const q = quizAttemptSchema.parse(res.json()).questions[0]!;
      orders.add(q.choices.join());
      q.choices.forEach((c, i) => {
        expect(q.hi!.choices[i]).toBe(`विकल्प ${c}`);
        expect(q.math!.choices[i]!.html).toContain(`>${c.slice(3, 4)}</mn>`);
        expect(q.hi!.math!.choices[i]!.html).toContain(`>${c.slice(3, 4)}</mn>`);
      });
    }
    expect(orders.size).toBeGreaterThan(1);
  });

  it('refuses a malformed formula with a 400 naming the question, on create, edit and import', async () => {
    const broken = { ...BILINGUAL, choicesHi: ['$at$', '$\\frac{1}{2$', '$2at^2$', '$a^2t$'] };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/quizzes',
      headers: adminAuth,
      payload: quizBody({ questions: [quizBody().questions[0]!, broken, { ...BILINGUAL, qn: 'Cost $5' }] }),
    });
    expect(res.statusCode).toBe(400);
    const messages = messagesOf(res);
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/^Question 2: Hindi choice B: formula "\\frac\{1\}\{2" cannot be read: .+/);
    expect(messages[1]).toBe(
      'Question 3: question text: a formula opened with $ is never closed (write \\$ for a dollar sign)',
    );

    const created = await create();
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/quizzes/${created._id}`,
      headers: adminAuth,
      payload: quizBody({ questions: [{ ...BILINGUAL, explanation: 'See $x^{$' }] }),
    });
    expect(edit.statusCode).toBe(400);
    expect(messagesOf(edit)[0]).toMatch(/^Question 1: explanation: formula "x\^\{" cannot be read: .+/);

    const csv = 'qn,choice1,choice2,answer\nGood $x$?,a,b,A\nBad $\\sqrt{$?,a,b,B\n';
    for (const url of [
      `/api/quizzes/${created._id}/questions/import`,
      '/api/quizzes/questions/import-preview',
    ]) {
      const imported = await t.app.inject({ method: 'POST', url, ...multipart('q.csv', csv) });
      expect(imported.statusCode, url).toBe(400);
      expect(messagesOf(imported)[0]).toMatch(
        /^Question 2 \(line 3\): question text: formula "\\sqrt\{" cannot be read/,
      );
    }
    // Nothing was saved by the refused import or edit.
    const after = adminQuizSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/quizzes/admin-get-one/${created._id}`,
          headers: adminAuth,
        })
      ).json(),
    );
    expect(after.questions.map((q) => q.qn)).toEqual(created.questions.map((q) => q.qn));
    expect(after.questions[1]!.explanation).toBe(BILINGUAL.explanation);
  });

  it('imports the Hindi version from the CSV _hi columns', async () => {
    const created = await create();
    const csv =
      'question,question_hi,choice1,choice1_hi,choice2,choice2_hi,answer,explanation,explanation_hi\n' +
      '"Value of $\\sqrt{16}$?","$\\sqrt{16}$ का मान?",4,चार,8,आठ,A,"$4^2 = 16$","क्योंकि $4^2 = 16$"\n' +
      'English only?,,a,,b,,B,,\n';
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/quizzes/questions/import-preview',
      ...multipart('q.csv', csv),
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(importPreviewResponseSchema.parse(preview.json()).questions[0]).toMatchObject({
      qnHi: '$\\sqrt{16}$ का मान?',
      choicesHi: ['चार', 'आठ'],
      explanationHi: 'क्योंकि $4^2 = 16$',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/quizzes/${created._id}/questions/import?mode=replace`,
      ...multipart('q.csv', csv),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = importResponseSchema.parse(res.json());
    expect(body.questions.map((q) => [q.qn, q.qnHi, q.choicesHi, q.explanationHi])).toEqual([
      ['Value of $\\sqrt{16}$?', '$\\sqrt{16}$ का मान?', ['चार', 'आठ'], 'क्योंकि $4^2 = 16$'],
      ['English only?', null, null, null],
    ]);

    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/quizzes/${created._id}/questions/import`,
      ...multipart('q.csv', 'qn,qn_hi,choice1,choice2,choice2_hi,answer\nQ?,प्र?,a,b,ब,A\n'),
    });
    expect(missing.statusCode).toBe(400);
    expect(messagesOf(missing)).toEqual(['Line 2: needs a Hindi text for each of its 2 choices (has 1)']);
  });

  it('shows both languages with explanations in the published summary', async () => {
    const { quiz, questions } = await createQuiz(
      t.db,
      {
        startAt: new Date(NOW.getTime() - 3 * HOUR),
        endAt: new Date(NOW.getTime() - 2 * HOUR),
        resultsPublishedAt: new Date(NOW.getTime() - HOUR),
        participantCount: 1,
      },
      [BILINGUAL],
      NOW,
    );
    const learner = await createStudent(t.db);
    await createAttempt(t.db, {
      quizId: quiz.id,
      userId: learner.id,
      status: 'submitted',
      startedAt: new Date(NOW.getTime() - 3 * HOUR),
      deadlineAt: new Date(NOW.getTime() - 3 * HOUR + 15 * 60_000),
      submittedAt: new Date(NOW.getTime() - 3 * HOUR + 60_000),
      answers: [{ qnId: questions[0]!.id, selectedOption: BILINGUAL.choices[1]! }],
      score: 1,
      correctCount: 1,
      rank: 1,
      elapsedMs: 60_000,
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/quizzes/participant/quiz-summary/${quiz.id}`,
      headers: await bearerFor(learner, t.clock),
    });
    expect(res.statusCode, res.body).toBe(200);
    expectContractBytes(res.body);
    const { data } = quizSummaryResponseSchema.parse(res.json());
    const q = data.quizDetails.questions[0]!;
    expect(q.hi).toMatchObject({ qn: BILINGUAL.qnHi, explanation: BILINGUAL.explanationHi });
    expect(q.math!.explanation!.html).toContain('<math');
    expect(q.hi!.math!.explanation!.speech).toContain('एक द्वितीयांश');
    expect(data.quizzSummary.answers[0]).toMatchObject({
      selectedOption: BILINGUAL.choices[1],
      isCorrect: true,
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { QUIZ_MESSAGES, quizAttemptSchema, type Answer } from '@quizcast/contract/schemas/quiz';
import { SERVER_MESSAGES_HI } from '@quizcast/contract/i18n/server-messages.hi';
import { attempts, type StoredSection } from '../src/db/schema';
import { buildQuestions, createQuiz, createStudent, type CreatedQuiz } from '../src/seed/factories';
import { quizSummaryResponseSchema } from '@quizcast/contract/schemas/result';
import { IBPS_MOCK, IBPS_MOCK_QUESTIONS } from '../src/seed/ibps-mock';
import { bearerFor, buildTestApp, type TestApp } from './helpers';

/** Issue 26 (ADR 022): a locked quiz's sections on the server's clocks. */

const MIN = 60_000;
let t: TestApp;
let graceMs: number;

beforeAll(async () => {
  t = await buildTestApp({ now: '2026-11-22T10:00:00Z' });
  graceMs = t.app.ctx.config.SUBMIT_GRACE_SECONDS * 1000;
});
afterAll(async () => {
  await t.close();
});

const section = (name: string, durationMin: number, extra: Partial<StoredSection> = {}): StoredSection => ({
  name,
  nameHi: `${name} (हिंदी)`,
  durationMin,
  markCorrect: null,
  markWrong: null,
  cutoff: null,
  ...extra,
});

/** Three locked sections of 10, 5 and 5 minutes, two questions each (questions 2i, 2i+1 in section i). */
function lockedQuiz(): Promise<CreatedQuiz> {
  const qs = buildQuestions(6).map((q, i) => ({ ...q, section: Math.floor(i / 2) }));
  return createQuiz(
    t.db,
    {
      durationMin: 20,
      navigation: 'locked',
      sections: [section('English', 10), section('Quantitative Aptitude', 5), section('Reasoning', 5)],
    },
    qs,
    t.clock.now(),
  );
}

async function learner() {
  const user = await createStudent(t.db);
  return { user, headers: await bearerFor(user, t.clock) };
}
const url = (quizId: string) => `/api/quizzes/participant/attend/${quizId}`;
const attend = (quizId: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: url(quizId), headers });
const save = (quizId: string, headers: Record<string, string>, answers: Answer[]) =>
  t.app.inject({ method: 'PUT', url: `${url(quizId)}/answers`, headers, payload: { answers } });
const close = (quizId: string, headers: Record<string, string>, n: number, lang?: string) =>
  t.app.inject({
    method: 'POST',
    url: `${url(quizId)}/sections/close`,
    headers: { ...headers, ...(lang && { 'accept-language': lang }) },
    payload: { section: n },
  });
const right = (q: CreatedQuiz['questions'][number]) => ({
  qnId: q.id,
  selectedOption: q.choices[q.ansIndex]!,
});

async function stored(quizId: string, userId: string) {
  const [row] = await t.db
    .select()
    .from(attempts)
    .where(and(eq(attempts.quizId, quizId), eq(attempts.userId, userId)));
  return row!;
}

describe('locked sections (issue 26)', () => {
  it('the attempt shows each section and its server deadline; the quiz deadline is the sum', async () => {
    const { quiz } = await lockedQuiz();
    const { headers } = await learner();
    const start = t.clock.now().getTime();
    const body = quizAttemptSchema.parse((await attend(quiz.id, headers)).json());
    expect(body.navigation).toBe('locked');
    expect(body.currentSection).toBe(0);
    expect(body.deadlineAt).toBe(new Date(start + 20 * MIN).toISOString());
    expect(body.sections!.map((s) => [s.name, s.questionCount, s.state, s.closesAt])).toEqual([
      ['English', 2, 'open', new Date(start + 10 * MIN).toISOString()],
      ['Quantitative Aptitude', 2, 'upcoming', new Date(start + 15 * MIN).toISOString()],
      ['Reasoning', 2, 'upcoming', new Date(start + 20 * MIN).toISOString()],
    ]);
    expect(body.questions.map((q) => q.section)).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it('a section closes on time: saves within the grace count, a later one is refused with 409, the next section opens', async () => {
    const { quiz, questions } = await lockedQuiz();
    const { user, headers } = await learner();
    await attend(quiz.id, headers);
    // Not yet open: section 1.
    const early = await save(quiz.id, headers, [right(questions[2]!)]);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(QUIZ_MESSAGES.sectionNotOpen);
    expect((await save(quiz.id, headers, [right(questions[0]!)])).statusCode).toBe(200);
    t.clock.advance(10 * MIN + graceMs);
    // At the section's close + grace: still acknowledged.
    expect((await save(quiz.id, headers, [right(questions[1]!)])).statusCode).toBe(200);
    t.clock.advance(1);
    const late = await save(quiz.id, headers, [
      { qnId: questions[0]!.id, selectedOption: questions[0]!.choices[1]! },
    ]);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(QUIZ_MESSAGES.sectionClosed);
    // The next section's clock started at the previous one's close.
    const body = quizAttemptSchema.parse((await attend(quiz.id, headers)).json());
    expect(body.currentSection).toBe(1);
    expect(body.sections![0]!.state).toBe('closed');
    expect((await save(quiz.id, headers, [right(questions[2]!)])).statusCode).toBe(200);
    const row = await stored(quiz.id, user.id);
    expect(row.answers.map((a) => [a.qnId, a.selectedOption])).toEqual([
      [questions[0]!.id, questions[0]!.choices[0]],
      [questions[1]!.id, questions[1]!.choices[0]],
      [questions[2]!.id, questions[2]!.choices[0]],
    ]);
  });

  it('an early close starts the next clock at once, moves the deadline, and never reopens from a second device', async () => {
    const { quiz, questions } = await lockedQuiz();
    const { user, headers } = await learner();
    const start = t.clock.now().getTime();
    await attend(quiz.id, headers);
    expect((await save(quiz.id, headers, [right(questions[0]!)])).statusCode).toBe(200);
    t.clock.advance(3 * MIN);
    const closed = quizAttemptSchema.parse((await close(quiz.id, headers, 0)).json());
    expect(closed.currentSection).toBe(1);
    expect(closed.sections![1]!.startedAt).toBe(new Date(start + 3 * MIN).toISOString());
    expect(closed.sections![1]!.closesAt).toBe(new Date(start + 8 * MIN).toISOString());
    expect(closed.deadlineAt).toBe(new Date(start + 13 * MIN).toISOString());
    // Closed early: refused at once (no grace), in English and in Hindi.
    const refused = await save(quiz.id, headers, [right(questions[1]!)]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(QUIZ_MESSAGES.sectionClosed);
    const hi = await close(quiz.id, headers, 0, 'hi');
    expect(hi.statusCode).toBe(409);
    expect(hi.json().message).toBe(SERVER_MESSAGES_HI[QUIZ_MESSAGES.sectionClosed]);
    // A second device: a fresh sign-in reads the same section and deadline, and cannot close section 2 yet.
    const other = await bearerFor(user, t.clock);
    const again = quizAttemptSchema.parse((await attend(quiz.id, other)).json());
    expect(again.currentSection).toBe(1);
    expect(again.deadlineAt).toBe(closed.deadlineAt);
    expect((await close(quiz.id, other, 2)).json().message).toBe(QUIZ_MESSAGES.sectionNotOpen);
    // Acknowledged before the close: it counts.
    const row = await stored(quiz.id, user.id);
    expect(row.answers.map((a) => a.qnId)).toEqual([questions[0]!.id]);
    expect(row.deadlineAt.getTime()).toBe(start + 13 * MIN);
  });

  it('compensatory time stretches every section by 20 minutes an hour, and the server holds each stretched close', async () => {
    const { quiz, questions } = await lockedQuiz();
    const user = await createStudent(t.db, { compensatoryTime: true });
    const headers = await bearerFor(user, t.clock);
    const plain = await learner();
    const start = t.clock.now().getTime();
    const body = quizAttemptSchema.parse((await attend(quiz.id, headers)).json());
    await attend(quiz.id, plain.headers);
    // 10, 5 and 5 minutes × 4/3, back to back: closes at 13:20, 20:00 and 26:40.
    expect(body.sections!.map((s) => s.closesAt)).toEqual(
      [800_000, 1_200_000, 1_600_000].map((ms) => new Date(start + ms).toISOString()),
    );
    expect(body.deadlineAt).toBe(new Date(start + 1_600_000).toISOString());
    // Past the plain section's close and grace, before the stretched one: only this learner may still save.
    t.clock.advance(10 * MIN + graceMs + 1);
    expect((await save(quiz.id, plain.headers, [right(questions[0]!)])).json().message).toBe(
      QUIZ_MESSAGES.sectionClosed,
    );
    const res = await save(quiz.id, headers, [right(questions[0]!)]);
    expect(res.statusCode, res.body).toBe(200);
    t.clock.set(new Date(start + 800_000 + graceMs + 1));
    expect((await save(quiz.id, headers, [right(questions[1]!)])).json().message).toBe(
      QUIZ_MESSAGES.sectionClosed,
    );
    const later = quizAttemptSchema.parse((await attend(quiz.id, headers)).json());
    expect(later.currentSection).toBe(1);
    expect((await save(quiz.id, headers, [right(questions[2]!)])).statusCode).toBe(200);
  });

  it('a submission keeps only what it carries for open sections; the last section ends with the auto-submit sweep', async () => {
    const { quiz, questions } = await lockedQuiz();
    const a = await learner();
    const b = await learner();
    await attend(quiz.id, a.headers);
    await attend(quiz.id, b.headers);
    expect((await save(quiz.id, a.headers, [right(questions[0]!)])).statusCode).toBe(200);
    expect((await save(quiz.id, b.headers, [right(questions[0]!)])).statusCode).toBe(200);
    t.clock.advance(11 * MIN);
    // Learner a submits in section 1, carrying an answer to closed section 0 and to upcoming section 2.
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/quizzes/participant/submit',
      headers: a.headers,
      payload: {
        quizId: quiz.id,
        answers: [right(questions[1]!), right(questions[2]!), right(questions[4]!)],
      },
    });
    expect(submitted.statusCode).toBe(201);
    const rowA = await stored(quiz.id, a.user.id);
    expect(rowA.score).toBe(2);
    expect(rowA.answers.filter((x) => x.selectedOption != null).map((x) => x.qnId)).toEqual([
      questions[0]!.id,
      questions[2]!.id,
    ]);
    // Learner b: the sweep at the last section's end + grace, as for any quiz.
    t.clock.advance(9 * MIN + graceMs - 1);
    await t.app.sweeper.runOnce();
    expect((await stored(quiz.id, b.user.id)).status).toBe('in_progress');
    t.clock.advance(1);
    await t.app.sweeper.runOnce();
    const rowB = await stored(quiz.id, b.user.id);
    expect(rowB.status).toBe('auto_submitted');
    expect(rowB.score).toBe(1);
  });

  it('a free quiz with sections has one clock: any section takes answers, and close is refused', async () => {
    const qs = buildQuestions(4).map((q, i) => ({ ...q, section: i % 2 }));
    const { quiz, questions } = await createQuiz(
      t.db,
      { navigation: 'free', sections: [section('Physics', 5), section('Chemistry', 5)] },
      qs,
      t.clock.now(),
    );
    const { headers } = await learner();
    const body = quizAttemptSchema.parse((await attend(quiz.id, headers)).json());
    expect(body.navigation).toBe('free');
    expect(body.currentSection).toBeUndefined();
    expect(body.questions.map((q) => q.section)).toEqual([0, 0, 1, 1]);
    expect((await save(quiz.id, headers, [right(questions[1]!), right(questions[0]!)])).statusCode).toBe(200);
    expect((await close(quiz.id, headers, 0)).json().message).toBe(QUIZ_MESSAGES.notSectioned);
  });
});

describe('the demo IBPS-style mock (issue 26)', () => {
  it('runs end to end: three locked sections, auto-advance, early close, −0.25, the section table after publication', async () => {
    const { sections, navigation, markCorrect, markWrong, ...mock } = IBPS_MOCK;
    const start = t.clock.now().getTime();
    const { quiz, questions } = await createQuiz(
      t.db,
      {
        ...mock,
        sections,
        navigation,
        markCorrect,
        markWrong,
        startAt: new Date(start - MIN),
        endAt: new Date(start + 2 * 60 * MIN),
      },
      IBPS_MOCK_QUESTIONS,
      t.clock.now(),
    );
    const { headers } = await learner();
    const first = quizAttemptSchema.parse((await attend(quiz.id, headers)).json());
    expect(first.sections!.map((s) => [s.nameHi, s.questionCount, s.durationMin])).toEqual([
      ['अंग्रेज़ी भाषा', 5, 20],
      ['संख्यात्मक अभियोग्यता', 5, 20],
      ['तर्कशक्ति', 5, 20],
    ]);
    // English: 3 right, 1 wrong. Then its clock runs out and Quant starts by itself.
    const wrong = (i: number) => ({
      qnId: questions[i]!.id,
      selectedOption: questions[i]!.choices[(questions[i]!.ansIndex + 1) % 4]!,
    });
    expect(
      (await save(quiz.id, headers, [0, 1, 2].map((i) => right(questions[i]!)).concat(wrong(3)))).statusCode,
    ).toBe(200);
    t.clock.advance(20 * MIN + graceMs + 1);
    expect(quizAttemptSchema.parse((await attend(quiz.id, headers)).json()).currentSection).toBe(1);
    // Quant: 2 right, then closed early; Reasoning: 1 right, 1 wrong, and the submission.
    expect((await save(quiz.id, headers, [right(questions[5]!), right(questions[6]!)])).statusCode).toBe(200);
    expect(quizAttemptSchema.parse((await close(quiz.id, headers, 1)).json()).currentSection).toBe(2);
    expect((await save(quiz.id, headers, [right(questions[10]!), wrong(11)])).statusCode).toBe(200);
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/quizzes/participant/submit',
      headers,
      payload: { quizId: quiz.id, answers: [] },
    });
    expect(submitted.statusCode).toBe(201);
    const summaryUrl = `/api/quizzes/participant/quiz-summary/${quiz.id}`;
    expect((await t.app.inject({ method: 'GET', url: summaryUrl, headers })).statusCode).toBe(403);
    t.clock.set(new Date(start + 2 * 60 * MIN + graceMs));
    await t.app.sweeper.runOnce();
    const summary = quizSummaryResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: summaryUrl, headers })).json(),
    ).data;
    expect(summary.quizzSummary.score).toBe(5.5);
    expect(summary.cutoffCleared).toBe(false);
    expect(
      summary.sections!.map((s) => [s.score, s.attempted, s.accuracy, s.cleared, s.rank, s.timeTakenMs]),
    ).toEqual([
      [2.75, 4, 75, true, 1, 20 * MIN],
      // Quant ran from English's close until the early close (the grace and a millisecond later).
      [2, 2, 100, true, 1, graceMs + 1],
      [0.75, 2, 50, false, 1, 0],
    ]);
  });
});

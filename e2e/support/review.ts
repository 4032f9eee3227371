import { expect, test, type Page } from './fixtures';
import { adminSession, registerViaApi, type Session } from './session';
import { advancePastGrace, createQuizViaApi, retireQuiz, serverNow, resetDevClock } from './quizzes';

/** Two questions: every learner here gets the first wrong (picks "Mumbai") and the second right. */
export const QUESTIONS = [
  {
    qn: 'Which city is the capital of India?',
    choices: ['New Delhi', 'Mumbai', 'Kolkata', 'None of the above'],
    ansIndex: 0,
    explanation: 'New Delhi has been the capital since 1931.',
    lang: 'en',
  },
  { qn: 'How many days are in a leap year?', choices: ['365', '366'], ansIndex: 1, lang: 'en' },
] as const;
export const WRONG_PICK = 'Mumbai';

export const auth = (s: Session) => ({ authorization: `Bearer ${s.accessToken}` });

/**
 * An admin's live quiz; the learner takes it through the API (first answer wrong); the server clock
 * moves past the end + grace, the sweeper publishes the results, and the wrong answer becomes a card.
 * The caller resets the clock (in `finally`).
 */
export async function learnerWithAMistake(page: Page, label: string, options: { recording?: Buffer } = {}) {
  const admin = await adminSession(page.request, test.info());
  const now = await serverNow(page.request);
  const endAt = now + 10 * 60_000;
  const quiz = await createQuizViaApi<{ _id: string; questions: { _id: string; qn: string }[] }>(
    page.request,
    admin,
    {
      name: `Review drill ${label} ${test.info().project.name} ${now}`,
      desc: 'Two questions for the review journey.',
      exam: 'SSC',
      class: 'Preparing for Competitive exams',
      duration: 5,
      startTimeStamp: new Date(now - 60_000).toISOString(),
      endTimeStamp: new Date(endAt).toISOString(),
      price: 0,
      published: true,
      questions: QUESTIONS,
    },
  );
  let audioUrl: string | null = null;
  if (options.recording) {
    // The admin attaches a recording to the question the learner will get wrong.
    const question = quiz.questions.find((q) => q.qn === QUESTIONS[0].qn)!;
    const uploaded = await page.request.post(`/api/quizzes/${quiz._id}/questions/${question._id}/audio`, {
      headers: auth(admin),
      multipart: { audio: { name: 'question-1.mp3', mimeType: 'audio/mpeg', buffer: options.recording } },
    });
    expect(uploaded.ok(), await uploaded.text()).toBe(true);
    audioUrl = ((await uploaded.json()) as { audioUrl: string }).audioUrl;
  }
  const learner = await registerViaApi(page.request, { name: 'Recall Learner' });
  const attempt = await page.request.get(`/api/quizzes/participant/attend/${quiz._id}`, {
    headers: auth(learner),
  });
  expect(attempt.ok(), await attempt.text()).toBe(true);
  const { questions, startedAt } = (await attempt.json()) as {
    questions: { _id: string; qn: string; choices: string[] }[];
    startedAt: string;
  };
  const submitted = await page.request.post('/api/quizzes/participant/submit', {
    headers: auth(learner),
    data: {
      quizId: quiz._id,
      startedAt,
      answers: questions.map((q) => ({
        qnId: q._id,
        selectedOption: q.qn === QUESTIONS[0].qn ? WRONG_PICK : '366',
      })),
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const moved = await page.request.post('/api/dev/clock', {
    data: { advanceMs: await advancePastGrace(page.request, endAt) },
  });
  expect(moved.ok()).toBe(true);
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/review/queue', { headers: auth(learner) });
      return ((await res.json()) as { counts: { dueNow: number } }).counts.dueNow;
    })
    .toBe(1);
  return { learner, quizId: quiz._id, adminToken: admin.accessToken, audioUrl };
}

export async function dueNow(page: Page, learner: Session) {
  const res = await page.request.get('/api/review/queue', { headers: auth(learner) });
  return ((await res.json()) as { counts: { dueNow: number } }).counts.dueNow;
}

export async function cleanUp(page: Page, quizId?: string, adminToken?: string) {
  await resetDevClock(page);
  if (quizId && adminToken) await retireQuiz(page.request, adminToken, quizId);
}

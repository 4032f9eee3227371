/** The admin API tests' app (one per file), signed-in admin and participant, and request helpers (admin*.api.test.ts). */
import { beforeAll, expect } from 'vitest';
import { errorBodySchema } from '@quizcast/contract/errors';
import { adminQuizSchema } from '@quizcast/contract/schemas/admin-quiz';
import type { QuizInput } from '@quizcast/contract/schemas/quiz-input';
import { createAttempt, createStudent, type UserRow } from '../../src/seed/factories';
import { t, useTestApp } from './app';
import { bearerFor } from '../helpers';

export const NOW = new Date('2026-11-22T10:00:00Z');
export const HOUR = 3600_000;
export const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();

// Live bindings: a test file reads these after useAdminApp's beforeAll has set them.
export let admin: UserRow;
export let participant: UserRow;
export let adminAuth: Record<string, string>;
export let participantAuth: Record<string, string>;

/** One app for the calling test file, with an admin and a participant signed in. */
export function useAdminApp(): void {
  useTestApp({ now: NOW });
  beforeAll(async () => {
    admin = await createStudent(t.db, { role: 'admin', name: 'Asha Admin' });
    participant = await createStudent(t.db, { name: 'Pawan Participant' });
    adminAuth = await bearerFor(admin, t.clock);
    participantAuth = await bearerFor(participant, t.clock);
  });
}

export function quizBody(overrides: Partial<QuizInput> = {}): QuizInput {
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

export async function createViaApi(overrides: Partial<QuizInput> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/quizzes',
    headers: adminAuth,
    payload: quizBody(overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return adminQuizSchema.parse(res.json());
}

export function messagesOf(res: { json(): unknown }): string[] {
  const body = errorBodySchema.parse(res.json());
  return Array.isArray(body.message) ? body.message : [body.message];
}

/** A multipart/form-data body with one file field, as a browser sends it. */
export function multipart(filename: string, content: string | Buffer, contentType = 'text/csv') {
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

export async function submittedAttempt(quizId: string, user: UserRow, score: number, elapsedMs: number) {
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { errorBodySchema } from '@quizcast/contract/errors';
import { adminQuizSchema } from '@quizcast/contract/schemas/admin-quiz';
import { quizAttemptSchema } from '@quizcast/contract/schemas/quiz';
import { questionAudioResponseSchema } from '@quizcast/contract/schemas/question-audio';
import { questions } from '../src/db/schema';
import { createQuiz, createStudent, type CreatedQuiz } from '../src/seed/factories';
import { multipartBody } from './account-support';
import { bearerFor, buildTestApp, type TestApp } from './helpers';

let t: TestApp;
let admin: Record<string, string>;
let participant: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({ now: '2026-11-22T10:00:00Z' });
  admin = await bearerFor(await createStudent(t.db, { role: 'admin' }), t.clock);
  participant = await bearerFor(await createStudent(t.db), t.clock);
});
afterAll(async () => {
  await t.close();
});

/** A small but real-looking MP3: an ID3v2 header followed by distinct bytes, so ranges are checkable. */
function mp3(size = 4096): Buffer {
  const data = Buffer.alloc(size);
  Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1').copy(data, 0);
  for (let i = 10; i < size; i++) data[i] = i % 251;
  return data;
}
const OGG = Buffer.concat([Buffer.from('OggS\x00\x02', 'latin1'), Buffer.alloc(200, 7)]);

function quiz(): Promise<CreatedQuiz> {
  return createQuiz(t.db, {}, undefined, t.clock.now());
}
const url = (quizId: string, questionId: string) => `/api/quizzes/${quizId}/questions/${questionId}/audio`;

async function upload(
  quizId: string,
  questionId: string,
  headers: Record<string, string>,
  file: { name: string; data: Buffer; type: string },
) {
  const body = await multipartBody({}, { ...file, field: 'audio' });
  return t.app.inject({
    method: 'POST',
    url: url(quizId, questionId),
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}
async function storedKey(questionId: string) {
  const [row] = await t.db
    .select({ key: questions.audioKey })
    .from(questions)
    .where(eq(questions.id, questionId));
  return row?.key ?? null;
}

describe('question audio upload', () => {
  it('stores an mp3 by content, exposes audioUrl on the attempt, and serves it', async () => {
    const created = await quiz();
    const question = created.questions[0]!;
    const res = await upload(created.quiz.id, question.id, admin, {
      name: 'reading.bin',
      data: mp3(),
      type: 'application/octet-stream',
    });
    expect(res.statusCode).toBe(201);
    const body = questionAudioResponseSchema.parse(res.json());
    expect(body.audioUrl).toMatch(/^\/api\/files\/audio\/[0-9a-f-]{36}\.mp3$/);
    expect(await storedKey(question.id)).toBe(body.audioUrl.replace('/api/files/', ''));

    const attempt = quizAttemptSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/quizzes/participant/attend/${created.quiz.id}`,
          headers: participant,
        })
      ).json(),
    );
    expect(attempt.questions[0]).toMatchObject({ _id: question.id, lang: 'en', audioUrl: body.audioUrl });
    expect(attempt.questions[1]).toMatchObject({ audioUrl: null, lang: 'en' });

    const file = await t.app.inject({ method: 'GET', url: body.audioUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/mpeg');
    expect(file.headers['accept-ranges']).toBe('bytes');
    expect(file.rawPayload.equals(mp3())).toBe(true);
  });

  it('rejects a file that is not audio whatever its name or type (400)', async () => {
    const created = await quiz();
    const res = await upload(created.quiz.id, created.questions[0]!.id, admin, {
      name: 'song.mp3',
      data: Buffer.from('<html><body>definitely not audio, just text pretending</body></html>'),
      type: 'audio/mpeg',
    });
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).message).toBe('Audio must be an mp3, m4a, ogg or webm file');
    expect(await storedKey(created.questions[0]!.id)).toBeNull();
  });

  it('rejects a 6 MB file (413)', async () => {
    const created = await quiz();
    const res = await upload(created.quiz.id, created.questions[0]!.id, admin, {
      name: 'long.mp3',
      data: mp3(6 * 1024 * 1024),
      type: 'audio/mpeg',
    });
    expect(res.statusCode).toBe(413);
    expect(errorBodySchema.parse(res.json()).message).toBe('Audio must be at most 5 MB');
    expect(await storedKey(created.questions[0]!.id)).toBeNull();
  });

  it('is admin only: 403 for a participant, 401 signed out', async () => {
    const created = await quiz();
    const file = { name: 'a.ogg', data: OGG, type: 'audio/ogg' };
    const asParticipant = await upload(created.quiz.id, created.questions[0]!.id, participant, file);
    expect(asParticipant.statusCode).toBe(403);
    expect(errorBodySchema.parse(asParticipant.json()).message).toBe('Forbidden resource');
    expect((await upload(created.quiz.id, created.questions[0]!.id, {}, file)).statusCode).toBe(401);
    const remove = await t.app.inject({
      method: 'DELETE',
      url: url(created.quiz.id, created.questions[0]!.id),
      headers: participant,
    });
    expect(remove.statusCode).toBe(403);
    expect(await storedKey(created.questions[0]!.id)).toBeNull();
  });

  it('404 for a question of another quiz', async () => {
    const a = await quiz();
    const b = await quiz();
    const res = await upload(a.quiz.id, b.questions[0]!.id, admin, {
      name: 'a.ogg',
      data: OGG,
      type: 'audio/ogg',
    });
    expect(res.statusCode).toBe(404);
    expect(errorBodySchema.parse(res.json()).message).toBe('Question not found');
  });

  it('replacing deletes the old file; DELETE removes the recording and its file', async () => {
    const created = await quiz();
    const q = created.questions[0]!;
    const first = questionAudioResponseSchema.parse(
      (await upload(created.quiz.id, q.id, admin, { name: 'a.mp3', data: mp3(), type: 'audio/mpeg' })).json(),
    );
    const second = questionAudioResponseSchema.parse(
      (await upload(created.quiz.id, q.id, admin, { name: 'b.ogg', data: OGG, type: 'audio/ogg' })).json(),
    );
    expect(second.audioUrl).toMatch(/\.ogg$/);
    expect((await t.app.inject({ method: 'GET', url: first.audioUrl })).statusCode).toBe(404);
    const served = await t.app.inject({ method: 'GET', url: second.audioUrl });
    expect(served.headers['content-type']).toBe('audio/ogg');

    const removed = await t.app.inject({ method: 'DELETE', url: url(created.quiz.id, q.id), headers: admin });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ questionId: q.id, message: 'Audio removed' });
    expect(await storedKey(q.id)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: second.audioUrl })).statusCode).toBe(404);
  });
});

describe('recordings of removed questions', () => {
  async function adminQuiz(id: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/quizzes/admin-get-one/${id}`,
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    return adminQuizSchema.parse(res.json());
  }

  it('an edit that drops a question deletes its recording file; the kept ones stay', async () => {
    const created = await quiz();
    const [dropped, kept] = created.questions;
    const gone = questionAudioResponseSchema.parse(
      (
        await upload(created.quiz.id, dropped!.id, admin, { name: 'a.mp3', data: mp3(), type: 'audio/mpeg' })
      ).json(),
    );
    const stays = questionAudioResponseSchema.parse(
      (
        await upload(created.quiz.id, kept!.id, admin, { name: 'b.ogg', data: OGG, type: 'audio/ogg' })
      ).json(),
    );

    const current = await adminQuiz(created.quiz.id);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/quizzes/${created.quiz.id}`,
      headers: admin,
      payload: {
        name: current.name,
        desc: current.desc,
        exam: current.exam,
        class: current.class,
        duration: current.duration,
        startTimeStamp: current.startTimeStamp,
        endTimeStamp: current.endTimeStamp,
        price: current.price,
        published: current.published,
        markingScheme: current.markingScheme,
        instructions: current.instructions,
        questions: current.questions
          .filter((q) => q._id !== dropped!.id)
          .map(({ _id, qn, choices, ansIndex, lang }) => ({ _id, qn, choices, ansIndex, lang })),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: gone.audioUrl })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: stays.audioUrl })).statusCode).toBe(200);
    expect((await adminQuiz(created.quiz.id)).questions.find((q) => q._id === kept!.id)?.audioUrl).toBe(
      stays.audioUrl,
    );
  });

  it('deleting a quiz deletes its recording files', async () => {
    const created = await quiz();
    const recording = questionAudioResponseSchema.parse(
      (
        await upload(created.quiz.id, created.questions[0]!.id, admin, {
          name: 'a.mp3',
          data: mp3(),
          type: 'audio/mpeg',
        })
      ).json(),
    );
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/quizzes/${created.quiz.id}`,
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: recording.audioUrl })).statusCode).toBe(404);
  });
});

describe('a recording attached during attempts', () => {
  it('reaches participants on their next fetch (the question cache follows the quiz version)', async () => {
    const created = await quiz();
    const q = created.questions[0]!;
    const attend = async () =>
      quizAttemptSchema.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/quizzes/participant/attend/${created.quiz.id}`,
            headers: participant,
          })
        ).json(),
      ).questions[0]!.audioUrl;
    // The attempt has started, so this instance now caches the quiz's questions.
    expect(await attend()).toBeNull();

    const first = questionAudioResponseSchema.parse(
      (await upload(created.quiz.id, q.id, admin, { name: 'a.mp3', data: mp3(), type: 'audio/mpeg' })).json(),
    );
    expect(await attend()).toBe(first.audioUrl);

    const second = questionAudioResponseSchema.parse(
      (await upload(created.quiz.id, q.id, admin, { name: 'b.ogg', data: OGG, type: 'audio/ogg' })).json(),
    );
    expect(await attend()).toBe(second.audioUrl);

    await t.app.inject({ method: 'DELETE', url: url(created.quiz.id, q.id), headers: admin });
    expect(await attend()).toBeNull();
  });
});

describe('audio file range requests', () => {
  let audioUrl: string;
  const data = mp3(10_000);

  beforeAll(async () => {
    const created = await quiz();
    const res = await upload(created.quiz.id, created.questions[0]!.id, admin, {
      name: 'r.mp3',
      data,
      type: 'audio/mpeg',
    });
    audioUrl = questionAudioResponseSchema.parse(res.json()).audioUrl;
  });

  it('returns 206 with exactly the requested bytes', async () => {
    const res = await t.app.inject({ method: 'GET', url: audioUrl, headers: { range: 'bytes=1000-1999' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-range']).toBe('bytes 1000-1999/10000');
    expect(res.headers['content-length']).toBe('1000');
    expect(res.rawPayload.equals(data.subarray(1000, 2000))).toBe(true);
  });

  it('serves open-ended and suffix ranges (seeking to the end on a phone)', async () => {
    const open = await t.app.inject({ method: 'GET', url: audioUrl, headers: { range: 'bytes=9990-' } });
    expect(open.statusCode).toBe(206);
    expect(open.headers['content-range']).toBe('bytes 9990-9999/10000');
    expect(open.rawPayload.equals(data.subarray(9990))).toBe(true);
    const suffix = await t.app.inject({ method: 'GET', url: audioUrl, headers: { range: 'bytes=-5' } });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(data.subarray(9995))).toBe(true);
  });

  it('416 for a range past the end; 404 for an unknown or odd file name', async () => {
    const res = await t.app.inject({ method: 'GET', url: audioUrl, headers: { range: 'bytes=20000-' } });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */10000');
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/files/audio/00000000-0000-4000-8000-000000000000.mp3',
    });
    expect(missing.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/files/audio/..%2Fsecret.mp3' })).statusCode).toBe(
      404,
    );
  });
});

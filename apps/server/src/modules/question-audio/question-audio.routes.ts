import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@quizcast/contract/errors';
import { API_PATHS } from '@quizcast/contract/routes';
import {
  QUESTION_AUDIO_FIELD,
  QUESTION_AUDIO_MAX_BYTES,
  QUESTION_AUDIO_MESSAGES,
  questionAudioParamsSchema,
  questionAudioRemovedSchema,
  questionAudioResponseSchema,
} from '@quizcast/contract/schemas/question-audio';
import { badRequest, payloadTooLarge } from '../../lib/http-error';
import { QuestionAudioRepository } from './question-audio.repository';
import { QuestionAudioService } from './question-audio.service';

const errors = (...codes: number[]) =>
  Object.fromEntries([400, 401, 403, 404, ...codes].map((code) => [code, errorBodySchema]));

function errorCode(err: unknown): unknown {
  return typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
}

/** The one `audio` file of a multipart upload; 413 past 5 MB without buffering the rest. */
async function readAudioUpload(request: FastifyRequest): Promise<Buffer | null> {
  if (!request.isMultipart()) throw badRequest(QUESTION_AUDIO_MESSAGES.required);
  let audio: Buffer | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: QUESTION_AUDIO_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1_000 },
    })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== QUESTION_AUDIO_FIELD) {
        part.file.resume();
        continue;
      }
      audio = await part.toBuffer();
    }
  } catch (err) {
    if (errorCode(err) === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(QUESTION_AUDIO_MESSAGES.tooLarge);
    if (errorCode(err) === 'FST_FILES_LIMIT') throw badRequest('Only one audio file can be uploaded');
    if (errorCode(err) === 'FST_FIELDS_LIMIT' || errorCode(err) === 'FST_PARTS_LIMIT')
      throw badRequest('Too many form fields');
    throw err;
  }
  return audio;
}

/** Admin: attach (replace) or remove the recorded audio of a question. */
export const questionAudioRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new QuestionAudioService(new QuestionAudioRepository(app.ctx.db), app.ctx.storage);
  const security = [{ bearerAuth: [] }];
  const tags = ['quizzes'];

  app.post(
    API_PATHS.questionAudio,
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        security,
        summary: `Attach a recording to a question (multipart field "${QUESTION_AUDIO_FIELD}": mp3, m4a, ogg or webm, at most 5 MB)`,
        consumes: ['multipart/form-data'],
        params: questionAudioParamsSchema,
        response: { 201: questionAudioResponseSchema, ...errors(413) },
      },
    },
    async (request, reply) => {
      const audio = await readAudioUpload(request);
      const { quizId, questionId } = request.params;
      return reply.code(201).send(await service.attach(quizId, questionId, audio));
    },
  );

  app.delete(
    API_PATHS.questionAudio,
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        security,
        summary: "Remove a question's recording (speech is used again)",
        params: questionAudioParamsSchema,
        response: { 200: questionAudioRemovedSchema, ...errors() },
      },
    },
    async (request) => service.remove(request.params.quizId, request.params.questionId),
  );
};

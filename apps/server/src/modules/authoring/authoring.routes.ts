import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@quizcast/contract/errors';
import { API_PATHS } from '@quizcast/contract/routes';
import { adminPageQuerySchema } from '@quizcast/contract/schemas/admin-page';
import {
  adminQuizListResponseSchema,
  adminQuizSchema,
  deleteQuizResponseSchema,
} from '@quizcast/contract/schemas/admin-quiz';
import {
  IMPORT_FILE_MAX_BYTES,
  importPreviewResponseSchema,
  importQuerySchema,
  importResponseSchema,
  previewImportQuerySchema,
} from '@quizcast/contract/schemas/question-import';
import { quizInputSchema } from '@quizcast/contract/schemas/quiz-input';
import { quizIdParamSchema } from '@quizcast/contract/schemas/ids';
import { badRequest } from '../../lib/http-error';
import { currentUser } from '../../plugins/auth';
import { AuditService } from '../audit/audit.service';
import { AuthoringRepository } from './authoring.repository';
import { AuthoringService } from './authoring.service';
import { decodeUpload, detectFormat, type ImportFormat } from './question-import';
import { QuestionImportService } from './question-import.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const security = [{ bearerAuth: [] }];

/** The one uploaded file of a multipart request, as text. */
async function readUpload(request: FastifyRequest): Promise<{ text: string; filename: string }> {
  if (!request.isMultipart()) {
    throw badRequest('Upload the questions as a file (multipart/form-data, field "file")');
  }
  const file = await request.file({ limits: { fileSize: IMPORT_FILE_MAX_BYTES, files: 1, fields: 5 } });
  if (!file) throw badRequest('Choose a CSV or Aiken (.txt) file to import');
  const data = await file.toBuffer();
  const text = decodeUpload(data);
  if (text === null) {
    throw badRequest('The file must be UTF-8 text (in Excel choose "CSV UTF-8" when saving)');
  }
  return { text, filename: file.filename };
}

/**
 * Quiz authoring (issue 7), admins only: create, edit, delete, list and read quizzes, and import
 * questions from a CSV or Aiken file. Every route: 401 without a valid token, 403 "Forbidden
 * resource" for a participant; a path id that is not a UUID answers 404 "Quiz not found".
 */
export const authoringRoutes: FastifyPluginAsyncZod = async (app) => {
  // The import needs multipart. Accounts registers it for the whole app; register it here only if
  // it is not there yet (this plugin is encapsulated, so this never leaks to other routes).
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(fastifyMultipart, { limits: { fileSize: IMPORT_FILE_MAX_BYTES, files: 1 } });
  }

  const repo = new AuthoringRepository(app.ctx.db);
  const service = new AuthoringService(repo, app.ctx.clock, app.ctx.storage);
  const questionImport = new QuestionImportService(repo);
  const audit = new AuditService(app.ctx.db, app.ctx.clock);
  const admin = { preHandler: app.requireAdmin };

  app.post(
    API_PATHS.quizzes,
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Create a quiz with its questions',
        security,
        body: quizInputSchema,
        response: { 201: adminQuizSchema, ...errors },
      },
    },
    async (request, reply) => {
      const quiz = await service.createQuiz(request.body, currentUser(request));
      await audit.record(currentUser(request), {
        action: 'quiz.create',
        targetType: 'quiz',
        targetId: quiz._id,
        details: { name: quiz.name },
      });
      return reply.code(201).send(quiz);
    },
  );

  app.put(
    API_PATHS.quizById,
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Edit a quiz (questions, duration and start are frozen once anyone has started)',
        security,
        params: quizIdParamSchema,
        body: quizInputSchema,
        response: { 200: adminQuizSchema, ...errors },
      },
    },
    async (request) => {
      const quiz = await service.updateQuiz(request.params.id, request.body);
      await audit.record(currentUser(request), {
        action: 'quiz.update',
        targetType: 'quiz',
        targetId: quiz._id,
        details: { name: quiz.name },
      });
      return quiz;
    },
  );

  app.delete(
    API_PATHS.quizById,
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Delete a quiz nobody has attempted or paid for',
        security,
        params: quizIdParamSchema,
        response: { 200: deleteQuizResponseSchema, ...errors },
      },
    },
    async (request) => {
      const id = request.params.id;
      await service.deleteQuiz(id);
      await audit.record(currentUser(request), { action: 'quiz.delete', targetType: 'quiz', targetId: id });
      return { _id: id, deleted: true as const };
    },
  );

  app.get(
    API_PATHS.quizzesAdminGetAll,
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'All quizzes with status and attempt counts',
        security,
        querystring: adminPageQuerySchema,
        response: { 200: adminQuizListResponseSchema, ...errors },
      },
    },
    async (request) => service.listQuizzes(request.query),
  );

  app.get(
    API_PATHS.quizzesAdminGetOne,
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'One quiz with its answers and result statistics',
        security,
        params: quizIdParamSchema,
        response: { 200: adminQuizSchema, ...errors },
      },
    },
    async (request) => service.getQuiz(request.params.id),
  );

  app.post(
    API_PATHS.quizImportQuestions,
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Import questions from a CSV or Aiken file into a quiz (all rows or none)',
        description:
          'multipart/form-data with one file. CSV columns: qn, choice1…choice6, answer (A–F or 1–6), explanation. ' +
          'Every bad row is reported as "Line N: …"; nothing is saved unless every row is good.',
        security,
        consumes: ['multipart/form-data'],
        params: quizIdParamSchema,
        querystring: importQuerySchema,
        response: { 200: importResponseSchema, ...errors, 413: errorBodySchema },
      },
    },
    async (request) => {
      const id = request.params.id;
      const { text, filename } = await readUpload(request);
      const format: ImportFormat = detectFormat(text, filename, request.query.format);
      const imported = await questionImport.importQuestions(id, text, format, request.query.mode);
      await audit.record(currentUser(request), {
        action: 'quiz.import_questions',
        targetType: 'quiz',
        targetId: id,
        details: {
          imported: imported.imported,
          mode: request.query.mode ?? 'append',
          file: filename ?? null,
        },
      });
      return imported;
    },
  );

  app.post(
    API_PATHS.quizImportPreview,
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Check a CSV or Aiken file and return its questions without saving them',
        security,
        consumes: ['multipart/form-data'],
        querystring: previewImportQuerySchema,
        response: { 200: importPreviewResponseSchema, ...errors, 413: errorBodySchema },
      },
    },
    async (request) => {
      const { text, filename } = await readUpload(request);
      return questionImport.previewImport(text, detectFormat(text, filename, request.query.format));
    },
  );
};

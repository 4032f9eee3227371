import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@quizcast/contract/errors';
import { API_PATHS } from '@quizcast/contract/routes';
import {
  adminPageQuerySchema,
  adminQuizListResponseSchema,
  adminQuizSchema,
  adminStudentDetailSchema,
  adminStudentListResponseSchema,
  deleteQuizResponseSchema,
  IMPORT_FILE_MAX_BYTES,
  importPreviewResponseSchema,
  importQuerySchema,
  importResponseSchema,
  previewImportQuerySchema,
  quizInputSchema,
  quizParticipantsResponseSchema,
} from '@quizcast/contract/schemas/admin';
import { badRequest, notFound } from '../../lib/http-error';
import { currentUser } from '../../plugins/auth';
import { AdminRepository } from './admin.repository';
import { AuditService } from '../audit/audit.service';
import { AdminService } from './admin.service';
import { decodeUpload, detectFormat, type ImportFormat } from './question-import';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idParams = z.object({ id: z.string() });

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const security = [{ bearerAuth: [] }];

/** A path id that cannot name a row is simply unknown (404), not a malformed request. */
function knownId(id: string, what: string): string {
  if (!UUID.test(id)) throw notFound(what);
  return id;
}

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
 * Admin-only routes (issue 7): author and schedule quizzes, bulk import, participants and results.
 * Every route: 401 without a valid token, 403 "Forbidden resource" for a participant.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  // The import needs multipart. Accounts registers it for the whole app; register it here only if
  // it is not there yet (this plugin is encapsulated, so this never leaks to other routes).
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(fastifyMultipart, { limits: { fileSize: IMPORT_FILE_MAX_BYTES, files: 1 } });
  }

  const service = new AdminService(
    new AdminRepository(app.ctx.db),
    app.ctx.clock,
    app.ctx.storage,
    app.ctx.avatarUrls,
  );
  const audit = new AuditService(app.ctx.db, app.ctx.clock);
  const admin = { preHandler: app.requireAdmin };
  const quizNotFound = 'Quiz not found';

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
        params: idParams,
        body: quizInputSchema,
        response: { 200: adminQuizSchema, ...errors },
      },
    },
    async (request) => {
      const quiz = await service.updateQuiz(knownId(request.params.id, quizNotFound), request.body);
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
        params: idParams,
        response: { 200: deleteQuizResponseSchema, ...errors },
      },
    },
    async (request) => {
      const id = knownId(request.params.id, quizNotFound);
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
        params: idParams,
        response: { 200: adminQuizSchema, ...errors },
      },
    },
    async (request) => service.getQuiz(knownId(request.params.id, quizNotFound)),
  );

  app.get(
    API_PATHS.quizzesAdminGetParticipants,
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Participants of a quiz with score, rank, elapsed time and status',
        security,
        params: idParams,
        querystring: adminPageQuerySchema,
        response: { 200: quizParticipantsResponseSchema, ...errors },
      },
    },
    async (request) => service.participants(knownId(request.params.id, quizNotFound), request.query),
  );

  app.get(
    API_PATHS.quizzesAdminExportParticipants,
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Participants of a quiz as a CSV download',
        security,
        params: idParams,
        querystring: adminPageQuerySchema.pick({ searchTerm: true }),
        produces: ['text/csv'],
        // A text/csv body is sent as is (Fastify only serialises JSON); the schema documents it.
        response: { 200: z.string().describe('CSV, UTF-8 with BOM'), ...errors },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await service.participantsCsv(
        knownId(request.params.id, quizNotFound),
        request.query.searchTerm,
      );
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          // A stream goes out as is; the typed response (a string) documents the body.
          .send(csv as unknown as string)
      );
    },
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
        params: idParams,
        querystring: importQuerySchema,
        response: { 200: importResponseSchema, ...errors, 413: errorBodySchema },
      },
    },
    async (request) => {
      const id = knownId(request.params.id, quizNotFound);
      const { text, filename } = await readUpload(request);
      const format: ImportFormat = detectFormat(text, filename, request.query.format);
      const imported = await service.importQuestions(id, text, format, request.query.mode);
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
      return service.previewImport(text, detectFormat(text, filename, request.query.format));
    },
  );

  app.get(
    API_PATHS.studentsAdminGetAll,
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'All students with search and paging',
        security,
        querystring: adminPageQuerySchema,
        response: { 200: adminStudentListResponseSchema, ...errors },
      },
    },
    async (request) => service.listStudents(request.query),
  );

  app.get(
    API_PATHS.studentsAdminGetOne,
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'One student with profile, attempts and payments',
        security,
        params: idParams,
        response: { 200: adminStudentDetailSchema, ...errors },
      },
    },
    async (request) => service.getStudent(knownId(request.params.id, 'Student not found')),
  );
};

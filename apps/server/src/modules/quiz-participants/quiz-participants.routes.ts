import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@quizcast/contract/errors';
import { API_PATHS } from '@quizcast/contract/routes';
import { adminPageQuerySchema } from '@quizcast/contract/schemas/admin-page';
import { quizParticipantsResponseSchema } from '@quizcast/contract/schemas/quiz-participants';
import { quizIdParamSchema } from '@quizcast/contract/schemas/ids';
import { QuizParticipantsRepository } from './quiz-participants.repository';
import { QuizParticipantsService } from './quiz-participants.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const security = [{ bearerAuth: [] }];

/**
 * A quiz's participants (issue 7), admins only: a page with score, rank, elapsed time and status,
 * and every row as a CSV download. 401 without a valid token, 403 for a participant; a path id that
 * is not a UUID answers 404 "Quiz not found".
 */
export const quizParticipantsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new QuizParticipantsService(
    new QuizParticipantsRepository(app.ctx.db, app.ctx.config.PLAUSIBLE_SECONDS_PER_ANSWER * 1000),
  );
  const admin = { preHandler: app.requireAdmin };

  app.get(
    API_PATHS.quizzesAdminGetParticipants,
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Participants of a quiz with score, rank, elapsed time and status',
        security,
        params: quizIdParamSchema,
        querystring: adminPageQuerySchema,
        response: { 200: quizParticipantsResponseSchema, ...errors },
      },
    },
    async (request) => service.participants(request.params.id, request.query),
  );

  app.get(
    API_PATHS.quizzesAdminExportParticipants,
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Participants of a quiz as a CSV download',
        security,
        params: quizIdParamSchema,
        querystring: adminPageQuerySchema.pick({ searchTerm: true }),
        produces: ['text/csv'],
        // A text/csv body is sent as is (Fastify only serialises JSON); the schema documents it.
        response: { 200: z.string().describe('CSV, UTF-8 with BOM'), ...errors },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await service.participantsCsv(request.params.id, request.query.searchTerm);
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
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@quizcast/contract/errors';
import { API_PATHS } from '@quizcast/contract/routes';
import { quizIdParamSchema } from '@quizcast/contract/schemas/ids';
import { extraTimeBodySchema, extraTimeListSchema } from '@quizcast/contract/schemas/quiz-participants';
import { currentUser } from '../../plugins/auth';
import { AuditService } from '../audit/audit.service';
import { QuizTimeOverridesRepository } from './quiz-time-overrides.repository';
import { QuizTimeOverridesService } from './quiz-time-overrides.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const security = [{ bearerAuth: [] }];

/**
 * Extra minutes for one learner on one quiz (issue 26, ADR 023), admins only: 401 without a valid
 * token, 403 for a participant, 404 for an unknown quiz or phone number, 409 once the learner started.
 */
export const quizTimeOverridesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new QuizTimeOverridesService(
    new QuizTimeOverridesRepository(app.ctx.db),
    new AuditService(app.ctx.db, app.ctx.clock),
    app.ctx.clock,
  );
  const admin = { preHandler: app.requireAdmin };

  app.get(
    API_PATHS.quizzesAdminExtraTime,
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Learners given extra minutes on a quiz',
        security,
        params: quizIdParamSchema,
        response: { 200: extraTimeListSchema, ...errors },
      },
    },
    async (request) => service.list(request.params.id),
  );

  app.put(
    API_PATHS.quizzesAdminExtraTime,
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Give one learner extra minutes on a quiz (0 removes them); refused once they started',
        security,
        params: quizIdParamSchema,
        body: extraTimeBodySchema,
        response: { 200: extraTimeListSchema, ...errors },
      },
    },
    async (request) => service.set(currentUser(request), request.params.id, request.body),
  );
};

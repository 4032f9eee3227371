import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@quizcast/contract/errors';
import { API_PATHS } from '@quizcast/contract/routes';
import { streakResponseSchema } from '@quizcast/contract/schemas/streak';
import { currentUser } from '../../plugins/auth';
import { StreakRepository } from './streak.repository';
import { StreakService } from './streak.service';

/** The signed-in learner's own streak; there is no route to anyone else's. */
export const streakRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new StreakService(new StreakRepository(app.ctx.db), app.ctx.clock);
  app.get(
    API_PATHS.streak,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['streak'],
        summary: 'My current and best streak (IST days with a finished quiz or ten reviews)',
        security: [{ bearerAuth: [] }],
        response: { 200: streakResponseSchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.forLearner(currentUser(request).id);
    },
  );
};

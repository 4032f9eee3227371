import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@quizcast/contract/errors';
import { API_PATHS } from '@quizcast/contract/routes';
import {
  LATEST_RESULT_CACHE_SECONDS,
  latestResultResponseSchema,
  leaderboardQuerySchema,
  leaderboardResponseSchema,
  quizIdParamsSchema,
  quizSummaryResponseSchema,
} from '@quizcast/contract/schemas/result';
import { currentUser } from '../../plugins/auth';
import { posterTemplateRoutes } from './poster-template.routes';
import { ResultsRepository } from './results.repository';
import { ResultsService } from './results.service';

/** Results: publication at window end (sweeper), the participant's summary, the podium, the leaderboard. */
export const resultsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new ResultsService(
    new ResultsRepository(app.ctx.db),
    app.ctx.clock,
    app.ctx.config.SUBMIT_GRACE_SECONDS,
    app.log,
  );
  app.sweeper.add('publish-results', (now) => service.publishDue(now));

  const security = [{ bearerAuth: [] }];

  app.get(
    API_PATHS.quizSummary,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['results'],
        summary: "The signed-in participant's rank, score and answer review (after publication)",
        security,
        params: quizIdParamsSchema,
        response: {
          200: quizSummaryResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const data = await service.summary(request.params.quizId, currentUser(request).id);
      return reply.header('cache-control', 'private, no-store').send({ data });
    },
  );

  app.get(
    API_PATHS.resultLatest,
    {
      schema: {
        tags: ['results'],
        summary: 'Top 3 of the most recently published quiz (public, cached)',
        response: { 200: latestResultResponseSchema },
      },
    },
    async (_request, reply) => {
      const body = await service.latestResult();
      return reply.header('cache-control', `public, max-age=${LATEST_RESULT_CACHE_SECONDS}`).send(body);
    },
  );

  app.get(
    API_PATHS.quizLeaderboard,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['results'],
        summary: "A published quiz's ranked participants (names, scores, times)",
        security,
        params: quizIdParamsSchema,
        querystring: leaderboardQuerySchema,
        response: {
          200: leaderboardResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      return service.leaderboard(request.params.quizId, currentUser(request).id, page, limit);
    },
  );

  await app.register(posterTemplateRoutes);
};

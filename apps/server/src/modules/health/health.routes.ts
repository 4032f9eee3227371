import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@quizcast/contract/schemas/health';
import { API_PATHS } from '@quizcast/contract/routes';

const PING_TIMEOUT_MS = 2000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_PATHS.health,
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      try {
        await Promise.race([
          app.ctx.database.ping(),
          new Promise((_, reject) =>
            setTimeout(() => reject(new Error('ping timeout')), PING_TIMEOUT_MS).unref(),
          ),
        ]);
        return reply.code(200).send({ status: 'ok', db: 'up' });
      } catch (err) {
        app.log.warn({ err }, 'database ping failed');
        return reply.code(503).send({ status: 'degraded', db: 'down' });
      }
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { errorBodySchema } from '@quizcast/contract/errors';
import { API_PATHS } from '@quizcast/contract/routes';
import {
  CHALLENGE_MESSAGES,
  CHALLENGE_RULES,
  challengeCardSchema,
  challengeCodeParamsSchema,
  createChallengeBodySchema,
  myChallengeSchema,
  myChallengesResponseSchema,
  withdrawChallengeResponseSchema,
} from '@quizcast/contract/schemas/challenge';
import { cardPool } from '../../lib/card-pool';
import { tooManyRequests } from '../../lib/http-error';
import { currentUser } from '../../plugins/auth';
import { checkLimit } from '../../plugins/rate-limit';
import type { Db } from '../../db/client';
import { ChallengeRepository } from './challenge.repository';
import { ChallengeService } from './challenge.service';

const security = [{ bearerAuth: [] }];
const HOUR_MS = 60 * 60 * 1000;

/**
 * Challenge links (issue 28, ADR 026): a learner shares a published result; anyone may read its card
 * and its preview image, rendered here from the result (nothing a client sends is ever served).
 */
export const challengeRoutes: FastifyPluginAsyncZod<{ service: ChallengeService }> = async (
  app,
  { service },
) => {
  const limiter = app.createRateLimit({
    name: 'challenges',
    max: CHALLENGE_RULES.createPerHour,
    timeWindow: HOUR_MS,
    keyGenerator: (request) => `challenges:${currentUser(request).id}`,
  });
  const limited = [
    app.authenticate,
    async (request: FastifyRequest) => {
      const result = await checkLimit(app, limiter, request);
      if (!result.isAllowed && result.isExceeded)
        throw tooManyRequests(CHALLENGE_MESSAGES.tooMany, result.ttlInSeconds);
    },
  ];

  app.post(
    API_PATHS.challenges,
    {
      preHandler: limited,
      schema: {
        tags: ['challenges'],
        summary: 'Share my published result: my challenge link for this quiz (one per quiz; made once)',
        security,
        body: createChallengeBodySchema,
        response: {
          200: myChallengeSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { quizId, showName } = request.body;
      return service.share(currentUser(request).id, quizId, showName);
    },
  );

  app.get(
    API_PATHS.challenges,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['challenges'],
        summary: 'My challenge links',
        security,
        response: { 200: myChallengesResponseSchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { links: await service.listMine(currentUser(request).id) };
    },
  );

  app.delete(
    API_PATHS.challenge,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['challenges'],
        summary: 'Withdraw one of my links: it answers 404 from now on',
        security,
        params: challengeCodeParamsSchema,
        response: { 200: withdrawChallengeResponseSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      await service.withdraw(currentUser(request).id, request.params.code);
      return { message: CHALLENGE_MESSAGES.withdrawn };
    },
  );

  app.get(
    API_PATHS.challenge,
    {
      schema: {
        tags: ['challenges'],
        summary: "A link's public card (no sign-in): initials unless the learner chose their name",
        params: challengeCodeParamsSchema,
        response: { 200: challengeCardSchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return service.card(request.params.code);
    },
  );

  app.get(
    API_PATHS.challengeImage,
    {
      schema: {
        tags: ['challenges'],
        summary: "A link's preview image (PNG, 1200 × 630), drawn by the server from the result",
        params: challengeCodeParamsSchema,
      },
    },
    async (request, reply) => {
      const { png, etag } = await service.image(request.params.code);
      // Short: a withdrawn link's image must stop being served soon by any cache on the way.
      reply.header('cache-control', 'public, max-age=300');
      reply.header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('image/png').send(png);
    },
  );
};

/** One service for the API and the page `/c/<code>` (challenge-page.routes.ts), made in app.ts. */
export function createChallengeService(db: Db): ChallengeService {
  return new ChallengeService(new ChallengeRepository(db), cardPool);
}

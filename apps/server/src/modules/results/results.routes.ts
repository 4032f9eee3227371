import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@quizcast/contract/errors';
import { API_PATHS } from '@quizcast/contract/routes';
import {
  LATEST_RESULT_CACHE_SECONDS,
  latestResultResponseSchema,
  leaderboardQuerySchema,
  leaderboardResponseSchema,
  quizIdParamsSchema,
  quizSummaryResponseSchema,
  type QuizSummaryResponse,
} from '@quizcast/contract/schemas/result';
import { createHash } from 'node:crypto';
import { currentUser } from '../../plugins/auth';
import { PublicationService } from './publication.service';
import { ResultsRepository } from './results.repository';
import { ResultsService } from './results.service';

/** A strong validator of a JSON body: its SHA-1, base64url (a summary never changes once published, bar an admin's fix). */
function etagOf(json: string): string {
  return `"${createHash('sha1').update(json).digest('base64url')}"`;
}

/** If-None-Match: a list of tags (weak ones compare equal too, RFC 9110 §13.1.2) or `*`. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** Results: publication at window end (sweeper), the participant's summary, the podium, the leaderboard. */
export const resultsRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = new ResultsRepository(app.ctx.db);
  const service = new ResultsService(
    repo,
    app.ctx.clock,
    app.log,
    app.ctx.avatarUrls,
    app.caches,
    app.ctx.readDb
      ? {
          repo: new ResultsRepository(app.ctx.readDb),
          lagMs: app.ctx.config.DATABASE_READ_LAG_SECONDS * 1000,
        }
      : undefined,
  );
  const publication = new PublicationService(
    repo,
    app.ctx.config.SUBMIT_GRACE_SECONDS,
    app.log,
    () => service.podiumChanged(),
    app.ctx.config.PLAUSIBLE_SECONDS_PER_ANSWER * 1000,
  );
  app.sweeper.add('publish-results', (now) => publication.publishDue(now), { first: true });
  // The analysis after the ranks commit (ADR 017) is its own task: on a 100,000-attempt quiz it runs
  // for minutes, and as a straggler it must hold up only later analyses, never another quiz's results.
  app.sweeper.add('analyse-results', (now) => publication.analysePending(now));

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
          304: z.null().describe('Not modified: the If-None-Match tag is current'),
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      // The contract's 200 body, serialised by the service (shared parts once per quiz), so the ETag
      // is the hash of the very bytes sent and the body is not stringified twice.
      const json = await service.summaryJson(request.params.quizId, currentUser(request).id);
      // Kept by the browser and revalidated on every read: an unchanged summary costs a 304.
      reply.header('cache-control', 'private, no-cache').header('vary', 'authorization');
      const etag = etagOf(json);
      reply.header('etag', etag);
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
      // A string payload is sent as is (fastify serialises objects only); its type is the schema's.
      return reply.type('application/json; charset=utf-8').send(json as unknown as QuizSummaryResponse);
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
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@quizcast/contract/errors';
import {
  ANALYTICS_PATHS,
  analyticsQuizParamsSchema,
  itemAnalysisResponseSchema,
  keyCorrectionBodySchema,
  keyCorrectionResponseSchema,
  progressResponseSchema,
  type ProgressResponse,
  quizAnalysisResponseSchema,
} from '@quizcast/contract/schemas/analytics';
import type { Tx } from '../../db/client';
import { currentUser } from '../../plugins/auth';
import { AnalyticsRepository } from './analytics.repository';
import { AnalyticsService } from './analytics.service';
import { KeyCorrectionService } from './key-correction.service';

export interface AnalyticsRoutesOptions {
  /**
   * The publication pipeline's analysis, finished inside a key correction's transaction (owned by
   * results; app.ts passes it in, so analytics never imports results).
   */
  finishAnalysis: (tx: Tx, quizId: string, now: Date) => Promise<void>;
  /** Called after a key correction committed (the results module forgets its cached questions). */
  onKeyCorrected?: (quizId: string) => Promise<void> | void;
}

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/** Performance analytics (issue 14): progress, a quiz's analysis, item analysis and key correction. */
export const analyticsRoutes: FastifyPluginAsyncZod<AnalyticsRoutesOptions> = async (app, options) => {
  const repo = new AnalyticsRepository(app.ctx.db);
  const service = new AnalyticsService(repo, app.ctx.clock);
  const corrections = new KeyCorrectionService(
    repo,
    app.ctx.clock,
    service,
    options.finishAnalysis,
    options.onKeyCorrected,
    app.ctx.config.PLAUSIBLE_SECONDS_PER_ANSWER * 1000,
  );
  const security = [{ bearerAuth: [] }];
  const admin = { preHandler: app.requireAdmin };

  app.get(
    ANALYTICS_PATHS.me,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['analytics'],
        summary: "The signed-in learner's progress across their published quizzes (one request per page)",
        security,
        response: { 200: progressResponseSchema, 304: z.null().describe('Not modified'), ...errors },
      },
    },
    async (request, reply) => {
      const { body, etag } = await service.progress(currentUser(request).id);
      // Never stored by the browser: scores, ranks and weak topics must not outlive a sign-out on a
      // shared phone. A client that keeps its own copy may still ask with If-None-Match (→ 304).
      reply.header('cache-control', 'private, no-store').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      // Already JSON (the cached published part and the live recall part, each made from the
      // contract's types): Fastify sends a string as is, without the response serializer.
      return reply.type('application/json; charset=utf-8').send(body as unknown as ProgressResponse);
    },
  );

  app.get(
    ANALYTICS_PATHS.quiz,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['analytics'],
        summary: "The learner's own analysis of one quiz (after publication): topics, time, marking advice",
        security,
        params: analyticsQuizParamsSchema,
        response: { 200: quizAnalysisResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = await service.quizAnalysis(request.params.quizId, currentUser(request).id);
      return reply.header('cache-control', 'private, no-store').send(body);
    },
  );

  app.get(
    ANALYTICS_PATHS.adminItems,
    {
      ...admin,
      schema: {
        tags: ['analytics', 'admin'],
        summary: 'Item analysis of a published quiz: facility, discrimination, distractors, time, flags',
        security,
        params: analyticsQuizParamsSchema,
        response: { 200: itemAnalysisResponseSchema, ...errors },
      },
    },
    async (request) => service.itemAnalysis(request.params.quizId),
  );

  app.get(
    ANALYTICS_PATHS.adminItemsCsv,
    {
      ...admin,
      schema: {
        tags: ['analytics', 'admin'],
        summary: 'The item analysis table as CSV',
        security,
        params: analyticsQuizParamsSchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV, UTF-8 with BOM'), ...errors },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await service.itemAnalysisCsv(request.params.quizId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.post(
    ANALYTICS_PATHS.adminKeyCorrections,
    {
      ...admin,
      schema: {
        tags: ['analytics', 'admin'],
        summary: 'Correct a question key (or drop it) after publication: re-scores and re-ranks everyone',
        security,
        params: analyticsQuizParamsSchema,
        body: keyCorrectionBodySchema,
        response: { 200: keyCorrectionResponseSchema, ...errors },
      },
    },
    async (request) => corrections.correctKey(request.params.quizId, request.body, currentUser(request)),
  );
};

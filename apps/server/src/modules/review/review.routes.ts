import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@quizcast/contract/errors';
import { API_PATHS } from '@quizcast/contract/routes';
import {
  REVIEW_MESSAGES,
  addCardBodySchema,
  addCardResponseSchema,
  cardIdParamsSchema,
  gradeReviewBodySchemaAt,
  gradeReviewResponseSchema,
  messageResponseSchema,
  reviewQueueQuerySchema,
  reviewQueueResponseSchema,
  reviewSettingsBodySchemaAt,
  reviewSettingsSchema,
  reviewStatsResponseSchema,
} from '@quizcast/contract/schemas/review';
import { contractSerializer } from '../../lib/contract-serializer';
import { currentUser } from '../../plugins/auth';
import { ReviewCardsRepository } from './review-cards.repository';
import { ReviewGradingRepository } from './review-grading.repository';
import { ReviewQueueRepository } from './review-queue.repository';
import { ReviewSettingsRepository } from './review-settings.repository';
import { ReviewStatsRepository } from './review-stats.repository';
import { ReviewService } from './review.service';
import { ReviewSettingsService } from './review-settings.service';

/** Spaced repetition (ADR 011): the learner's own cards only; another learner's card is 404. */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const queue = new ReviewQueueRepository(app.ctx.database.genericPlans);
  const settingsRepo = new ReviewSettingsRepository(app.ctx.db);
  const service = new ReviewService(
    app.ctx.db,
    {
      queue,
      grading: new ReviewGradingRepository(app.ctx.db),
      cards: new ReviewCardsRepository(app.ctx.db),
      settings: settingsRepo,
    },
    app.ctx.clock,
  );
  const settings = new ReviewSettingsService(
    { settings: settingsRepo, stats: new ReviewStatsRepository(app.ctx.db), queue },
    app.ctx.clock,
  );
  const security = [{ bearerAuth: [] }];
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
  const tags = ['review'];
  const now = () => app.ctx.clock.now();

  app.get(
    API_PATHS.reviewQueue,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Due review cards (with answers: results are published) and the counts',
        security,
        querystring: reviewQueueQuerySchema,
        response: { 200: reviewQueueResponseSchema, ...errors },
      },
      // Up to 200 cards a body: written from the contract's JSON Schema, not re-parsed by zod.
      serializerCompiler: contractSerializer,
    },
    async (request, reply) => {
      const body = await service.queue(currentUser(request).id, request.query.limit, request.query.ahead);
      return reply.header('cache-control', 'private, no-store').send(body);
    },
  );

  app.post(
    API_PATHS.reviewCardReviews,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Grade a card (idempotent by reviewId; applied in review-time order)',
        security,
        params: cardIdParamsSchema,
        body: gradeReviewBodySchemaAt(now),
        response: { 200: gradeReviewResponseSchema, ...errors },
      },
    },
    async (request) => service.grade(currentUser(request).id, request.params.cardId, request.body),
  );

  app.post(
    API_PATHS.reviewCards,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Add a question from a published review to my review cards',
        security,
        body: addCardBodySchema,
        response: { 200: addCardResponseSchema, 201: addCardResponseSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const made = await service.addCard(currentUser(request).id, request.body.questionId);
      return reply.code(made.created ? 201 : 200).send(made);
    },
  );

  app.delete(
    API_PATHS.reviewCard,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Remove one of my review cards',
        security,
        params: cardIdParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.removeCard(currentUser(request).id, request.params.cardId);
      return { message: REVIEW_MESSAGES.cardRemoved };
    },
  );

  app.get(
    API_PATHS.reviewStats,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Due and done today, streak, 30-day retention, 14-day forecast, leeches, settings',
        security,
        response: { 200: reviewStatsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = await settings.stats(currentUser(request).id);
      return reply.header('cache-control', 'private, no-store').send(body);
    },
  );

  app.get(
    API_PATHS.reviewSettings,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'My review settings (target exam and date, retention, daily limits)',
        security,
        response: { 200: reviewSettingsSchema, ...errors },
      },
    },
    async (request) => settings.settings(currentUser(request).id),
  );

  app.put(
    API_PATHS.reviewSettings,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Save my review settings',
        security,
        body: reviewSettingsBodySchemaAt(now),
        response: { 200: reviewSettingsSchema, ...errors },
      },
    },
    async (request) => settings.saveSettings(currentUser(request).id, request.body),
  );
};

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@quizcast/contract/errors';
import { API_PATHS } from '@quizcast/contract/routes';
import {
  dailyFiveResponseSchema,
  practiceAttemptIdParamSchema,
  practiceAttemptSchema,
  practiceHistoryResponseSchema,
  practiceProgressResponseSchema,
  practiceQuizIdParamSchema,
  practiceQuizListQuerySchema,
  practiceQuizListResponseSchema,
  practiceSaveBodySchema,
  practiceSaveResponseSchema,
  practiceSubmitBodySchema,
  practiceSubmitResponseSchema,
  practiceTopicsQuerySchema,
  practiceTopicsResponseSchema,
  startDrillBodySchema,
  startPracticeBodySchema,
} from '@quizcast/contract/schemas/practice';
import { QUIZ_MESSAGES } from '@quizcast/contract/schemas/quiz';
import { contractSerializer } from '../../lib/contract-serializer';
import { tooManyRequests } from '../../lib/http-error';
import { currentUser } from '../../plugins/auth';
import { AnalyticsRepository } from '../analytics/analytics.repository';
import { StreakRepository } from '../streak/streak.repository';
import { StreakService } from '../streak/streak.service';
import { DailyFiveRepository } from './daily-five.repository';
import { DailyFiveService } from './daily-five.service';
import { checkLimit } from '../../plugins/rate-limit';
import { PracticeProgressRepository, practiceProgress } from './practice-progress.repository';
import { PracticeRepository } from './practice.repository';
import { PracticeService } from './practice.service';
import { RunningPractices } from './running-practices';

const errors = (...codes: number[]) =>
  Object.fromEntries([400, 401, ...codes].map((code) => [code, errorBodySchema]));

/** Practice of published quizzes and topic drills (issue 27, ADR 024): a learner's own attempts. */
export const practiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app.ctx;
  const streak = new StreakService(new StreakRepository(db), clock);
  const practice = new PracticeService(
    new PracticeRepository(db),
    clock,
    config.SUBMIT_GRACE_SECONDS * 1000,
    config.PLAUSIBLE_SECONDS_PER_ANSWER * 1000,
    (kind, now) => streak.countDayPart(kind, now),
    // A quarter of the contest's budget for its running attempts (ADR 012), `0`: none.
    config.ATTEMPT_CACHE_MAX_BYTES > 0
      ? new RunningPractices(Math.floor(config.ATTEMPT_CACHE_MAX_BYTES / 4))
      : undefined,
  );
  const analytics = new AnalyticsRepository(db);
  const dailyFive = new DailyFiveService(
    new DailyFiveRepository(db),
    practice,
    (userId) => analytics.answerGroups(userId),
    clock,
  );
  const security = [{ bearerAuth: [] }];
  const tags = ['practice'];
  const common = { preHandler: app.authenticate };
  const progress = new PracticeProgressRepository(db);

  /**
   * Per-learner limit on saves (counted in Redis when REDIS_URL is set): a stuck or hostile client
   * cannot hammer the database; an honest one saves once per answer and never meets it.
   */
  const saveLimiter = app.createRateLimit({
    name: 'practice-save',
    max: config.PRACTICE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => currentUser(request).id,
  });
  const saveLimited = [
    app.authenticate,
    async (request: FastifyRequest) => {
      const result = await checkLimit(app, saveLimiter, request);
      if (!result.isAllowed && result.isExceeded)
        throw tooManyRequests(QUIZ_MESSAGES.tooManySaves, result.ttlInSeconds);
    },
  ];

  app.get(
    API_PATHS.dailyFive,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: "Today's daily five (IST day): made on the day's first read, the same five after",
        response: { 200: dailyFiveResponseSchema, ...errors() },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return dailyFive.today(currentUser(request).id);
    },
  );

  app.get(
    API_PATHS.practiceQuizzes,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Published quizzes to practise, filtered by exam, topic and previous-year paper',
        querystring: practiceQuizListQuerySchema,
        response: { 200: practiceQuizListResponseSchema, ...errors() },
      },
    },
    async (request) => practice.listQuizzes(currentUser(request).id, request.query),
  );

  app.get(
    API_PATHS.practiceTopics,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: "An exam's topics with practisable questions the learner may see",
        querystring: practiceTopicsQuerySchema,
        response: { 200: practiceTopicsResponseSchema, ...errors() },
      },
    },
    async (request) => practice.topics(currentUser(request).id, request.query.exam),
  );

  app.post(
    API_PATHS.practiceQuizStart,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Start a practice of a published quiz, timed or untimed (any number of times)',
        params: practiceQuizIdParamSchema,
        body: startPracticeBodySchema,
        response: { 201: practiceAttemptSchema, ...errors(402, 404) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await practice.startQuiz(currentUser(request).id, request.params.quizId, request.body)),
  );

  app.post(
    API_PATHS.practiceDrills,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Start a topic drill drawn from published questions (never-seen and wrong ones first)',
        body: startDrillBodySchema,
        response: { 201: practiceAttemptSchema, ...errors(404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await practice.startDrill(currentUser(request).id, request.body)),
  );

  app.get(
    API_PATHS.practiceAttempts,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: "The learner's practice attempts and drills, newest first",
        response: { 200: practiceHistoryResponseSchema, ...errors() },
      },
    },
    async (request) => practice.history(currentUser(request).id),
  );

  app.get(
    API_PATHS.practiceProgress,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: "The learner's practice apart from contest attempts: counts and accuracy by topic",
        response: { 200: practiceProgressResponseSchema, ...errors() },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return practiceProgress(progress, currentUser(request).id);
    },
  );

  app.get(
    API_PATHS.practiceAttempt,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'A practice attempt: resume it, or its result once submitted',
        params: practiceAttemptIdParamSchema,
        response: { 200: practiceAttemptSchema, ...errors(404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return practice.get(currentUser(request).id, request.params.attemptId);
    },
  );

  app.put(
    API_PATHS.practiceAttemptAnswers,
    {
      preHandler: saveLimited,
      schema: {
        tags,
        security,
        summary: 'Save answers; with instant feedback, each new answer judged with its explanation',
        params: practiceAttemptIdParamSchema,
        body: practiceSaveBodySchema,
        response: { 200: practiceSaveResponseSchema, ...errors(404, 409, 429, 503) },
      },
    },
    async (request) => practice.save(currentUser(request).id, request.params.attemptId, request.body.answers),
  );

  app.post(
    API_PATHS.practiceAttemptSubmit,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Submit a practice: scored by the server, with a predicted rank when timed',
        params: practiceAttemptIdParamSchema,
        body: practiceSubmitBodySchema,
        response: { 200: practiceSubmitResponseSchema, ...errors(404, 409) },
      },
      // Each question's feedback in the body: written from the contract's JSON Schema, not re-parsed by zod.
      serializerCompiler: contractSerializer,
    },
    async (request) =>
      practice.submit(currentUser(request).id, request.params.attemptId, request.body.answers),
  );
};

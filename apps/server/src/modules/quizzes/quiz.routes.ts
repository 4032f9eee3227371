import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@quizcast/contract/errors';
import { API_PATHS } from '@quizcast/contract/routes';
import {
  QUIZ_MESSAGES,
  closeSectionBodySchema,
  quizAttemptSchema,
  quizIntroSchema,
  quizListQuerySchema,
  quizListResponseSchema,
  saveAnswersBodySchema,
  saveAnswersResponseSchema,
  submitQuizBodySchema,
  submitQuizResponseSchema,
} from '@quizcast/contract/schemas/quiz';
import { participantQuizIdParamSchema } from '@quizcast/contract/schemas/ids';
import { tooManyRequests } from '../../lib/http-error';
import { currentUser } from '../../plugins/auth';
import { AttemptRepository } from './attempt.repository';
import { QuizRepository } from './quiz.repository';
import { AttemptCaches } from './attempt-caches';
import { AttemptService } from './attempt.service';
import { QuizListRepository } from './quiz-list.repository';
import { QuizListService } from './quiz-list.service';
import { SubmissionService } from './submission.service';
import { RunningAttempts } from './running-attempts';

const errors = (...codes: number[]) =>
  Object.fromEntries([400, 401, ...codes].map((code) => [code, errorBodySchema]));

/** Participant quiz routes (list, intro, attempt, autosave, submit) and the auto-submit sweep. */
export const participantQuizRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app.ctx;
  const graceMs = config.SUBMIT_GRACE_SECONDS * 1000;
  const running =
    config.ATTEMPT_CACHE_MAX_BYTES > 0
      ? new RunningAttempts(config.ATTEMPT_CACHE_MAX_BYTES, graceMs)
      : undefined;
  const quizzes = new QuizRepository(db);
  const attempts = new AttemptRepository(db, running);
  const options = { clock, graceMs };
  const caches = new AttemptCaches(quizzes);
  const list = new QuizListService(new QuizListRepository(db), clock);
  const attempt = new AttemptService(quizzes, attempts, options, caches);
  const submission = new SubmissionService(quizzes, attempts, options, caches);

  app.sweeper.add('auto-submit', (now) => attempt.autoSubmitOverdue(now), { first: true });

  /**
   * Per-learner limits on the attempt calls (a stuck or hostile client cannot hammer the database);
   * generous enough that an honest client never meets them: it debounces saves and backs off retries.
   */
  const perLearner = (name: string, max: number) => {
    const limiter = app.createRateLimit({
      name,
      max,
      timeWindow: 60_000,
      // The learner's id string itself (shared with the session cache's user): no key per limiter
      // in this process; in Redis the name is prefixed (plugins/rate-limit.ts).
      keyGenerator: (request) => currentUser(request).id,
    });
    return [
      app.authenticate,
      async (request: FastifyRequest) => {
        const result = await limiter(request);
        if (!result.isAllowed && result.isExceeded)
          throw tooManyRequests(QUIZ_MESSAGES.tooManySaves, result.ttlInSeconds);
      },
    ];
  };
  const attendLimited = perLearner('attend', config.ATTEND_LIMIT_PER_MINUTE);
  const autosaveLimited = perLearner('autosave', config.AUTOSAVE_LIMIT_PER_MINUTE);
  const submitLimited = perLearner('submit', config.SUBMIT_LIMIT_PER_MINUTE);

  const security = [{ bearerAuth: [] }];
  const tags = ['quizzes'];

  app.get(
    API_PATHS.quizzesParticipant,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Quizzes for the signed-in participant: live, then upcoming, then ended',
        querystring: quizListQuerySchema,
        response: { 200: quizListResponseSchema, ...errors() },
      },
    },
    async (request) => list.list(currentUser(request).id, request.query),
  );

  app.get(
    API_PATHS.quizIntro,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Intro detail of a quiz (409 once attended, 406 outside its window)',
        params: participantQuizIdParamSchema,
        response: { 200: quizIntroSchema, ...errors(404, 406, 409) },
      },
    },
    async (request) => attempt.intro(currentUser(request).id, request.params.quizId),
  );

  app.get(
    API_PATHS.quizAttend,
    {
      preHandler: attendLimited,
      schema: {
        tags,
        security,
        summary: 'Start or resume the attempt: questions without answers, server deadline and clock',
        params: participantQuizIdParamSchema,
        response: { 200: quizAttemptSchema, ...errors(402, 404, 406, 409, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return attempt.attend(currentUser(request).id, request.params.quizId);
    },
  );

  app.put(
    API_PATHS.quizAttendAnswers,
    {
      preHandler: autosaveLimited,
      schema: {
        tags,
        security,
        summary: 'Autosave answers of the running attempt, merged per question by the client seq',
        params: participantQuizIdParamSchema,
        body: saveAnswersBodySchema,
        response: { 200: saveAnswersResponseSchema, ...errors(404, 409, 429) },
      },
    },
    async (request) => {
      const { savedAt } = await attempt.saveAnswers(
        currentUser(request).id,
        request.params.quizId,
        request.body.answers,
      );
      return { message: 'Answers saved' as const, savedAt: savedAt.toISOString() };
    },
  );

  app.post(
    API_PATHS.quizCloseSection,
    {
      preHandler: autosaveLimited,
      schema: {
        tags,
        security,
        summary: 'Close the running section of a locked quiz early: the next section starts now (ADR 022)',
        params: participantQuizIdParamSchema,
        body: closeSectionBodySchema,
        response: { 200: quizAttemptSchema, ...errors(404, 409, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return attempt.closeSection(currentUser(request).id, request.params.quizId, request.body.section);
    },
  );

  app.post(
    API_PATHS.quizSubmit,
    {
      preHandler: submitLimited,
      schema: {
        tags,
        security,
        summary: 'Submit the started attempt once (a retry with the same submissionId gets the same answer)',
        body: submitQuizBodySchema,
        response: { 201: submitQuizResponseSchema, ...errors(402, 404, 406, 409, 429) },
      },
    },
    async (request, reply) => {
      const result = await submission.submit(currentUser(request).id, request.body);
      return reply.code(201).send(result);
    },
  );
};

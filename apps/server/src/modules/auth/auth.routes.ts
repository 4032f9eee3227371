import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@quizcast/contract/errors';
import { API_PATHS } from '@quizcast/contract/routes';
import {
  AUTH_MESSAGES,
  authResponseSchema,
  messageResponseSchema,
  sendOtpBodySchema,
  signupFieldsSchema,
  verifyOtpBodySchema,
} from '@quizcast/contract/schemas/auth';
import { ACCOUNT_MESSAGES } from '@quizcast/contract/schemas/account';
import { serviceUnavailable, tooManyRequests } from '../../lib/http-error';
import { checkLimit } from '../../plugins/rate-limit';
import { readProfileForm } from '../students/profile-form';
import { AuthService } from './auth.service';

const HOUR_MS = 60 * 60 * 1000;

/** POST /students/{signup,login}-send-otp, /students/login-verify-otp, /students/signup. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db, clock, storage, sms, otpCodes } = app.ctx;
  const auth = new AuthService(db, config, sms, storage, clock, app.log, app.sessions, otpCodes);

  // Hourly send quotas through @fastify/rate-limit (Redis-backed when REDIS_URL is set).
  const perIp = app.createRateLimit({
    max: config.OTP_IP_LIMIT_PER_HOUR,
    timeWindow: HOUR_MS,
    keyGenerator: (request: FastifyRequest) => `otp-ip:${normalizeIP(request.ip)}`,
  });
  const perPhone = app.createRateLimit({
    max: config.OTP_PHONE_LIMIT_PER_HOUR,
    timeWindow: HOUR_MS,
    keyGenerator: (request: FastifyRequest) => `otp-phone:${(request.body as { phNo: string }).phNo}`,
  });
  // Every OTP SMS of the deployment in an hour (shared through Redis when set): past it, 503.
  const smsBudget = app.createRateLimit({
    max: config.SMS_BUDGET_PER_HOUR,
    timeWindow: HOUR_MS,
    keyGenerator: () => 'otp-sms-budget',
  });
  const enforce = async (limiter: typeof perIp, request: FastifyRequest, message: string): Promise<void> => {
    const result = await checkLimit(app, limiter, request);
    if (!result.isAllowed && result.isExceeded) throw tooManyRequests(message, result.ttlInSeconds);
  };
  /** The per-phone quota, then the global SMS budget: both just before a code is stored and sent. */
  const beforeSend = async (request: FastifyRequest): Promise<void> => {
    await enforce(perPhone, request, AUTH_MESSAGES.tooManyPhoneRequests);
    const budget = await checkLimit(app, smsBudget, request);
    if (!budget.isAllowed && budget.isExceeded) {
      app.log.warn(
        { budgetPerHour: config.SMS_BUDGET_PER_HOUR, retryAfterSeconds: budget.ttlInSeconds },
        'SMS budget for this hour is spent: OTP sends answer 503 until it renews',
      );
      throw serviceUnavailable(ACCOUNT_MESSAGES.smsBudgetExhausted, budget.ttlInSeconds);
    }
  };

  const sendSchema = {
    tags: ['auth'],
    body: sendOtpBodySchema,
    response: {
      200: messageResponseSchema,
      400: errorBodySchema,
      404: errorBodySchema,
      409: errorBodySchema,
      429: errorBodySchema,
      502: errorBodySchema,
      503: errorBodySchema,
    },
  };

  app.post(
    API_PATHS.signupSendOtp,
    {
      schema: { ...sendSchema, summary: 'Send a sign-up code (409 when the number is registered)' },
      preHandler: (request) => enforce(perIp, request, AUTH_MESSAGES.tooManyIpRequests),
    },
    async (request) => {
      await auth.sendSignupOtp(request.body.phNo, () => beforeSend(request));
      return { message: AUTH_MESSAGES.otpSent };
    },
  );

  app.post(
    API_PATHS.loginSendOtp,
    {
      schema: { ...sendSchema, summary: 'Send a login code (404 when the number has no account)' },
      preHandler: (request) => enforce(perIp, request, AUTH_MESSAGES.tooManyIpRequests),
    },
    async (request) => {
      await auth.sendLoginOtp(request.body.phNo, () => beforeSend(request));
      return { message: AUTH_MESSAGES.otpSent };
    },
  );

  app.post(
    API_PATHS.loginVerifyOtp,
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with the code; answers the session token and the user',
        body: verifyOtpBodySchema,
        response: {
          200: authResponseSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const session = await auth.login(request.body.phNo, request.body.otp);
      // Logging in may have changed the role (ADMIN_PHONES): no instance may keep the old row.
      await app.userCache.invalidate(session._id);
      return session;
    },
  );

  app.post(
    API_PATHS.signup,
    {
      schema: {
        tags: ['auth'],
        summary:
          'Create the account (multipart: phNo, otp, name, place, school, class, optional profilePicture)',
        consumes: ['multipart/form-data', 'application/json'],
        response: {
          201: authResponseSchema,
          400: errorBodySchema,
          409: errorBodySchema,
          413: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const form = await readProfileForm(request, signupFieldsSchema);
      const created = await auth.signup(form.fields, form.photo);
      return reply.code(201).send(created);
    },
  );

  app.sweeper.add('otp-purge', (now) => auth.otp.purgeOld(now));
};

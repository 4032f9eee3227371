import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@quizcast/contract/errors';
import { API_PATHS } from '@quizcast/contract/routes';
import { devOutboxEntrySchema, devOutboxQuerySchema } from '@quizcast/contract/schemas/auth';
import { OffsetClock } from '../../lib/clock';
import { FAKE_CAPTURE_WEBHOOK_DELAY_MS } from '../payments/fake-gateway.service';
import { notFound } from '../../lib/http-error';
import { requireLoopback } from '../../lib/loopback';
import { ConsoleSms } from '../../providers/sms/console-sms';
import { devPushRoutes } from './dev-push.routes';

/**
 * Development-only helpers; each answers only requests from this machine (`requireLoopback`: the
 * socket's address, never a header) and none exists in production. The dev outbox (latest code per phone) exists only with the console SMS
 * provider outside production, so a newcomer can sign in without a phone. The clock control exists only when DEV_CLOCK_CONTROL=true (browser tests),
 * which production refuses at start. The push-service stand-in's routes (dev-push.routes.ts) exist only with PUSH_STAND_IN.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  const clock = app.ctx.clock;
  if (app.ctx.config.NODE_ENV === 'production') return;
  if (app.ctx.config.DEV_CLOCK_CONTROL && clock instanceof OffsetClock) {
    // With the clock, the waits a test moves it past, as this server is configured: browser tests
    // read them here rather than hard-coding the defaults.
    const clockSchema = z.object({
      now: z.string(),
      submitGraceMs: z.number(),
      otpResendCooldownMs: z.number(),
      fakeCaptureWebhookDelayMs: z.number(),
    });
    const { config } = app.ctx;
    const clockState = () => ({
      now: clock.now().toISOString(),
      submitGraceMs: config.SUBMIT_GRACE_SECONDS * 1000,
      otpResendCooldownMs: config.OTP_RESEND_COOLDOWN_SECONDS * 1000,
      fakeCaptureWebhookDelayMs: FAKE_CAPTURE_WEBHOOK_DELAY_MS,
    });
    app.get(
      '/dev/clock',
      { onRequest: requireLoopback, schema: { hide: true, response: { 200: clockSchema } } },
      async () => clockState(),
    );
    app.post(
      '/dev/clock',
      {
        onRequest: requireLoopback,
        schema: {
          hide: true,
          body: z.object({ advanceMs: z.number().int().min(0).optional(), reset: z.boolean().optional() }),
          response: { 200: clockSchema },
        },
      },
      async (request) => {
        if (request.body.reset) clock.reset();
        if (request.body.advanceMs) clock.advance(request.body.advanceMs);
        await app.sweeper.runOnce();
        return clockState();
      },
    );
  }

  const { pushStandIn, push } = app.ctx;
  if (pushStandIn && push) await app.register(devPushRoutes(pushStandIn, push));

  const sms = app.ctx.sms;
  if (sms instanceof ConsoleSms) {
    app.get(
      API_PATHS.devOutbox,
      {
        onRequest: requireLoopback,
        schema: {
          tags: ['dev'],
          summary: 'Development only: the latest code sent to a number (console SMS provider)',
          querystring: devOutboxQuerySchema,
          response: {
            200: devOutboxEntrySchema,
            400: errorBodySchema,
            403: errorBodySchema,
            404: errorBodySchema,
          },
        },
      },
      async (request) => {
        const entry = sms.latest(request.query.phNo);
        if (!entry) throw notFound('No OTP has been sent to this number');
        return entry;
      },
    );
  }
};

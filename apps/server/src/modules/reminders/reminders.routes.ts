import { performance } from 'node:perf_hooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@quizcast/contract/errors';
import { API_PATHS } from '@quizcast/contract/routes';
import {
  REMINDER_MESSAGES,
  pushSubscriptionBodySchema,
  reminderMessageResponseSchema,
  reminderSettingsResponseSchema,
  reminderSwitchesSchema,
  unsubscribeBodySchema,
} from '@quizcast/contract/schemas/reminders';
import { badRequest, serviceUnavailable } from '../../lib/http-error';
import { Pacer, loadAwareRate } from '../../lib/pacer';
import { currentUser } from '../../plugins/auth';
import { isAllowedPushEndpoint } from './push-endpoints';
import { sweepReminders } from './reminder-sweep';
import { RemindersRepository } from './reminders.repository';

/** Seconds of pushes at the current rate a sweep claims at once (200 reminders at most). */
const ROUND_SECONDS = 5;

/** Web push reminders (issue 28): the learner's switches and browsers; the sweeper pushes. */
export const remindersRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = new RemindersRepository(app.ctx.db);
  const push = app.ctx.push;
  const security = [{ bearerAuth: [] }];
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 503: errorBodySchema };
  const tags = ['reminders'];
  const now = () => app.ctx.clock.now();

  if (push) {
    // Half the task's budget: the rest of the sweep (and the next one) is never held up by it.
    const budgetMs = (app.ctx.config.SWEEP_TASK_TIMEOUT_SECONDS * 1000) / 2;
    // One bucket for every sweep of this instance: full rate while it is quiet, the floor while it
    // serves learners (ADR 025, "Pacing").
    const { REMINDER_PUSH_RATE, REMINDER_PUSH_FLOOR_RATE, REMINDER_BUSY_REQUEST_RATE } = app.ctx.config;
    const byLoad = loadAwareRate(app.ctx.requestRate, {
      full: REMINDER_PUSH_RATE,
      floor: REMINDER_PUSH_FLOOR_RATE,
      busyPerSecond: REMINDER_BUSY_REQUEST_RATE,
    });
    // Closing: no further round is claimed, and the round already claimed goes at the full rate, so
    // a shutdown under load does not wait for a round at the floor for the sweeper to stop.
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    const pacer = new Pacer(() => (closing ? REMINDER_PUSH_RATE : byLoad()));
    app.sweeper.add('reminders', async (at) => {
      const started = performance.now();
      const outcome = await sweepReminders(repo, push, at, app.log, {
        budgetMs,
        pacer,
        // A round is what the current rate sends in about ROUND_SECONDS (one browser a learner).
        roundSize: () => byLoad() * ROUND_SECONDS,
        stopping: () => closing,
      });
      if (outcome.pushed)
        app.log.info(
          { ...outcome, ms: Math.round(performance.now() - started), pushesAtRate: pacer.drainCounts() },
          'reminders swept',
        );
      // Stopped at its budget with reminders still due: one more sweep right after this one (which
      // runs publication first again), not at the next tick.
      if (outcome.more && !closing) void app.sweeper.runOnce();
      return outcome;
    });
  }

  app.get(
    API_PATHS.reminders,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "The server's VAPID public key, my reminder switches and how many browsers get them",
        security,
        response: { 200: reminderSettingsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      reply.header('cache-control', 'private, no-store');
      const [switches, subscriptions] = await Promise.all([
        repo.switches(userId),
        repo.countSubscriptions(userId),
      ]);
      return { publicKey: push?.publicKey ?? null, switches, subscriptions };
    },
  );

  app.put(
    API_PATHS.reminders,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Switch each kind of reminder on or off',
        security,
        body: reminderSwitchesSchema,
        response: { 200: reminderMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await repo.saveSwitches(currentUser(request).id, request.body, now());
      return { message: REMINDER_MESSAGES.saved };
    },
  );

  app.post(
    API_PATHS.reminderSubscription,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "This browser's push subscription: reminders on",
        security,
        body: pushSubscriptionBodySchema,
        response: { 200: reminderMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      if (!push) throw serviceUnavailable(REMINDER_MESSAGES.pushUnavailable, 3600);
      const { endpoint, keys } = request.body;
      if (!isAllowedPushEndpoint(endpoint, app.ctx.config.NODE_ENV === 'production'))
        throw badRequest(REMINDER_MESSAGES.endpointInvalid);
      await repo.subscribe(
        currentUser(request).id,
        { endpoint, p256dh: keys.p256dh, auth: keys.auth },
        now(),
      );
      return { message: REMINDER_MESSAGES.subscribed };
    },
  );

  app.delete(
    API_PATHS.reminderSubscription,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Forget this browser: reminders off here',
        security,
        body: unsubscribeBodySchema,
        response: { 200: reminderMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await repo.unsubscribe(currentUser(request).id, request.body.endpoint);
      return { message: REMINDER_MESSAGES.unsubscribed };
    },
  );
};

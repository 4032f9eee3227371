import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@quizcast/contract/errors';
import { pushPayloadSchema } from '@quizcast/contract/schemas/reminders';
import { phoneSchema } from '@quizcast/contract/schemas/student';
import { users } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { requireLoopback } from '../../lib/loopback';
import type { PushServiceStandIn } from '../../providers/push/push-stand-in';
import type { PushSender } from '../../providers/push/push-sender';
import { reminderPayload } from '../reminders/reminder-sweep';
import { RemindersRepository } from '../reminders/reminders.repository';

const phoneBody = z.object({ phNo: phoneSchema });
const receivedSchema = z.object({
  at: z.string(),
  phNo: z.string().nullable(),
  endpoint: z.string(),
  payload: pushPayloadSchema,
});

/**
 * Reminders end to end in development (issue 28, ADR 025): a browser's own subscription points at its
 * push service (Google's FCM for Chrome), which a laptop without network, or a test, cannot reach or
 * read. These routes give a learner a second "browser" on the server's loopback push-service stand-in
 * (it holds the keys a browser would), so every reminder the sweeper claims for them is really
 * encrypted and signed by `web-push`, sent over HTTPS, and decrypted by the stand-in, which lists it
 * here. Registered only outside production with PUSH_STAND_IN (the default for `npm start`), and each
 * answers only requests from this machine, as the dev outbox (which already hands this machine any
 * learner's sign-in code).
 */
export function devPushRoutes(standIn: PushServiceStandIn, push: PushSender): FastifyPluginAsyncZod {
  return async (app) => {
    const repo = new RemindersRepository(app.ctx.db);
    const tags = ['dev'];
    const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
    /** Stand-in subscription id → the learner's phone it was made for. */
    const owners = new Map<string, string>();

    const learner = async (phNo: string) => {
      const [row] = await app.ctx.db
        .select({ id: users.id, language: users.preferredLanguage, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.phNo, phNo));
      if (!row || row.deletedAt) throw notFound('No learner has this number');
      return row;
    };

    app.post(
      '/dev/push/subscriptions',
      {
        onRequest: requireLoopback,
        schema: {
          tags,
          summary: "Development only: subscribe a learner's reminders to the loopback push-service stand-in",
          body: phoneBody,
          response: { 200: z.object({ endpoint: z.string() }), ...errors },
        },
      },
      async (request) => {
        const user = await learner(request.body.phNo);
        const sub = standIn.subscribe();
        owners.set(sub.id, request.body.phNo);
        await repo.subscribe(
          user.id,
          { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth },
          app.ctx.clock.now(),
        );
        return { endpoint: sub.endpoint };
      },
    );

    app.post(
      '/dev/push/test',
      {
        onRequest: requireLoopback,
        schema: {
          tags,
          summary:
            "Development only: push a learner's daily-five reminder now to every browser of theirs (no claim, any hour)",
          body: phoneBody,
          response: {
            200: z.object({ outcomes: z.array(z.enum(['sent', 'gone', 'failed'])) }),
            ...errors,
          },
        },
      },
      async (request) => {
        const user = await learner(request.body.phNo);
        const payload = reminderPayload({
          key: `dev:${user.id}`,
          userId: user.id,
          kind: 'daily_five',
          language: user.language ?? 'en',
          quizId: null,
          quizName: null,
          dueCards: null,
        });
        const subs = await repo.liveSubscriptions([user.id], app.ctx.clock.now());
        const outcomes = await Promise.all(subs.map((s) => push.send(s, JSON.stringify(payload), 600)));
        return { outcomes };
      },
    );

    app.get(
      '/dev/push',
      {
        onRequest: requireLoopback,
        schema: {
          tags,
          summary: 'Development only: what the push-service stand-in received, decrypted, newest first',
          response: { 200: z.object({ received: z.array(receivedSchema) }), 403: errorBodySchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        const received = standIn.received
          .map((r) => ({
            at: r.at.toISOString(),
            phNo: owners.get(r.id) ?? null,
            endpoint: `${standIn.origin}/push/${r.id}`,
            payload: pushPayloadSchema.parse(JSON.parse(r.plaintext)),
          }))
          .reverse();
        return { received };
      },
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OffsetClock } from '../../lib/clock';

/**
 * Development-only helpers. The clock control exists only when DEV_CLOCK_CONTROL=true (browser tests),
 * which production refuses at start.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  const clock = app.ctx.clock;
  if (app.ctx.config.DEV_CLOCK_CONTROL && clock instanceof OffsetClock) {
    const clockSchema = z.object({ now: z.string() });
    app.get('/dev/clock', { schema: { hide: true, response: { 200: clockSchema } } }, async () => ({
      now: clock.now().toISOString(),
    }));
    app.post(
      '/dev/clock',
      {
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
        return { now: clock.now().toISOString() };
      },
    );
  }
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@quizcast/contract/errors';
import { API_PATHS } from '@quizcast/contract/routes';
import { notFound } from '../../lib/http-error';
import { ensurePosterTemplate, POSTER_TEMPLATE_KEY } from './poster-template';

/** Browsers and proxies may keep the template a day; it changes only when an operator replaces it. */
const POSTER_TEMPLATE_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

/** `GET /api/assets/poster-template`: the poster's background image, read through the storage interface. */
export const posterTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = app.ctx.storage;
  let seeded: Promise<void> | null = null;
  const ensure = () => {
    seeded ??= ensurePosterTemplate(storage).catch((err: unknown) => {
      seeded = null;
      throw err;
    });
    return seeded;
  };
  app.addHook('onReady', async () => {
    await ensure().catch((err: unknown) => app.log.error({ err }, 'could not seed the poster template'));
  });

  app.get(
    API_PATHS.posterTemplate,
    {
      schema: {
        tags: ['results'],
        summary: 'The participation poster template (WebP)',
        response: { 200: z.any().describe('image/webp'), 404: errorBodySchema },
      },
    },
    async (_request, reply) => {
      await ensure().catch(() => undefined);
      const info = await storage.stat(POSTER_TEMPLATE_KEY);
      if (!info) throw notFound('File not found in storage');
      return reply
        .header('content-type', info.contentType)
        .header('content-length', String(info.size))
        .header('cache-control', POSTER_TEMPLATE_CACHE_CONTROL)
        .send(await storage.read(POSTER_TEMPLATE_KEY));
    },
  );
};

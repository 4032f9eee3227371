import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-error';
import { AVATAR_PREFIX } from '../students/profile-photo';

const avatarParamsSchema = z.object({ fileName: z.string() });
const AVATAR_FILE = /^[0-9a-f-]{36}\.webp$/;

/**
 * Uploaded files served from the app's own origin (whatever the storage behind it), so a poster
 * canvas that draws a profile photo is never tainted. Keys are fresh per upload: cache forever.
 */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage } = app.ctx;

  app.get(
    '/files/avatars/:fileName',
    {
      schema: {
        tags: ['files'],
        summary: 'A profile photo (WebP, at most 512 px)',
        params: avatarParamsSchema,
      },
    },
    async (request, reply) => {
      if (!AVATAR_FILE.test(request.params.fileName)) throw notFound('File not found');
      const key = `${AVATAR_PREFIX}${request.params.fileName}`;
      const info = await storage.stat(key);
      if (!info) throw notFound('File not found');
      const etag = `"${request.params.fileName}"`;
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('cross-origin-resource-policy', 'same-origin');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      reply.header('content-type', info.contentType).header('content-length', info.size);
      return reply.send(await storage.read(key));
    },
  );
};

import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { API_PREFIX } from '@quizcast/contract/routes';
import { errorName } from '@quizcast/contract/errors';

const isApiPath = (url: string) =>
  url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`);

/**
 * Serves the built SPA at / with history fallback: any GET outside /api that is not a file
 * gets index.html, so reloading a deep link like /quizzes/summary/x works.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexHtml = path.join(webDist, 'index.html');
  const built = existsSync(indexHtml);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        const cache = filePath.endsWith('index.html')
          ? 'no-cache'
          : immutable
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=300';
        res.header('cache-control', cache);
      },
    });
    // Files at the top of dist (favicon, fake-checkout.js, …) and hashed assets.
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
      if (isApiPath(urlPath)) return reply.callNotFound();
      const relative = path.normalize(urlPath).replace(/^([/\\])+/, '');
      if (
        !relative.startsWith('..') &&
        relative &&
        existsSync(path.join(webDist, relative)) &&
        !relative.endsWith('/')
      ) {
        return reply.sendFile(relative);
      }
      return reply.sendFile('index.html');
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = isApiPath(request.url);
    const message = isApi
      ? `Route ${request.method} ${request.url.split('?')[0]} not found`
      : built
        ? 'Not found'
        : 'The web app is not built yet: run `npm run build`';
    return reply.code(404).send({ statusCode: 404, message, error: errorName(404) });
  });
}

import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { API_PREFIX } from '@quizcast/contract/routes';
import { errorName } from '@quizcast/contract/errors';

/** Hashed build output never changes under its name; the page and the service worker always revalidate. */
export function cacheControlFor(webDist: string, filePath: string): string {
  // With preCompressed the path is the variant sent (index.html.br): judge the file it encodes.
  const relative = path
    .relative(webDist, filePath)
    .split(path.sep)
    .join('/')
    .replace(/\.(br|gz)$/, '');
  if (relative.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  if (NO_CACHE_FILES.has(relative)) return 'no-cache';
  return 'public, max-age=3600';
}

/** Files whose name stays the same from build to build while their content changes. */
const NO_CACHE_FILES = new Set([
  'index.html',
  'landing.html',
  'sw.js',
  'registerSW.js',
  'manifest.webmanifest',
  'offline.html',
]);

const isApiPath = (url: string) =>
  url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`);

/**
 * Serves the built SPA at / with history fallback: any GET outside /api that is not a file
 * gets index.html, so reloading a deep link like /quizzes/summary/x works; `/` gets the prerendered
 * landing.html when the build wrote one.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexHtml = path.join(webDist, 'index.html');
  const landingHtml = path.join(webDist, 'landing.html');
  const built = existsSync(indexHtml);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside every compressible file (scripts/precompress.mjs).
      preCompressed: true,
      etag: true,
      lastModified: true,
      setHeaders(res, filePath) {
        res.header('cache-control', cacheControlFor(webDist, filePath));
      },
    });
    // Files at the top of dist (favicon, manifest, service worker, …) and hashed assets.
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
      // The landing page, prerendered at build time (scripts/prerender-landing.mjs), when there.
      if (!relative && existsSync(landingHtml)) return reply.sendFile('landing.html');
      // A missing hashed file (an old build's chunk) is a 404, never the page: a script tag or
      // import() given HTML fails confusingly, a 404 lets the app offer a reload.
      if (relative.startsWith(`assets${path.sep}`)) return reply.callNotFound();
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

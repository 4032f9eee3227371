import type { FastifyPluginAsync } from 'fastify';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { CHALLENGE_CODE_PATTERN } from '@quizcast/contract/schemas/challenge';
import { HttpError } from '../../lib/http-error';
import { challengePageHtml, loadShell } from './challenge-page';
import type { ChallengeService } from './challenge.service';

/**
 * `/c/<code>`, outside /api: the app's page with the card and Open Graph tags filled in by the server,
 * so a link preview (WhatsApp, Telegram, …) shows the card without running the app. A withdrawn or
 * unknown code is a 404 (the app's shell, which says so).
 */
export const challengePageRoutes: FastifyPluginAsync<{
  service: ChallengeService;
  webDist: string;
  /** PUBLIC_ORIGIN: the preview's links use it, not the request's Host header. */
  publicOrigin?: string;
}> = async (app, { service, webDist, publicOrigin }) => {
  let shell: string | undefined;
  const page = () => (shell ??= loadShell(webDist));
  app.get<{ Params: { code: string } }>(
    `${WEB_ROUTES.challenge}/:code`,
    { schema: { hide: true } },
    async (request, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      const { code } = request.params;
      try {
        if (!CHALLENGE_CODE_PATTERN.test(code)) throw new HttpError(404, 'not found');
        const card = await service.card(code);
        const origin = publicOrigin ?? `${request.protocol}://${request.host}`;
        return challengePageHtml(page(), card, origin);
      } catch (err) {
        if (!(err instanceof HttpError) || err.statusCode !== 404) throw err;
        return reply
          .code(404)
          .send(page().replace('<head>', '<head>\n    <meta name="robots" content="noindex" />'));
      }
    },
  );
};

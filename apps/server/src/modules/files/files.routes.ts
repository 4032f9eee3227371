import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS } from '@quizcast/contract/routes';
import { audioFileParamsSchema } from '@quizcast/contract/schemas/question-audio';
import { z } from 'zod';
import { forbidden, notFound } from '../../lib/http-error';
import type { FileStorage } from '../../providers/storage/storage';
import { AUDIO_PREFIX } from '../question-audio/question-audio.service';
import { AVATAR_PREFIX } from '../students/profile-photo';
import { parseByteRange } from './byte-range';

const avatarParamsSchema = z.object({ fileName: z.string() });
const avatarQuerySchema = z.object({
  exp: z.string().optional().describe('Expiry (Unix seconds) of the signed URL the API gave out'),
  sig: z.string().optional().describe('Signature of the URL (ADR 015)'),
});
/** Refused photo links: the same answer for missing, forged and expired signatures. */
export const AVATAR_LINK_REFUSED = 'This photo link is not valid or has expired';
/** `<uuid>.webp` (at most 512 px) or a square copy `<uuid>-96.webp` / `<uuid>-192.webp`. */
const AVATAR_FILE = /^([0-9a-f-]{36})(?:-(96|192))?\.webp$/;
const AUDIO_FILE = /^[0-9a-f-]{36}\.(mp3|m4a|ogg|webm)$/;

/**
 * Send a stored file with caching headers and HTTP range support (206 / 416), so audio can seek
 * on phones. Keys are fresh per upload, so the file name is a strong ETag and caching is forever.
 */
async function sendStoredFile(
  storage: FileStorage,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  fileName: string,
  cacheControl = 'public, max-age=31536000, immutable',
) {
  const info = await storage.stat(key);
  if (!info) throw notFound('File not found');
  const etag = `"${fileName}"`;
  reply
    .header('cache-control', cacheControl)
    .header('etag', etag)
    .header('accept-ranges', 'bytes')
    .header('cross-origin-resource-policy', 'same-origin')
    .header('content-type', info.contentType);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();

  const ifRange = request.headers['if-range'];
  const range = ifRange && ifRange !== etag ? null : parseByteRange(request.headers.range, info.size);
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${info.size}`).send();
  }
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
      .header('content-length', range.end - range.start + 1);
    return reply.send(await storage.read(key, range));
  }
  reply.header('content-length', info.size);
  return reply.send(await storage.read(key));
}

/**
 * Uploaded files served from the app's own origin (whatever the storage behind it), so a poster
 * canvas that draws a profile photo is never tainted and audio needs no CORS.
 */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage } = app.ctx;

  app.get(
    '/files/avatars/:fileName',
    {
      schema: {
        tags: ['files'],
        summary:
          'A profile photo (WebP, at most 512 px; -96 and -192 are square copies), only through the signed URL the API gave out',
        params: avatarParamsSchema,
        querystring: avatarQuerySchema,
      },
    },
    async (request, reply) => {
      const match = AVATAR_FILE.exec(request.params.fileName);
      if (!match) throw notFound('File not found');
      const secondsLeft = app.ctx.avatarUrls.verify(match[1]!, request.query.exp, request.query.sig);
      if (secondsLeft === null) throw forbidden(AVATAR_LINK_REFUSED);
      let key = `${AVATAR_PREFIX}${request.params.fileName}`;
      // Photos uploaded before the small copies existed: the full photo stands in.
      if (match[2] && !(await storage.stat(key))) key = `${AVATAR_PREFIX}${match[1]}.webp`;
      // Private (no shared cache keeps a learner's photo), cached by the browser while the URL lasts.
      const cache = `private, max-age=${Math.min(secondsLeft, 86_400)}`;
      return sendStoredFile(storage, request, reply, key, request.params.fileName, cache);
    },
  );

  // Not behind auth: an <audio> element cannot send the Bearer token. Names are random UUIDs given
  // only in the attempt payload, and the recording reads text the learner already sees.
  app.get(
    API_PATHS.fileAudio,
    {
      schema: {
        tags: ['files'],
        summary: "A question's recording (supports Range requests)",
        params: audioFileParamsSchema,
      },
    },
    async (request, reply) => {
      if (!AUDIO_FILE.test(request.params.fileName)) throw notFound('File not found');
      const key = `${AUDIO_PREFIX}${request.params.fileName}`;
      return sendStoredFile(storage, request, reply, key, request.params.fileName);
    },
  );
};

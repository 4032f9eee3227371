import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/** Responses smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * On-the-fly compression for API JSON (and any other compressible reply) over 1 KB: brotli at a
 * cheap quality, else gzip. Static files are compressed at build time and served as they are
 * (web-app.ts, `preCompressed`); a reply that already has a content-encoding is left alone.
 * Registered before every route so its hook covers them all.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
    zlibOptions: { level: 6 },
    // Request bodies are small JSON or multipart uploads: nothing to inflate.
    globalDecompression: false,
  });
}

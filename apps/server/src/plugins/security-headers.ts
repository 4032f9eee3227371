import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's headers, computed once: with fixed options (no per-request nonce) they are the same on
 * every response, so running helmet's middleware chain per request (as @fastify/helmet does) only
 * spends CPU. `helmet()` is run once against a recording response and the result replayed.
 */
export function staticSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as never, recorder as never, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/** Every response (API, web app, errors) carries the headers; a route may still override one. */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = staticSecurityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

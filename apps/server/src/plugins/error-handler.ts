import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorName, GENERIC_MESSAGES, type ErrorBody } from '@quizcast/contract/errors';
import { languageFromAcceptLanguage, type Language } from '@quizcast/contract/i18n/languages';
import { localiseMessages } from '@quizcast/contract/i18n/server-messages';
import { SERVER_MESSAGE_PATTERNS_HI, SERVER_MESSAGES_HI } from '@quizcast/contract/i18n/server-messages.hi';
import { ACCOUNT_MESSAGES } from '@quizcast/contract/schemas/account';
import { UNKNOWN_ID_ISSUE } from '@quizcast/contract/schemas/ids';
import { isPoolTimeout } from '../db/client';
import { HttpError } from '../lib/http-error';

/** Retry-After (seconds) when the database pool had no connection to give in time. */
export const DATABASE_BUSY_RETRY_AFTER_S = 5;

const HINDI = { exact: SERVER_MESSAGES_HI, patterns: SERVER_MESSAGE_PATTERNS_HI };

/** Messages of @fastify/busboy for a form that is cut short or not multipart at all. */
const MALFORMED_MULTIPART = /multipart|boundary|part header|unexpected end of form/i;

/**
 * One error model: every failure leaves as `{ statusCode, message, error }`; 5xx detail is logged, never sent.
 * `message` is in the language of the request's `Accept-Language` (English unless it asks for Hindi);
 * `error` stays the English reason phrase, which clients may match on.
 */
/** The SQLSTATE of a database error, also when the query builder wrapped it. */
function pgCode(err: unknown): unknown {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  return typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : e.cause?.code;
}

/** A params failure that is only malformed ids (issues of the contract's `unknownIdParam`). */
function isUnknownId(err: FastifyError & { validation: { params: unknown }[] }): boolean {
  return (
    err.validationContext === 'params' &&
    err.validation.every((v) => (v.params as { params?: Record<string, unknown> }).params?.[UNKNOWN_ID_ISSUE])
  );
}

/** What the route's body and querystring schemas (in Fastify's order) refuse of this request, if anything. */
function laterValidationIssues(request: FastifyRequest): { message?: string }[] | undefined {
  const schema = request.routeOptions.schema as { body?: z.ZodType; querystring?: z.ZodType } | undefined;
  for (const [part, value] of [
    [schema?.body, request.body],
    [schema?.querystring, request.query],
  ] as const) {
    const result = part?.safeParse(value);
    if (result && !result.success) return result.error.issues;
  }
  return undefined;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(async function answer(err: FastifyError, request, reply): Promise<FastifyReply> {
    const language: Language = languageFromAcceptLanguage(request.headers['accept-language']);
    const vary = reply.getHeader('vary');
    if (
      !String(vary ?? '')
        .toLowerCase()
        .includes('accept-language')
    ) {
      reply.header('vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language');
    }
    const body = (statusCode: number, message: string | string[]): ErrorBody => ({
      statusCode,
      message: localiseMessages(message, language, HINDI),
      error: errorName(statusCode),
    });
    if (err instanceof HttpError) {
      if (err.statusCode >= 500) request.log.error({ err }, err.message);
      return reply.code(err.statusCode).headers(err.headers).send(body(err.statusCode, err.messages));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const messagesOf = (issues: { message?: string }[]) => {
        const messages = [...new Set(issues.map((v) => v.message ?? GENERIC_MESSAGES.invalidRequest))];
        return messages.length === 1 ? messages[0]! : messages;
      };
      if (isUnknownId(err)) {
        // A path id that cannot name a row (contract `unknownIdParam`): answered as the route did when
        // it checked the id in its handler. The route's auth has run already (onRequest: 401, 403);
        // Fastify checks the params first and stops there, so the body and query are checked here
        // (400), then the route's own 404, as for an id that names nothing.
        const later = laterValidationIssues(request);
        if (later) return reply.code(400).send(body(400, messagesOf(later)));
        return reply.code(404).send(body(404, err.validation[0]!.message ?? GENERIC_MESSAGES.notFound));
      }
      return reply.code(400).send(body(400, messagesOf(err.validation)));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
      return reply.code(500).send(body(500, GENERIC_MESSAGES.internal));
    }
    const status = err.statusCode ?? 500;
    if (
      status === 413 ||
      err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ||
      err.code === 'FST_REQ_FILE_TOO_LARGE'
    ) {
      return reply.code(413).send(body(413, GENERIC_MESSAGES.tooLarge));
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send(body(status, err.message));
    }
    // PostgreSQL refuses text with a NUL character (22021): bad input, not a server fault (found by the fuzzer).
    if (['22021', '22P05'].includes(String(pgCode(err)))) {
      return reply.code(400).send(body(400, 'Text must not contain NUL characters'));
    }
    // The multipart parser (busboy) throws plain errors for a cut or malformed form: the client's fault.
    if (err.statusCode === undefined && request.isMultipart() && MALFORMED_MULTIPART.test(err.message)) {
      return reply.code(400).send(body(400, GENERIC_MESSAGES.malformedMultipart));
    }
    // No database connection in time (pool exhausted under load): busy, not broken. Come back soon.
    if (isPoolTimeout(err)) {
      request.log.warn({ err, reqId: request.id }, 'no database connection in time: answered 503');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_BUSY_RETRY_AFTER_S))
        .send(body(503, ACCOUNT_MESSAGES.serviceBusy));
    }
    request.log.error({ err, reqId: request.id }, 'unhandled error');
    return reply.code(500).send(body(500, GENERIC_MESSAGES.internal));
  });
}

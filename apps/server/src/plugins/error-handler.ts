import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorName, type ErrorBody } from '@quizcast/contract/errors';
import { HttpError } from '../lib/http-error';

function body(statusCode: number, message: string | string[]): ErrorBody {
  return { statusCode, message, error: errorName(statusCode) };
}

/** One error model: every failure leaves as `{ statusCode, message, error }`; 5xx detail is logged, never sent. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      if (err.statusCode >= 500) request.log.error({ err }, err.message);
      return reply.code(err.statusCode).headers(err.headers).send(body(err.statusCode, err.messages));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const messages = [...new Set(err.validation.map((v) => v.message ?? 'Invalid request'))];
      return reply.code(400).send(body(400, messages.length === 1 ? messages[0]! : messages));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
      return reply.code(500).send(body(500, 'Internal server error'));
    }
    const status = err.statusCode ?? 500;
    if (
      status === 413 ||
      err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ||
      err.code === 'FST_REQ_FILE_TOO_LARGE'
    ) {
      return reply.code(413).send(body(413, 'Request is too large'));
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send(body(status, err.message));
    }
    request.log.error({ err, reqId: request.id }, 'unhandled error');
    return reply.code(500).send(body(500, 'Internal server error'));
  });
}

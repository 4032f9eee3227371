import { z } from 'zod';

/** Every 4xx/5xx body: `{ statusCode, message, error }`; validation lists every message. */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  message: z.union([z.string(), z.array(z.string())]),
  error: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Standard reason phrases for the `error` field. */
export const HTTP_ERROR_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export function errorName(statusCode: number): string {
  return HTTP_ERROR_NAMES[statusCode] ?? (statusCode >= 500 ? 'Internal Server Error' : 'Error');
}

export { joinMessage } from './error-messages';

/** The error handler's own messages (for failures that carry no message of a feature). */
export const GENERIC_MESSAGES = {
  internal: 'Internal server error',
  tooLarge: 'Request is too large',
  invalidRequest: 'Invalid request',
  notFound: 'Not found',
  malformedMultipart: 'Malformed multipart form',
} as const;

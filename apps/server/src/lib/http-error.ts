import { errorName } from '@quizcast/contract/errors';

/** A failure with a status and a user-facing message; the error handler turns it into the contract's body. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly messages: string | string[];
  readonly headers: Record<string, string>;

  constructor(statusCode: number, message: string | string[], headers: Record<string, string> = {}) {
    super(Array.isArray(message) ? message.join(', ') : message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.messages = message;
    this.headers = headers;
  }

  get errorName(): string {
    return errorName(this.statusCode);
  }
}

export const badRequest = (message: string | string[]) => new HttpError(400, message);
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message);
export const paymentRequired = (message: string) => new HttpError(402, message);
export const forbidden = (message = 'Forbidden resource') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const notAcceptable = (message: string) => new HttpError(406, message);
export const conflict = (message: string) => new HttpError(409, message);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const badGateway = (message: string) => new HttpError(502, message);
export const serviceUnavailable = (message: string, retryAfterSeconds: number) =>
  new HttpError(503, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

import type { FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES } from '@quizcast/contract/schemas/account';
import { forbidden } from './http-error';

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * True only for a request from this machine: the socket's own peer address is loopback (never a
 * header, which anyone can write), and no proxy forwarded it (a reverse proxy on the same machine
 * would otherwise make every visitor look local; a forged header can only refuse, never admit).
 */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  const peer = request.raw.socket?.remoteAddress ?? '';
  const local = peer === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(peer);
  return local && FORWARDING_HEADERS.every((h) => request.headers[h] === undefined);
}

/**
 * onRequest hook for development aids (dev outbox, dev clock, push stand-in, fake gateway): 403 unless
 * loopback, before the body is parsed or validated (another machine learns nothing from a 400).
 */
export async function requireLoopback(request: FastifyRequest): Promise<void> {
  if (!isLoopbackRequest(request)) throw forbidden(ACCOUNT_MESSAGES.devAidLocalOnly);
}

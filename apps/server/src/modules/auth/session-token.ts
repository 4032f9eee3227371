import { SignJWT } from 'jose';
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

export type Role = 'participant' | 'admin';

export interface SessionClaims {
  sub: string;
  role: Role;
  /** The server-side session (sessions.id): logout revokes it, so the token stops working at once. */
  sid: string;
}

const encoder = new TextEncoder();

export async function signSessionToken(
  secret: string,
  claims: SessionClaims,
  ttlDays: number,
  now: Date,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ role: claims.role, sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlDays * 24 * 60 * 60)
    .sign(encoder.encode(secret));
}

const keys = new Map<string, KeyObject>();
function hmacKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(encoder.encode(secret));
    if (keys.size > 8) keys.clear();
    keys.set(secret, key);
  }
  return key;
}

function decodeJson(part: string): Record<string, unknown> {
  const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('malformed session token');
  return value as Record<string, unknown>;
}

/**
 * Throws on a tampered, malformed or expired token. An HS256 compact JWS checked with node:crypto's
 * HMAC (synchronous, no WebCrypto promise per request): the header must say HS256 and carry no
 * `crit`, the signature must match in constant time, `exp` must be in the future and `nbf` (if any)
 * in the past; the same rules jose's jwtVerify applied here.
 */
export async function verifySessionToken(secret: string, token: string, now: Date): Promise<SessionClaims> {
  const parts = token.split('.');
  if (parts.length !== 3) throw new Error('malformed session token');
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeJson(headerPart);
  if (header.alg !== 'HS256' || 'crit' in header) throw new Error('unsupported session token');
  const expected = createHmac('sha256', hmacKey(secret)).update(`${headerPart}.${payloadPart}`).digest();
  const signature = Buffer.from(signaturePart, 'base64url');
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected))
    throw new Error('bad session token signature');
  const payload = decodeJson(payloadPart);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (typeof payload.exp !== 'number' || payload.exp <= nowSeconds) throw new Error('expired session token');
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > nowSeconds))
    throw new Error('session token not yet valid');
  const role = payload.role;
  if (
    typeof payload.sub !== 'string' ||
    (role !== 'participant' && role !== 'admin') ||
    typeof payload.sid !== 'string'
  ) {
    throw new Error('malformed session token');
  }
  return { sub: payload.sub, role, sid: payload.sid };
}

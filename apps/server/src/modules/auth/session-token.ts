import { jwtVerify, SignJWT } from 'jose';

export type Role = 'participant' | 'admin';

export interface SessionClaims {
  sub: string;
  role: Role;
  /** The user's token version when signed; bumping it (logout everywhere) revokes every older token. */
  ver: number;
}

const encoder = new TextEncoder();

export async function signSessionToken(
  secret: string,
  claims: SessionClaims,
  ttlDays: number,
  now: Date,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ role: claims.role, ver: claims.ver })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlDays * 24 * 60 * 60)
    .sign(encoder.encode(secret));
}

/** Throws on a tampered, malformed or expired token. */
export async function verifySessionToken(secret: string, token: string, now: Date): Promise<SessionClaims> {
  const { payload } = await jwtVerify(token, encoder.encode(secret), {
    algorithms: ['HS256'],
    currentDate: now,
  });
  const role = payload.role;
  if (
    typeof payload.sub !== 'string' ||
    (role !== 'participant' && role !== 'admin') ||
    typeof payload.ver !== 'number'
  ) {
    throw new Error('malformed session token');
  }
  return { sub: payload.sub, role, ver: payload.ver };
}

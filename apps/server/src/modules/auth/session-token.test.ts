import { SignJWT } from 'jose';
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signSessionToken, verifySessionToken } from './session-token';

const SECRET = 'a-session-secret-that-is-long-enough-0123456789';
const NOW = new Date('2026-11-22T10:00:00Z');
const claims = {
  sub: '6d4e3863-2c5c-443b-975f-d088f4c8a12d',
  role: 'participant' as const,
  sid: '0b8c8f0e-4a57-4f1e-9d5c-2f8a3e6b1c77',
};
const key = new TextEncoder().encode(SECRET);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function forge(header: object, payload: object, secret = SECRET): string {
  const signingInput = `${b64(header)}.${b64(payload)}`;
  return `${signingInput}.${createHmac('sha256', secret).update(signingInput).digest('base64url')}`;
}

describe('session tokens (HS256, verified with node:crypto)', () => {
  it('accepts a token it signed, with its claims', async () => {
    const token = await signSessionToken(SECRET, claims, 30, NOW);
    await expect(verifySessionToken(SECRET, token, NOW)).resolves.toEqual(claims);
  });

  it('refuses another secret, a changed payload or a changed signature', async () => {
    const token = await signSessionToken(SECRET, claims, 30, NOW);
    await expect(verifySessionToken(`${SECRET}x`, token, NOW)).rejects.toThrow();
    const [h, , s] = token.split('.');
    const admin = b64({ ...claims, role: 'admin', exp: Math.floor(NOW.getTime() / 1000) + 60 });
    await expect(verifySessionToken(SECRET, `${h}.${admin}.${s}`, NOW)).rejects.toThrow();
    const flipped = `${token.slice(0, -2)}${token.endsWith('A') ? 'B' : 'A'}A`;
    await expect(verifySessionToken(SECRET, flipped, NOW)).rejects.toThrow();
    await expect(
      verifySessionToken(SECRET, `${token.split('.').slice(0, 2).join('.')}.`, NOW),
    ).rejects.toThrow();
  });

  it('refuses an expired token and one not valid yet', async () => {
    const token = await signSessionToken(SECRET, claims, 1, NOW);
    await expect(verifySessionToken(SECRET, token, new Date(NOW.getTime() + 86_400_000))).rejects.toThrow();
    const later = Math.floor(NOW.getTime() / 1000) + 600;
    const notYet = forge({ alg: 'HS256', typ: 'JWT' }, { ...claims, nbf: later, exp: later + 600 });
    await expect(verifySessionToken(SECRET, notYet, NOW)).rejects.toThrow();
  });

  it('refuses a token without exp, with alg "none", another algorithm or a crit header', async () => {
    const exp = Math.floor(NOW.getTime() / 1000) + 600;
    await expect(verifySessionToken(SECRET, forge({ alg: 'HS256' }, claims), NOW)).rejects.toThrow();
    const none = `${b64({ alg: 'none' })}.${b64({ ...claims, exp })}.`;
    await expect(verifySessionToken(SECRET, none, NOW)).rejects.toThrow();
    await expect(
      verifySessionToken(SECRET, forge({ alg: 'HS512' }, { ...claims, exp }), NOW),
    ).rejects.toThrow();
    const crit = forge({ alg: 'HS256', crit: ['b64'], b64: false }, { ...claims, exp });
    await expect(verifySessionToken(SECRET, crit, NOW)).rejects.toThrow();
    await expect(
      verifySessionToken(SECRET, forge({ alg: 'HS256' }, { ...claims, exp }), NOW),
    ).resolves.toEqual(claims);
  });

  it('refuses wrong claim types and garbage', async () => {
    const exp = Math.floor(NOW.getTime() / 1000) + 600;
    for (const payload of [
      { ...claims, exp, role: 'owner' },
      { ...claims, exp, sid: 3 },
      { sub: claims.sub, role: claims.role, exp },
      { ...claims, exp, sub: 42 },
    ])
      await expect(verifySessionToken(SECRET, forge({ alg: 'HS256' }, payload), NOW)).rejects.toThrow();
    for (const garbage of ['', 'a.b', 'a.b.c.d', '!!.??.**', `${b64([1])}.${b64({})}.x`])
      await expect(verifySessionToken(SECRET, garbage, NOW)).rejects.toThrow();
  });

  it('accepts tokens signed by any HS256 signer with the same rules (jose)', async () => {
    const token = await new SignJWT({ role: 'admin', sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setExpirationTime(Math.floor(NOW.getTime() / 1000) + 60)
      .sign(key);
    await expect(verifySessionToken(SECRET, token, NOW)).resolves.toEqual({
      sub: claims.sub,
      role: 'admin',
      sid: claims.sid,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../config';
import { generateOtpCode, otpSecret } from './otp.service';

describe('generateOtpCode', () => {
  it('always gives 6 digits, leading zeros included, spread over the whole range', () => {
    const codes = Array.from({ length: 5000 }, generateOtpCode);
    for (const code of codes) expect(code).toMatch(/^[0-9]{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(4900);
    const firstDigits = new Set(codes.map((c) => c[0]));
    expect(firstDigits.size).toBe(10);
  });
});

describe('otpSecret', () => {
  it('uses OTP_SECRET when given, else a key derived from (and different to) the JWT secret', () => {
    const jwtSecret = 'j'.repeat(48);
    const derived = otpSecret({ ...parseEnv({}), jwtSecret });
    expect(derived).toMatch(/^[0-9a-f]{64}$/);
    expect(derived).not.toContain(jwtSecret);
    const explicit = 'o'.repeat(40);
    expect(otpSecret({ ...parseEnv({ OTP_SECRET: explicit }), jwtSecret })).toBe(explicit);
  });
});
